import type { Pipeline } from '@kontora/contract/pipelines';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '../../../components/form-alert.tsx';
import { problemText } from '../../../lib/server-problems.ts';
import { useDeletePipeline } from '../api/save-pipelines.ts';

/**
 * Deleting a pipeline asks first, and where its deals go: the server moves them to the chosen
 * pipeline's first open stage (won and lost deals to its won or lost stage) before the delete.
 */
export function PipelineDelete({
  companyId,
  pipeline,
  others,
  onDone,
}: {
  companyId: number;
  pipeline: Pipeline;
  others: Pipeline[];
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const remove = useDeletePipeline(companyId);
  const [moveTo, setMoveTo] = useState<number | null>(others[0]?.id ?? null);
  const error = problemText(t, remove.error);
  return (
    <fieldset className="border rounded p-2 mt-2">
      <legend className="fs-6 float-none w-auto mb-2">
        {t('deals.settings.deleteAsk', { name: pipeline.name })}
      </legend>
      {error && <FormAlert kind="danger">{error}</FormAlert>}
      <div className="d-flex flex-wrap align-items-end gap-2">
        <div>
          <label className="form-label" htmlFor={`${id}-to`}>
            {t('deals.settings.dealsGoTo')}
          </label>
          <select
            id={`${id}-to`}
            className="form-select form-select-sm"
            value={moveTo ?? ''}
            onChange={(event) => setMoveTo(Number(event.target.value))}
          >
            {others.map((p) => (
              <option key={p.id} value={p.id}>
                {p.name}
              </option>
            ))}
          </select>
        </div>
        <button
          type="button"
          className="btn btn-sm btn-danger"
          disabled={remove.isPending}
          onClick={() => remove.mutate({ id: pipeline.id, moveTo }, { onSuccess: onDone })}
        >
          {t('deals.settings.deletePipeline')}
        </button>
        <button type="button" className="btn btn-sm btn-outline-secondary" onClick={onDone}>
          {t('deals.settings.keepPipeline')}
        </button>
      </div>
    </fieldset>
  );
}

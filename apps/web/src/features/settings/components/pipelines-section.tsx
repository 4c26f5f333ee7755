import { PIPELINE_LIMITS } from '@kontora/contract/deal-values';
import type { Pipeline } from '@kontora/contract/pipelines';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '../../../components/form-alert.tsx';
import { SettingsSection } from '../../../components/settings-section.tsx';
import { problemText } from '../../../lib/server-problems.ts';
import { usePipelines } from '../../shared/api/get-pipelines.ts';
import { useCreatePipeline, useUpdatePipeline } from '../api/save-pipelines.ts';
import { PipelineDelete } from './pipeline-delete.tsx';
import { StageEditor } from './stage-editor.tsx';

/** The company's sales pipelines: add, rename, reorder, and each one's stages. */
export function PipelinesSection({ companyId }: { companyId: number }) {
  const { t } = useTranslation();
  const id = useId();
  const pipelines = usePipelines(companyId);
  const create = useCreatePipeline(companyId);
  const update = useUpdatePipeline(companyId);
  const [name, setName] = useState('');
  const [open, setOpen] = useState<number | null>(null);
  const [deleting, setDeleting] = useState<number | null>(null);
  const items = pipelines.data?.items ?? [];
  const error = problemText(t, create.error ?? update.error);
  const add = (event: FormEvent) => {
    event.preventDefault();
    create.mutate({ name }, { onSuccess: () => setName('') });
  };
  const move = (pipeline: Pipeline, by: number) =>
    update.mutate({ id: pipeline.id, position: pipeline.position + by, version: pipeline.version });
  return (
    <SettingsSection
      title={t('deals.settings.pipelines')}
      note={t('deals.settings.pipelinesNote')}
      className="mb-4"
    >
      {error && <FormAlert kind="danger">{error}</FormAlert>}
      <ul className="list-group mb-3">
        {items.map((pipeline, index) => (
          <li key={pipeline.id} className="list-group-item">
            <PipelineRow
              pipeline={pipeline}
              first={index === 0}
              last={index === items.length - 1}
              busy={update.isPending}
              onRename={(next) => update.mutate({ id: pipeline.id, name: next, version: pipeline.version })}
              onMove={(by) => move(pipeline, by)}
              stagesOpen={open === pipeline.id}
              onStages={() => setOpen(open === pipeline.id ? null : pipeline.id)}
              deletable={items.length > 1}
              onDelete={() => setDeleting(pipeline.id)}
            />
            {deleting === pipeline.id && (
              <PipelineDelete
                companyId={companyId}
                pipeline={pipeline}
                others={items.filter((p) => p.id !== pipeline.id)}
                onDone={() => setDeleting(null)}
              />
            )}
            {open === pipeline.id && <StageEditor companyId={companyId} pipeline={pipeline} />}
          </li>
        ))}
      </ul>
      <form className="d-flex flex-wrap align-items-end gap-2" onSubmit={add}>
        <div>
          <label className="form-label" htmlFor={`${id}-new`}>
            {t('deals.settings.newPipeline')}
          </label>
          <input
            id={`${id}-new`}
            className="form-control"
            required
            maxLength={PIPELINE_LIMITS.nameMax}
            value={name}
            onChange={(event) => setName(event.target.value)}
          />
        </div>
        <button type="submit" className="btn btn-primary" disabled={create.isPending || !name.trim()}>
          {t('deals.settings.addPipeline')}
        </button>
      </form>
    </SettingsSection>
  );
}

function PipelineRow({
  pipeline,
  first,
  last,
  busy,
  onRename,
  onMove,
  stagesOpen,
  onStages,
  deletable,
  onDelete,
}: {
  pipeline: Pipeline;
  first: boolean;
  last: boolean;
  busy: boolean;
  onRename: (name: string) => void;
  onMove: (by: number) => void;
  stagesOpen: boolean;
  onStages: () => void;
  deletable: boolean;
  onDelete: () => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [name, setName] = useState<string | null>(null);
  const value = name ?? pipeline.name;
  return (
    <form
      className="d-flex flex-wrap align-items-center gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        onRename(value);
        setName(null);
      }}
    >
      <label className="visually-hidden" htmlFor={`${id}-name`}>
        {t('deals.settings.pipelineName')}
      </label>
      <input
        id={`${id}-name`}
        className="form-control form-control-sm w-auto flex-grow-1"
        required
        maxLength={PIPELINE_LIMITS.nameMax}
        value={value}
        onChange={(event) => setName(event.target.value)}
      />
      {name !== null && name !== pipeline.name && (
        <button type="submit" className="btn btn-sm btn-primary" disabled={busy}>
          {t('deals.settings.rename')}
        </button>
      )}
      <button
        type="button"
        className="btn btn-sm btn-outline-secondary"
        disabled={first || busy}
        aria-label={t('deals.settings.moveUp', { name: pipeline.name })}
        onClick={() => onMove(-1)}
      >
        ↑
      </button>
      <button
        type="button"
        className="btn btn-sm btn-outline-secondary"
        disabled={last || busy}
        aria-label={t('deals.settings.moveDown', { name: pipeline.name })}
        onClick={() => onMove(1)}
      >
        ↓
      </button>
      <button
        type="button"
        className="btn btn-sm btn-outline-primary"
        aria-expanded={stagesOpen}
        onClick={onStages}
      >
        {t('deals.settings.stages', { name: pipeline.name })}
      </button>
      {deletable && (
        <button
          type="button"
          className="btn btn-sm btn-outline-danger"
          aria-label={t('deals.settings.deletePipelineOf', { name: pipeline.name })}
          onClick={onDelete}
        >
          {t('deals.settings.deletePipeline')}
        </button>
      )}
    </form>
  );
}

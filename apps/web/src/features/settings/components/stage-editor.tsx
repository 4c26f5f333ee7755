import { PIPELINE_LIMITS } from '@kontora/contract/deal-values';
import { type Pipeline, stageListProblems } from '@kontora/contract/pipelines';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '../../../components/form-alert.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { fieldErrorText } from '../../../lib/form-errors.ts';
import { problemText, reasonText } from '../../../lib/server-problems.ts';
import { usePutStages } from '../api/save-pipelines.ts';
import { KINDS, moveTargets, rowProblems, rowsOf, type StageRow, stagesOf, targetsOf } from './stage-rows.ts';

let nextKey = 0;

/**
 * One pipeline's ordered stages: name, kind, probability, rotting days. Saving sends the whole
 * list; when a removed stage still holds deals the server says so (409 `stage_has_deals`) and
 * the editor asks where they go, then sends again with `move_deals_to`.
 */
export function StageEditor({ companyId, pipeline }: { companyId: number; pipeline: Pipeline }) {
  const { t } = useTranslation();
  const save = usePutStages(companyId);
  // The version and stages the edit is based on: the saved answer after each save.
  const [base, setBase] = useState(pipeline);
  const [rows, setRows] = useState<StageRow[]>(() => rowsOf(pipeline));
  const [moves, setMoves] = useState<Record<string, string> | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const kept = new Set(rows.flatMap((row) => (row.id === undefined ? [] : [row.id])));
  const removed = base.stages.filter((stage) => !kept.has(stage.id));
  const details = isApiError(save.error) ? save.error.details : {};
  const perRow = rowProblems(details);

  const change = (index: number, patch: Partial<StageRow>) => {
    setSaved(false);
    setRows((current) => current.map((row, i) => (i === index ? { ...row, ...patch } : row)));
  };
  const swap = (index: number, by: number) =>
    setRows((current) => {
      const next = [...current];
      const [row] = next.splice(index, 1);
      if (row) next.splice(index + by, 0, row);
      return next;
    });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    const listProblem = stageListProblems(rows)[0];
    if (listProblem) {
      setProblem(reasonText(t, listProblem.code) ?? null);
      return;
    }
    save.mutate(
      {
        id: pipeline.id,
        stages: stagesOf(rows),
        version: base.version,
        ...(moves ? { move_deals_to: moveTargets(moves) } : {}),
      },
      {
        onSuccess: (saved) => {
          setBase(saved);
          setRows(rowsOf(saved));
          setMoves(null);
          setSaved(true);
        },
        onError: (error) => {
          if (isApiError(error) && error.code === 'stage_has_deals') {
            // The details name the removed stages that hold deals (stage id → how many).
            const first = targetsOf(rows)[0]?.value ?? '';
            const asked = removed.filter((stage) => Object.hasOwn(error.details, String(stage.id)));
            setMoves(
              Object.fromEntries((asked.length ? asked : removed).map((stage) => [String(stage.id), first])),
            );
            setProblem(t('deals.settings.whereDealsGo'));
          } else setProblem(problemText(t, error, ['name', 'kind', 'probability', 'rotting_days']));
        },
      },
    );
  };

  const cell = (index: number, field: string) => fieldErrorText(t, perRow[index]?.[field]);
  return (
    <form className="mt-3" onSubmit={submit} aria-label={t('deals.settings.stages', { name: pipeline.name })}>
      {problem && <FormAlert kind={moves ? 'info' : 'danger'}>{problem}</FormAlert>}
      {moves &&
        removed
          .filter((stage) => Object.hasOwn(moves, String(stage.id)))
          .map((stage) => (
            <div key={stage.id} className="mb-2">
              <label className="form-label" htmlFor={`kt-move-${stage.id}`}>
                {t('deals.settings.moveDealsOf', { stage: stage.name })}
              </label>
              <select
                id={`kt-move-${stage.id}`}
                className="form-select form-select-sm"
                value={moves[String(stage.id)] ?? ''}
                onChange={(event) => setMoves({ ...moves, [String(stage.id)]: event.target.value })}
              >
                {targetsOf(rows).map((target) => (
                  <option key={target.value} value={target.value}>
                    {target.label}
                  </option>
                ))}
              </select>
            </div>
          ))}
      <div className="table-responsive">
        <table className="table table-sm align-middle">
          <thead>
            <tr>
              <th scope="col">{t('deals.settings.stageName')}</th>
              <th scope="col">{t('deals.settings.kind')}</th>
              <th scope="col">{t('deals.fields.probability')}</th>
              <th scope="col">{t('deals.settings.rottingDays')}</th>
              <th scope="col">
                <span className="visually-hidden">{t('deals.settings.actions')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row, index) => (
              <tr key={row.key}>
                <td>
                  <StageInput
                    label={t('deals.settings.stageNameOf', { index: index + 1 })}
                    value={row.name}
                    error={cell(index, 'name')}
                    maxLength={PIPELINE_LIMITS.nameMax}
                    onChange={(name) => change(index, { name })}
                  />
                </td>
                <td>
                  <select
                    className={`form-select form-select-sm${cell(index, 'kind') ? ' is-invalid' : ''}`}
                    aria-label={t('deals.settings.kindOf', { index: index + 1 })}
                    aria-invalid={cell(index, 'kind') ? true : undefined}
                    value={row.kind}
                    onChange={(event) => change(index, { kind: event.target.value as StageRow['kind'] })}
                  >
                    {KINDS.map((kind) => (
                      <option key={kind} value={kind}>
                        {t(`deals.stageKind.${kind}`)}
                      </option>
                    ))}
                  </select>
                  {cell(index, 'kind') && <div className="invalid-feedback">{cell(index, 'kind')}</div>}
                </td>
                <td>
                  <StageInput
                    label={t('deals.settings.probabilityOf', { index: index + 1 })}
                    value={row.probability}
                    error={cell(index, 'probability')}
                    inputMode="numeric"
                    onChange={(probability) => change(index, { probability })}
                  />
                </td>
                <td>
                  <StageInput
                    label={t('deals.settings.rottingDaysOf', { index: index + 1 })}
                    value={row.rotting_days}
                    error={cell(index, 'rotting_days')}
                    inputMode="numeric"
                    onChange={(rotting_days) => change(index, { rotting_days })}
                  />
                </td>
                <td className="text-nowrap">
                  <button
                    type="button"
                    className="btn btn-sm btn-outline-secondary me-1"
                    disabled={index === 0}
                    aria-label={t('deals.settings.moveUp', { name: row.name })}
                    onClick={() => swap(index, -1)}
                  >
                    ↑
                  </button>
                  <button
                    type="button"
                    className="btn btn-sm btn-outline-secondary me-1"
                    disabled={index === rows.length - 1}
                    aria-label={t('deals.settings.moveDown', { name: row.name })}
                    onClick={() => swap(index, 1)}
                  >
                    ↓
                  </button>
                  <button
                    type="button"
                    className="btn btn-sm btn-outline-danger"
                    aria-label={t('deals.settings.removeStage', { name: row.name })}
                    onClick={() => setRows((current) => current.filter((_, i) => i !== index))}
                  >
                    ×
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div className="d-flex flex-wrap gap-2 align-items-center">
        <button
          type="button"
          className="btn btn-sm btn-outline-primary"
          disabled={rows.length >= PIPELINE_LIMITS.stagesMax}
          onClick={() =>
            setRows((current) => [
              ...current,
              { key: `new-${nextKey++}`, name: '', kind: 'open', probability: '', rotting_days: '' },
            ])
          }
        >
          {t('deals.settings.addStage')}
        </button>
        <button type="submit" className="btn btn-sm btn-primary" disabled={save.isPending}>
          {moves ? t('deals.settings.saveAndMove') : t('common.save')}
        </button>
        {saved && (
          <span className="text-success small" role="status">
            {t('deals.settings.saved')}
          </span>
        )}
      </div>
    </form>
  );
}

function StageInput({
  label,
  value,
  error,
  onChange,
  maxLength,
  inputMode,
}: {
  label: string;
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
  maxLength?: number;
  inputMode?: 'numeric';
}) {
  return (
    <>
      <input
        className={`form-control form-control-sm${error ? ' is-invalid' : ''}`}
        aria-label={label}
        aria-invalid={error ? true : undefined}
        value={value}
        maxLength={maxLength}
        inputMode={inputMode}
        onChange={(event) => onChange(event.target.value)}
      />
      {error && <div className="invalid-feedback">{error}</div>}
    </>
  );
}

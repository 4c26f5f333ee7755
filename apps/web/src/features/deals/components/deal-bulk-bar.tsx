import type { DealBulkBody } from '@kontora/contract/deals';
import type { Pipeline } from '@kontora/contract/pipelines';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { errorMessage } from '../../../lib/errors.ts';
import { notify } from '../../../lib/notifications.ts';
import { useCompanyId } from '../../../lib/use-company-id.ts';
import { BulkOwnField } from '../../shared/components/custom-fields/bulk-own-field.tsx';
import { useOwnerOptions } from '../../shared/components/owner-options.ts';
import { useBulkDeals } from '../api/bulk-deals.ts';

/** For the chosen deals: another owner, another stage, or deletion (asked first). */
export function DealBulkBar({
  selected,
  pipelines,
  onDone,
}: {
  selected: number[];
  pipelines: readonly Pipeline[];
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const companyId = useCompanyId();
  const owners = useOwnerOptions(companyId).options;
  const bulk = useBulkDeals(companyId);
  const [deleting, setDeleting] = useState(false);
  if (selected.length === 0) return null;

  const run = (body: DealBulkBody) =>
    bulk.mutate(body, {
      onSuccess: (result) => {
        notify('success', t('deals.bulk.done', { number: result.affected.length }));
        setDeleting(false);
        onDone();
      },
      onError: (error) => notify('danger', errorMessage(t, error)),
    });

  return (
    <section
      className="d-flex flex-wrap align-items-end gap-2 mb-3 p-2 border rounded"
      aria-label={t('deals.bulk.title')}
    >
      <span className="me-2 align-self-center">{t('deals.bulk.selected', { number: selected.length })}</span>
      <div>
        <label className="form-label small mb-1" htmlFor={`${id}-owner`}>
          {t('deals.bulk.setOwner')}
        </label>
        <select
          id={`${id}-owner`}
          className="form-select form-select-sm"
          value=""
          disabled={bulk.isPending}
          onChange={(event) =>
            run({
              action: 'set_owner',
              ids: selected,
              owner_id: event.target.value === 'none' ? null : Number(event.target.value),
            })
          }
        >
          <option value="">…</option>
          <option value="none">{t('deals.fields.noOwner')}</option>
          {owners.map((owner) => (
            <option key={owner.value} value={owner.value}>
              {owner.label}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label className="form-label small mb-1" htmlFor={`${id}-stage`}>
          {t('deals.bulk.setStage')}
        </label>
        <select
          id={`${id}-stage`}
          className="form-select form-select-sm"
          value=""
          disabled={bulk.isPending}
          onChange={(event) =>
            run({ action: 'set_stage', ids: selected, stage_id: Number(event.target.value) })
          }
        >
          <option value="">…</option>
          {pipelines.map((pipeline) => (
            <optgroup key={pipeline.id} label={pipeline.name}>
              {pipeline.stages.map((stage) => (
                <option key={stage.id} value={stage.id}>
                  {stage.name}
                </option>
              ))}
            </optgroup>
          ))}
        </select>
      </div>
      <BulkOwnField
        record="deal"
        count={selected.length}
        apply={async (custom) => {
          const result = await bulk.mutateAsync({ action: 'set_custom', ids: selected, custom });
          notify('success', t('deals.bulk.done', { number: result.affected.length }));
          onDone();
        }}
      />
      <button type="button" className="btn btn-sm btn-outline-danger" onClick={() => setDeleting(true)}>
        {t('deals.bulk.delete')}
      </button>
      <ConfirmDialog
        open={deleting}
        title={t('deals.bulk.deleteTitle', { number: selected.length })}
        confirmLabel={t('deals.bulk.delete')}
        danger
        busy={bulk.isPending}
        onConfirm={() => run({ action: 'delete', ids: selected })}
        onCancel={() => setDeleting(false)}
      >
        <p className="mb-0">{t('deals.bulk.deleteText')}</p>
      </ConfirmDialog>
    </section>
  );
}

import type { DealBulkBody, DealBulkFilterBody, DealMatchQuery } from '@kontora/contract/deals';
import type { Pipeline } from '@kontora/contract/pipelines';
import { type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { errorMessage } from '../../../lib/errors.ts';
import { useFormatters } from '../../../lib/format.ts';
import { notify } from '../../../lib/notifications.ts';
import { useCompanyId } from '../../../lib/use-company-id.ts';
import { BulkOwnField } from '../../shared/components/custom-fields/bulk-own-field.tsx';
import type { BulkTarget } from '../../shared/components/list-selection/use-list-selection.ts';
import { useOwnerOptions } from '../../shared/components/owner-options.ts';
import { useBulkDeals, useBulkDealsByFilter } from '../api/bulk-deals.ts';

/** A bulk change without what it applies to (ids or the list's filter). */
type DealAction = DealBulkBody extends infer B ? (B extends unknown ? Omit<B, 'ids'> : never) : never;

/**
 * For the chosen deals (ticked rows, or every deal matching the list's filters, changed by the
 * server): another owner, another stage, own-field values, or deletion (asked first).
 */
export function DealBulkBar({
  target,
  pipelines,
  onDone,
  children,
}: {
  target: BulkTarget<DealMatchQuery> | null;
  pipelines: readonly Pipeline[];
  onDone: () => void;
  /** Shown under the actions: the "select all matching" offer of the list. */
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const format = useFormatters();
  const id = useId();
  const companyId = useCompanyId();
  const owners = useOwnerOptions(companyId).options;
  const byIds = useBulkDeals(companyId);
  const byFilter = useBulkDealsByFilter(companyId);
  const pending = byIds.isPending || byFilter.isPending;
  const [deleting, setDeleting] = useState(false);
  if (!target) return null;
  const selectedCount = target.kind === 'ids' ? target.ids.length : target.count;

  /** Answers how many deals it changed; a filter is one call of the server's. */
  const apply = async (action: DealAction): Promise<number> => {
    if (target.kind === 'filter')
      return (await byFilter.mutateAsync({ ...action, filter: target.match } as DealBulkFilterBody)).matched;
    return (await byIds.mutateAsync({ ...action, ids: [...target.ids] } as DealBulkBody)).affected.length;
  };
  const run = async (action: DealAction) => {
    try {
      const affected = await apply(action);
      notify('success', t('deals.bulk.done', { number: affected }));
      setDeleting(false);
      onDone();
    } catch (error) {
      notify('danger', errorMessage(t, error));
    }
  };

  return (
    <section
      className="d-flex flex-wrap align-items-end gap-2 mb-3 p-2 border rounded"
      aria-label={t('deals.bulk.title')}
    >
      <span className="me-2 align-self-center" role="status">
        {target.kind === 'filter'
          ? t('views.deal.allMatchingSelected', { number: format.number(selectedCount) })
          : t('deals.bulk.selected', { number: selectedCount })}
      </span>
      <div>
        <label className="form-label small mb-1" htmlFor={`${id}-owner`}>
          {t('deals.bulk.setOwner')}
        </label>
        <select
          id={`${id}-owner`}
          className="form-select form-select-sm"
          value=""
          disabled={pending}
          onChange={(event) =>
            void run({
              action: 'set_owner',
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
          disabled={pending}
          onChange={(event) => void run({ action: 'set_stage', stage_id: Number(event.target.value) })}
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
        count={selectedCount}
        apply={async (custom) => {
          // Errors go to the own-field form, which shows them by field.
          notify('success', t('deals.bulk.done', { number: await apply({ action: 'set_custom', custom }) }));
          onDone();
        }}
      />
      <button type="button" className="btn btn-sm btn-outline-danger" onClick={() => setDeleting(true)}>
        {t('deals.bulk.delete')}
      </button>
      <ConfirmDialog
        open={deleting}
        title={t('deals.bulk.deleteTitle', { number: selectedCount })}
        confirmLabel={t('deals.bulk.delete')}
        danger
        busy={pending}
        onConfirm={() => void run({ action: 'delete' })}
        onCancel={() => setDeleting(false)}
      >
        <p className="mb-0">{t('deals.bulk.deleteText')}</p>
      </ConfirmDialog>
      {children && <div className="w-100 border-top pt-2">{children}</div>}
    </section>
  );
}

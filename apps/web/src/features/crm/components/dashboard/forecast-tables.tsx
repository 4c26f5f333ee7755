import type { Forecast } from '@kontora/contract/deals';
import type { Pipeline } from '@kontora/contract/pipelines';
import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormatters } from '../../../../lib/format.ts';
import { formatMoney } from '../../../../lib/format-money.ts';

function TableCard({ title, children }: { title: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <section className="card kt-card h-100" aria-labelledby={headingId}>
      <div className="card-body">
        <h3 id={headingId} className="h6 mb-2">
          {title}
        </h3>
        <div className="table-responsive">{children}</div>
      </div>
    </section>
  );
}

/** From each stage to the next, named by the pipelines' stages (with the pipeline when all are shown). */
export function StageConversionTable({
  forecast,
  pipelines,
  withPipeline,
}: {
  forecast: Forecast;
  pipelines: readonly Pipeline[];
  withPipeline: boolean;
}) {
  const { t, i18n } = useTranslation();
  const percent = new Intl.NumberFormat(i18n.resolvedLanguage ?? i18n.language, { style: 'percent' });
  const names = new Map(
    pipelines.flatMap((p) => p.stages.map((s) => [s.id, { stage: s.name, pipeline: p.name }] as const)),
  );
  const nameOf = (id: number) => names.get(id)?.stage ?? '—';
  return (
    <TableCard title={t('crm.dashboard.forecast.conversionTitle')}>
      {forecast.stage_conversion.length === 0 ? (
        <p className="text-body-secondary small mb-0">{t('crm.dashboard.forecast.none')}</p>
      ) : (
        <table className="table table-sm mb-0">
          <thead>
            <tr>
              <th scope="col">{t('crm.dashboard.forecast.step')}</th>
              <th scope="col" className="text-end">
                {t('crm.dashboard.forecast.rate')}
              </th>
            </tr>
          </thead>
          <tbody>
            {forecast.stage_conversion.map((step) => (
              <tr key={`${step.from_stage_id}-${step.to_stage_id}`}>
                <th scope="row" className="fw-normal">
                  {withPipeline && (
                    <span className="d-block small text-body-secondary">
                      {names.get(step.from_stage_id)?.pipeline}
                    </span>
                  )}
                  {t('crm.dashboard.funnel.step', {
                    from: nameOf(step.from_stage_id),
                    to: nameOf(step.to_stage_id),
                  })}
                </th>
                <td className="text-end">{step.rate === null ? '—' : percent.format(step.rate)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </TableCard>
  );
}

/** Open deals by owner: how many and their value. */
export function OwnersTable({ forecast }: { forecast: Forecast }) {
  const { t, i18n } = useTranslation();
  const format = useFormatters();
  const language = i18n.resolvedLanguage ?? i18n.language;
  return (
    <TableCard title={t('crm.dashboard.forecast.ownersTitle')}>
      {forecast.by_owner.length === 0 ? (
        <p className="text-body-secondary small mb-0">{t('crm.dashboard.forecast.noOpen')}</p>
      ) : (
        <table className="table table-sm mb-0">
          <thead>
            <tr>
              <th scope="col">{t('deals.fields.owner')}</th>
              <th scope="col" className="text-end">
                {t('crm.dashboard.forecast.count')}
              </th>
              <th scope="col" className="text-end">
                {t('crm.dashboard.forecast.open')}
              </th>
            </tr>
          </thead>
          <tbody>
            {forecast.by_owner.map((owner) => (
              <tr key={owner.owner_id ?? 'none'}>
                <th scope="row" className="fw-normal text-break">
                  {owner.owner_name ?? t('deals.fields.noOwner')}
                </th>
                <td className="text-end">{format.number(owner.count)}</td>
                <td className="text-end text-nowrap">
                  {formatMoney(owner.open_amount, forecast.currency, language)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </TableCard>
  );
}

import type { CrmStats } from '@kontora/contract/crm-stats';
import type { CustomerStatus } from '@kontora/contract/customers';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormatters } from '../../../../lib/format.ts';
import { ChartFigure } from './chart-figure.tsx';
import { funnelSteps } from './funnel-steps.ts';

/** The same colours as the status badges: a lead is new, a prospect is warm, a customer is won. */
const STATUS_COLOR_VARS: Record<CustomerStatus, string> = {
  lead: '--bs-info',
  prospect: '--bs-warning',
  customer: '--bs-success',
  inactive: '--bs-secondary',
};

/** Lead → prospect → customer as horizontal bars of those who reached each step, with the conversion between the steps. */
export function FunnelChart({ funnel }: { funnel: CrmStats['funnel'] }) {
  const { t, i18n } = useTranslation();
  const format = useFormatters();
  const language = i18n.resolvedLanguage ?? i18n.language;
  const steps = useMemo(() => funnelSteps(funnel), [funnel]);
  const chart = useMemo(
    () => ({
      labels: steps.map((s) => t(`crm.status.${s.status}`)),
      values: steps.map((s) => s.reached),
      colorVars: steps.map((s) => STATUS_COLOR_VARS[s.status]),
    }),
    [steps, t],
  );
  const percent = new Intl.NumberFormat(language, { style: 'percent', maximumFractionDigits: 0 });
  const conversion = (value: number | null) => (value === null ? '–' : percent.format(value));
  const title = t('crm.dashboard.funnel.title');

  return (
    <ChartFigure
      title={title}
      chart={{ ...chart, horizontal: true, locale: language, seriesLabel: t('crm.dashboard.funnel.reached') }}
      table={
        <>
          <thead>
            <tr>
              <th scope="col">{t('crm.fields.status')}</th>
              <th scope="col">{t('crm.dashboard.funnel.reached')}</th>
              <th scope="col">{t('crm.dashboard.funnel.count')}</th>
              <th scope="col">{t('crm.dashboard.funnel.conversion')}</th>
            </tr>
          </thead>
          <tbody>
            {steps.map((s) => (
              <tr key={s.status}>
                <th scope="row">{t(`crm.status.${s.status}`)}</th>
                <td>{format.number(s.reached)}</td>
                <td>{format.number(s.count)}</td>
                <td>{conversion(s.conversion)}</td>
              </tr>
            ))}
          </tbody>
        </>
      }
      footer={
        <div className="mt-3 small">
          {/* The table above already gives these to screen readers. */}
          <ul className="list-unstyled d-flex flex-wrap gap-3 mb-1" aria-hidden="true">
            {steps.slice(1).map((s, i) => (
              <li key={s.status}>
                {t('crm.dashboard.funnel.step', {
                  from: t(`crm.status.${steps[i]?.status ?? 'lead'}`),
                  to: t(`crm.status.${s.status}`),
                })}{' '}
                <strong>{conversion(s.conversion)}</strong>
              </li>
            ))}
          </ul>
          <p className="text-body-secondary mb-0">{t('crm.dashboard.funnel.note')}</p>
        </div>
      }
    />
  );
}

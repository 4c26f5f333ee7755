import type { Pipeline } from '@kontora/contract/pipelines';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { FORECAST_PERIODS, type ForecastPeriod } from './forecast-window.ts';

/** The forecast's pipeline (or all) and period; both live in the address (`?pipeline=&months=`). */
export function ForecastFilters({
  pipelines,
  pipelineId,
  months,
  onChange,
}: {
  pipelines: readonly Pipeline[];
  pipelineId: number | undefined;
  months: ForecastPeriod;
  onChange: (name: 'pipeline' | 'months', value: string) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <div className="d-flex flex-wrap align-items-end gap-2">
      <div>
        <label htmlFor={`${id}-pipeline`} className="form-label small mb-1 d-block">
          {t('deals.fields.pipeline')}
        </label>
        <select
          id={`${id}-pipeline`}
          className="form-select form-select-sm"
          value={pipelineId ? String(pipelineId) : ''}
          onChange={(event) => onChange('pipeline', event.target.value)}
        >
          <option value="">{t('deals.filters.allPipelines')}</option>
          {pipelines.map((pipeline) => (
            <option key={pipeline.id} value={pipeline.id}>
              {pipeline.name}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor={`${id}-months`} className="form-label small mb-1 d-block">
          {t('crm.dashboard.forecast.period')}
        </label>
        <select
          id={`${id}-months`}
          className="form-select form-select-sm"
          value={String(months)}
          onChange={(event) => onChange('months', event.target.value)}
        >
          {FORECAST_PERIODS.map((n) => (
            <option key={n} value={n}>
              {t('crm.dashboard.forecast.months', { count: n })}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}

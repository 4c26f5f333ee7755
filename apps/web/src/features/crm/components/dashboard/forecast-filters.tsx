import type { Pipeline } from '@kontora/contract/pipelines';
import { useTranslation } from 'react-i18next';
import { CompactSelect } from '../../../../components/compact-select.tsx';
import { PipelineSelect } from '../../../shared/components/pipeline-select.tsx';
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
  return (
    <div className="d-flex flex-wrap align-items-end gap-2">
      <PipelineSelect
        pipelines={pipelines}
        pipelineId={pipelineId}
        allowAll
        onChange={(value) => onChange('pipeline', value)}
      />
      <CompactSelect
        label={t('crm.dashboard.forecast.period')}
        value={String(months)}
        onChange={(value) => onChange('months', value)}
      >
        {FORECAST_PERIODS.map((n) => (
          <option key={n} value={n}>
            {t('crm.dashboard.forecast.months', { count: n })}
          </option>
        ))}
      </CompactSelect>
    </div>
  );
}

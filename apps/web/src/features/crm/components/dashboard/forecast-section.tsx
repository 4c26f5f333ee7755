import type { Forecast } from '@kontora/contract/deals';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { LoadError } from '../../../../components/list-states.tsx';
import { PageSpinner } from '../../../../components/spinner.tsx';
import { useFormatters } from '../../../../lib/format.ts';
import { formatMoney } from '../../../../lib/format-money.ts';
import { usePipelines } from '../../../shared/api/get-pipelines.ts';
import { useForecast } from '../../api/get-forecast.ts';
import { ForecastCharts } from './forecast-charts.tsx';
import { ForecastFilters } from './forecast-filters.tsx';
import { OwnersTable, StageConversionTable } from './forecast-tables.tsx';
import { DEFAULT_FORECAST_PERIOD, forecastPeriodOf, forecastWindow } from './forecast-window.ts';

/** Open and weighted value, win rate and days to win, each a labelled figure. */
function ForecastFigures({ forecast }: { forecast: Forecast }) {
  const { t, i18n } = useTranslation();
  const format = useFormatters();
  const language = i18n.resolvedLanguage ?? i18n.language;
  const percent = new Intl.NumberFormat(language, { style: 'percent', maximumFractionDigits: 1 });
  const figures = [
    { key: 'open', value: formatMoney(forecast.open_amount, forecast.currency, language) },
    { key: 'weighted', value: formatMoney(forecast.weighted_amount, forecast.currency, language) },
    { key: 'winRate', value: forecast.win_rate === null ? '—' : percent.format(forecast.win_rate) },
    {
      key: 'daysToWin',
      value: forecast.avg_days_to_win === null ? '—' : format.number(Math.round(forecast.avg_days_to_win)),
    },
  ] as const;
  return (
    <ul className="row g-3 list-unstyled mb-3" aria-label={t('crm.dashboard.forecast.figures')}>
      {figures.map((figure) => (
        <li key={figure.key} className="col-12 col-sm-6 col-xl-3">
          <div className="card kt-card h-100">
            <div className="card-body d-flex flex-column">
              <span className="kt-kpi-label">{t(`crm.dashboard.forecast.${figure.key}`)}</span>
              <span className="kt-kpi-value text-break">{figure.value}</span>
            </div>
          </div>
        </li>
      ))}
    </ul>
  );
}

/**
 * The sales forecast on the CRM dashboard (`GET …/deals/forecast`): a pipeline (or all) and a
 * period in the address, key figures, value by month, stage conversion and open deals by owner.
 */
export function ForecastSection({ companyId }: { companyId: number }) {
  const { t } = useTranslation();
  const headingId = useId();
  const [params, setParams] = useSearchParams();
  const pipelines = usePipelines(companyId);
  const months = forecastPeriodOf(params.get('months'));
  const raw = Number(params.get('pipeline'));
  const pipelineId = pipelines.data?.items.some((p) => p.id === raw) ? raw : undefined;
  const period = forecastWindow(months, new Date().toISOString().slice(0, 7));
  const forecast = useForecast(companyId, { pipeline_id: pipelineId, ...period });

  const onChange = (name: 'pipeline' | 'months', value: string) => {
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        const isDefault = value === '' || (name === 'months' && value === String(DEFAULT_FORECAST_PERIOD));
        if (isDefault) next.delete(name);
        else next.set(name, value);
        return next;
      },
      { replace: true },
    );
  };

  return (
    <section aria-labelledby={headingId} className="mb-4">
      <div className="d-flex flex-wrap align-items-end justify-content-between gap-2 mb-3">
        <h2 id={headingId} className="h5 mb-0">
          {t('crm.dashboard.forecast.title')}
        </h2>
        <ForecastFilters
          pipelines={pipelines.data?.items ?? []}
          pipelineId={pipelineId}
          months={months}
          onChange={onChange}
        />
      </div>
      {forecast.isPending ? (
        <PageSpinner />
      ) : forecast.isError && !forecast.data ? (
        <LoadError error={forecast.error} onRetry={() => void forecast.refetch()} />
      ) : (
        <div
          className={forecast.isPlaceholderData ? 'opacity-50' : undefined}
          aria-busy={forecast.isPlaceholderData}
        >
          <ForecastFigures forecast={forecast.data} />
          <ForecastCharts forecast={forecast.data} />
          <div className="row g-3">
            <div className="col-12 col-lg-6">
              <StageConversionTable
                forecast={forecast.data}
                pipelines={pipelines.data?.items ?? []}
                withPipeline={pipelineId === undefined && (pipelines.data?.items.length ?? 0) > 1}
              />
            </div>
            <div className="col-12 col-lg-6">
              <OwnersTable forecast={forecast.data} />
            </div>
          </div>
        </div>
      )}
    </section>
  );
}

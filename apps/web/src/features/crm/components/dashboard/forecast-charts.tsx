import type { Forecast } from '@kontora/contract/deals';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../../../lib/format-money.ts';
import { ChartFigure } from './chart-figure.tsx';
import { MonthTable } from './month-table.tsx';
import { monthFormatter } from './new-customers-chart.tsx';

const OPEN_COLOR = '--kt-brand';
const WEIGHTED_COLOR = '--bs-info';
const WON_COLOR = '--bs-success';

/** A swatch and a name per series (chart.js's own legend is left out of the bundle). */
function Legend({ items }: { items: { label: string; colorVar: string }[] }) {
  return (
    <ul className="list-inline small text-body-secondary mt-2 mb-0" aria-hidden="true">
      {items.map((item) => (
        <li key={item.label} className="list-inline-item">
          <span className="kt-legend-swatch" style={{ background: `var(${item.colorVar})` }} /> {item.label}
        </li>
      ))}
    </ul>
  );
}

/** Open and weighted value by expected-close month, and won value by month, as columns. */
export function ForecastCharts({ forecast }: { forecast: Forecast }) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language;
  const money = (amount: number) => formatMoney(amount, forecast.currency, language);
  const months = forecast.by_month;
  const long = monthFormatter(language, 'long');
  const openLabel = t('crm.dashboard.forecast.open');
  const weightedLabel = t('crm.dashboard.forecast.weighted');
  const wonLabel = t('crm.dashboard.forecast.won');
  const chart = useMemo(() => {
    const short = monthFormatter(language, 'short');
    return {
      labels: months.map((m) => short(m.month)),
      open: months.map((m) => m.open_amount),
      weighted: [
        { label: weightedLabel, values: months.map((m) => m.weighted_amount), colorVar: WEIGHTED_COLOR },
      ],
      won: months.map((m) => m.won_amount),
    };
  }, [months, language, weightedLabel]);

  return (
    <div className="row g-3 mb-3">
      <div className="col-12 col-lg-7">
        <ChartFigure
          title={t('crm.dashboard.forecast.pipelineTitle')}
          chart={{
            labels: chart.labels,
            values: chart.open,
            colorVars: [OPEN_COLOR],
            seriesLabel: openLabel,
            more: chart.weighted,
            locale: language,
          }}
          footer={
            <Legend
              items={[
                { label: openLabel, colorVar: OPEN_COLOR },
                { label: weightedLabel, colorVar: WEIGHTED_COLOR },
              ]}
            />
          }
          table={
            <MonthTable
              months={months}
              monthName={long}
              columns={[
                { label: openLabel, value: (m) => money(m.open_amount) },
                { label: weightedLabel, value: (m) => money(m.weighted_amount) },
              ]}
            />
          }
        />
      </div>
      <div className="col-12 col-lg-5">
        <ChartFigure
          title={t('crm.dashboard.forecast.wonTitle')}
          chart={{
            labels: chart.labels,
            values: chart.won,
            colorVars: [WON_COLOR],
            seriesLabel: wonLabel,
            locale: language,
          }}
          table={
            <MonthTable
              months={months}
              monthName={long}
              columns={[{ label: wonLabel, value: (m) => money(m.won_amount) }]}
            />
          }
        />
      </div>
    </div>
  );
}

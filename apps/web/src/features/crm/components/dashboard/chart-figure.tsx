import { lazy, type ReactNode, Suspense, useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { BarChartProps } from './crm-charts.tsx';
import './dashboard.css';

/** chart.js arrives with this chunk, the first time a chart is shown (only the CRM dashboard has charts). */
const BarChart = lazy(async () => ({ default: (await import('./crm-charts.tsx')).BarChart }));

/** Holds the chart's place while its code loads, so the page does not jump. */
function ChartSkeleton() {
  const { t } = useTranslation();
  return (
    <div className="kt-chart-skeleton placeholder-glow" role="status">
      <span className="placeholder col-12 h-100 rounded" />
      <span className="visually-hidden">{t('crm.dashboard.chartLoading')}</span>
    </div>
  );
}

/**
 * A card with a titled chart and, for screen readers, a table with the same
 * numbers (the canvas itself is hidden from them). `table` is the table's body
 * and head, so each chart can choose its columns.
 */
export function ChartFigure({
  title,
  chart,
  table,
  footer,
}: {
  title: string;
  chart: BarChartProps;
  table: ReactNode;
  footer?: ReactNode;
}) {
  const captionId = useId();
  return (
    <section className="card kt-card h-100" aria-labelledby={captionId}>
      <figure className="card-body d-flex flex-column mb-0">
        <figcaption id={captionId} className="h6 mb-3">
          {title}
        </figcaption>
        <div className="kt-chart">
          <Suspense fallback={<ChartSkeleton />}>
            <BarChart {...chart} />
          </Suspense>
        </div>
        {/* The box, not the table, is hidden: a table ignores the 1 px width, and a wide one
            (three columns of amounts) would make a phone's page scroll sideways. */}
        <div className="visually-hidden">
          <table>
            <caption>{title}</caption>
            {table}
          </table>
        </div>
        {footer}
      </figure>
    </section>
  );
}

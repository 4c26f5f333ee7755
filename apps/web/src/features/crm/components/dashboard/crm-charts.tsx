import {
  BarController,
  BarElement,
  CategoryScale,
  Chart,
  type ChartConfiguration,
  LinearScale,
  Tooltip,
} from 'chart.js';
import { useEffect, useRef, useSyncExternalStore } from 'react';

/**
 * The CRM dashboard's charts. This module (with chart.js) is its own chunk,
 * imported only by `chart-figure.tsx` through `lazy()`, so that no other screen
 * downloads the chart library. Only the pieces the two bar charts use are
 * registered, which lets the bundler leave the rest of chart.js out.
 */
Chart.register(BarController, BarElement, CategoryScale, LinearScale, Tooltip);

export type BarChartProps = {
  labels: string[];
  values: number[];
  /** CSS colour variables (e.g. `--kt-brand`) of the bars, one per bar or one for all. */
  colorVars: string[];
  /** Horizontal bars (the funnel) instead of columns. */
  horizontal?: boolean;
  /** The figure's name for the tooltip's series ("New customers"). */
  seriesLabel: string;
  /** The UI language, for the numbers on the axes and in tooltips. */
  locale: string;
  /** Further series drawn beside the first (the figure names them in its own legend). */
  more?: { label: string; values: number[]; colorVar: string }[];
};

/** `data-bs-theme` on <html> switches light and dark; charts repaint with the new colours. */
function subscribeTheme(onChange: () => void): () => void {
  const observer = new MutationObserver(onChange);
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ['data-bs-theme'] });
  return () => observer.disconnect();
}
const currentTheme = () => document.documentElement.getAttribute('data-bs-theme') ?? 'light';

function cssVar(name: string): string {
  return getComputedStyle(document.documentElement).getPropertyValue(name).trim();
}

export function BarChart({
  labels,
  values,
  colorVars,
  horizontal = false,
  seriesLabel,
  locale,
  more = [],
}: BarChartProps) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const theme = useSyncExternalStore(subscribeTheme, currentTheme);
  const colorKey = colorVars.join(' ');

  // biome-ignore lint/correctness/useExhaustiveDependencies: the theme changes the CSS variables read inside
  useEffect(() => {
    if (!canvas.current) return;
    // Colours come from the stylesheet, so the charts follow the theme like everything else.
    const text = cssVar('--bs-secondary-color') || '#6c757d';
    const grid = cssVar('--bs-border-color-translucent') || 'rgba(0, 0, 0, 0.175)';
    const colors = colorKey.split(' ').map((name) => cssVar(name) || '#4f5bd5');
    const valueAxis = { beginAtZero: true, ticks: { color: text, precision: 0 }, grid: { color: grid } };
    const categoryAxis = { ticks: { color: text }, grid: { display: false } };
    const config: ChartConfiguration<'bar'> = {
      type: 'bar',
      data: {
        labels,
        datasets: [
          {
            label: seriesLabel,
            data: values,
            backgroundColor: colors.length === 1 ? colors[0] : colors,
            borderRadius: 4,
            maxBarThickness: horizontal ? 36 : 28,
          },
          ...more.map((series) => ({
            label: series.label,
            data: series.values,
            backgroundColor: cssVar(series.colorVar) || '#6c757d',
            borderRadius: 4,
            maxBarThickness: 28,
          })),
        ],
      },
      options: {
        locale,
        indexAxis: horizontal ? 'y' : 'x',
        responsive: true,
        maintainAspectRatio: false,
        // Drawn at once: the second-long animation redrew every chart in each frame, a row of
        // tasks on a phone's first load, for decoration.
        animation: false,
        scales: horizontal ? { x: valueAxis, y: categoryAxis } : { x: categoryAxis, y: valueAxis },
      },
    };
    // Each chart is built in a task of its own, once it comes near the screen: built where React
    // runs the effects, the dashboard's charts made one long task that held a phone's page for
    // over 100 ms (docs/decisions/087-phone-pages-load-forms-on-use.md), and on a phone most of
    // them are below the first screen (docs/decisions/099-answers-drawn-in-short-tasks.md).
    const element = canvas.current;
    let chart: Chart<'bar'> | undefined;
    const build = () => {
      chart ??= new Chart(element, config);
    };
    let timer: ReturnType<typeof setTimeout> | undefined;
    const observer =
      typeof IntersectionObserver === 'undefined'
        ? undefined
        : new IntersectionObserver(
            (entries) => {
              if (!entries.some((entry) => entry.isIntersecting)) return;
              observer?.disconnect();
              timer = setTimeout(build, 0);
            },
            { rootMargin: '200px' },
          );
    if (observer) observer.observe(element);
    else timer = setTimeout(build, 0);
    return () => {
      observer?.disconnect();
      clearTimeout(timer);
      chart?.destroy();
    };
  }, [labels, values, colorKey, horizontal, seriesLabel, locale, more, theme]);

  // The figure holds a table with the same numbers for assistive technology; the canvas is decoration.
  return (
    <div className="kt-chart-canvas" aria-hidden="true">
      <canvas ref={canvas} />
    </div>
  );
}

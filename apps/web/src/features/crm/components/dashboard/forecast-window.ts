/** The period choices of the forecast, in months. */
export const FORECAST_PERIODS = [3, 6, 12] as const;
export type ForecastPeriod = (typeof FORECAST_PERIODS)[number];
export const DEFAULT_FORECAST_PERIOD: ForecastPeriod = 6;

/** `?months=` as one of the choices; anything else is the default. */
export function forecastPeriodOf(raw: string | null): ForecastPeriod {
  const n = Number(raw);
  return FORECAST_PERIODS.find((p) => p === n) ?? DEFAULT_FORECAST_PERIOD;
}

/** `YYYY-MM` shifted by `delta` months. */
function shiftMonth(month: string, delta: number): string {
  const [year, monthNumber] = month.split('-').map(Number) as [number, number];
  const date = new Date(Date.UTC(year, monthNumber - 1 + delta, 1));
  return date.toISOString().slice(0, 7);
}

/**
 * The months the forecast covers for a period of `months`: that many back (what was won and
 * lost, ending with this month) and that many ahead (when open deals expect to close).
 * `thisMonth` is UTC, as the server counts months (deal-forecast.service.ts).
 */
export function forecastWindow(months: number, thisMonth: string): { from: string; to: string } {
  return { from: shiftMonth(thisMonth, 1 - months), to: shiftMonth(thisMonth, months) };
}

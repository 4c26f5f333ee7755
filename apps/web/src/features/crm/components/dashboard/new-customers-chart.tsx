import type { CrmStats } from '@kontora/contract/crm-stats';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormatters } from '../../../../lib/format.ts';
import { ChartFigure } from './chart-figure.tsx';
import { MonthTable } from './month-table.tsx';

/** `YYYY-MM` as the language names it ("Mar 2026", "ožu 2026."). Months are UTC, as the server counts them. */
export function monthFormatter(language: string, month: 'short' | 'long') {
  const format = new Intl.DateTimeFormat(language, { month, year: 'numeric', timeZone: 'UTC' });
  return (value: string) => {
    const [year, monthNumber] = value.split('-').map(Number);
    return format.format(new Date(Date.UTC(year ?? 1970, (monthNumber ?? 1) - 1, 1)));
  };
}

/** New customers in each of the last twelve months, as columns. */
export function NewCustomersChart({ months }: { months: CrmStats['new_customers_per_month'] }) {
  const { t, i18n } = useTranslation();
  const format = useFormatters();
  const language = i18n.resolvedLanguage ?? i18n.language;
  const chart = useMemo(() => {
    const short = monthFormatter(language, 'short');
    return {
      labels: months.map((m) => short(m.month)),
      values: months.map((m) => m.count),
    };
  }, [months, language]);
  const long = monthFormatter(language, 'long');
  const title = t('crm.dashboard.newCustomers.title');

  return (
    <ChartFigure
      title={title}
      chart={{
        ...chart,
        colorVars: ['--kt-brand'],
        locale: language,
        seriesLabel: t('crm.dashboard.newCustomers.series'),
      }}
      table={
        <MonthTable
          months={months}
          monthName={long}
          columns={[{ label: t('crm.dashboard.newCustomers.series'), value: (m) => format.number(m.count) }]}
        />
      }
    />
  );
}

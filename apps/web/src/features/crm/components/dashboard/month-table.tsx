import { useTranslation } from 'react-i18next';

/** The chart's figures as a table (shown by ChartFigure's "table" switch): a row per month. */
export function MonthTable<Month extends { month: string }>({
  months,
  columns,
  monthName,
}: {
  months: readonly Month[];
  columns: { label: string; value: (month: Month) => string }[];
  monthName: (month: string) => string;
}) {
  const { t } = useTranslation();
  return (
    <>
      <thead>
        <tr>
          <th scope="col">{t('crm.dashboard.newCustomers.month')}</th>
          {columns.map((column) => (
            <th key={column.label} scope="col">
              {column.label}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {months.map((m) => (
          <tr key={m.month}>
            <th scope="row">{monthName(m.month)}</th>
            {columns.map((column) => (
              <td key={column.label}>{column.value(m)}</td>
            ))}
          </tr>
        ))}
      </tbody>
    </>
  );
}

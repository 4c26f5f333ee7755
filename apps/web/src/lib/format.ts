import { useTranslation } from 'react-i18next';

/** Dates and numbers in the current language, through Intl (never hand-formatted). */
export type Formatters = {
  date: (value: string | number | Date) => string;
  dateTime: (value: string | number | Date) => string;
  number: (value: number) => string;
  year: (value: Date) => string;
};

export function formattersFor(language: string): Formatters {
  const date = new Intl.DateTimeFormat(language, { dateStyle: 'medium' });
  const dateTime = new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' });
  const number = new Intl.NumberFormat(language);
  const year = new Intl.DateTimeFormat(language, { year: 'numeric' });
  return {
    date: (value) => date.format(new Date(value)),
    dateTime: (value) => dateTime.format(new Date(value)),
    number: (value) => number.format(value),
    year: (value) => year.format(value),
  };
}

const cache = new Map<string, Formatters>();

export function useFormatters(): Formatters {
  const { i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language;
  let formatters = cache.get(language);
  if (!formatters) {
    formatters = formattersFor(language);
    cache.set(language, formatters);
  }
  return formatters;
}

/** A file's size in KB below a megabyte, else in MB, in the reader's language ("0.5 kB", "1,5 MB"). */
export function formatFileSize(bytes: number, language: string): string {
  const kb = bytes / 1024;
  if (kb < 1024) {
    return new Intl.NumberFormat(language, {
      style: 'unit',
      unit: 'kilobyte',
      maximumFractionDigits: kb < 10 ? 1 : 0,
    }).format(kb);
  }
  const mb = kb / 1024;
  return new Intl.NumberFormat(language, {
    style: 'unit',
    unit: 'megabyte',
    maximumFractionDigits: mb < 10 ? 1 : 0,
  }).format(mb);
}

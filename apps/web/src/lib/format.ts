import { useTranslation } from 'react-i18next';

/** Dates and numbers in the current language, through Intl (never hand-formatted). */
export type Formatters = {
  date: (value: string | number | Date) => string;
  dateTime: (value: string | number | Date) => string;
  number: (value: number) => string;
  year: (value: Date) => string;
};

/** Made on first use: the first Intl formatter of a page costs milliseconds (locale data), and most screens use one or two. */
function lazily<T>(make: () => T): () => T {
  let value: T | undefined;
  return () => {
    value ??= make();
    return value;
  };
}

export function formattersFor(language: string): Formatters {
  const date = lazily(() => new Intl.DateTimeFormat(language, { dateStyle: 'medium' }));
  const dateTime = lazily(
    () => new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }),
  );
  const number = lazily(() => new Intl.NumberFormat(language));
  const year = lazily(() => new Intl.DateTimeFormat(language, { year: 'numeric' }));
  return {
    date: (value) => date().format(new Date(value)),
    dateTime: (value) => dateTime().format(new Date(value)),
    number: (value) => number().format(value),
    year: (value) => year().format(value),
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
  // A gigabyte and more (an import's limit) reads as GB, not as thousands of MB.
  const [value, unit] = mb < 1024 ? [mb, 'megabyte'] : [mb / 1024, 'gigabyte'];
  return new Intl.NumberFormat(language, {
    style: 'unit',
    unit,
    maximumFractionDigits: value < 10 ? 1 : 0,
  }).format(value);
}

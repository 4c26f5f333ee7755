import { useTranslation } from 'react-i18next';

type ZonedFormat = { dateTime: (iso: string) => string; date: (iso: string) => string };

/**
 * One pair of formatters per language and zone, shared by every row that asks: a list of
 * to-dos made two Intl.DateTimeFormat per row on its first render (each costs locale data
 * work), and each is made on first use, as in lib/format.ts.
 */
const cache = new Map<string, ZonedFormat>();

function zonedFormatFor(language: string, timeZone: string | undefined): ZonedFormat {
  let dateTime: Intl.DateTimeFormat | undefined;
  let date: Intl.DateTimeFormat | undefined;
  return {
    dateTime: (iso) => {
      dateTime ??= new Intl.DateTimeFormat(language, { timeZone, dateStyle: 'medium', timeStyle: 'short' });
      return dateTime.format(new Date(iso));
    },
    date: (iso) => {
      date ??= new Intl.DateTimeFormat(language, { timeZone, dateStyle: 'medium' });
      return date.format(new Date(iso));
    },
  };
}

/** Dates and times of to-dos as the company's clock shows them, in the reader's language. */
export function useZonedFormat(timeZone: string | undefined): ZonedFormat {
  const { i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language;
  const key = `${language} ${timeZone ?? ''}`;
  let format = cache.get(key);
  if (!format) {
    format = zonedFormatFor(language, timeZone);
    cache.set(key, format);
  }
  return format;
}

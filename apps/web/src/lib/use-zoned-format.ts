import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

/** Dates and times of to-dos as the company's clock shows them, in the reader's language. */
export function useZonedFormat(timeZone: string | undefined) {
  const { i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language;
  return useMemo(() => {
    const dateTime = new Intl.DateTimeFormat(language, { timeZone, dateStyle: 'medium', timeStyle: 'short' });
    const date = new Intl.DateTimeFormat(language, { timeZone, dateStyle: 'medium' });
    return {
      dateTime: (iso: string) => dateTime.format(new Date(iso)),
      date: (iso: string) => date.format(new Date(iso)),
    };
  }, [language, timeZone]);
}

import type { LocaleInput } from '@fullcalendar/react';
import de from '@fullcalendar/react/locales/de';
import es from '@fullcalendar/react/locales/es';
import hr from '@fullcalendar/react/locales/hr';
import it from '@fullcalendar/react/locales/it';
import ru from '@fullcalendar/react/locales/ru';

/**
 * FullCalendar's own translations of its buttons, titles and week rules (the
 * first day is Monday in all but English). Only the app's six languages are
 * imported, so the chunk does not carry FullCalendar's sixty-odd others;
 * English is FullCalendar's built-in default.
 */
export const CALENDAR_LOCALES: LocaleInput[] = [de, es, hr, it, ru];

/**
 * The visible text of the "today" button, used as its accessible name too:
 * FullCalendar names it "This week"/"This month", which does not contain the
 * word people see (WCAG 2.5.3, label in name).
 */
export function todayText(language: string): string {
  const locale = CALENDAR_LOCALES.find((candidate) => candidate.code === language);
  return typeof locale?.todayText === 'string' ? locale.todayText : 'Today';
}

/**
 * Times as the person's language writes them: 24-hour in hr, de, it, es and ru;
 * English as its locale says (FullCalendar's locales already start those weeks on Monday).
 */
export function calendarTimeFormat(language: string) {
  return language === 'en'
    ? { hour: 'numeric' as const, minute: '2-digit' as const, meridiem: 'short' as const }
    : { hour: '2-digit' as const, minute: '2-digit' as const, hour12: false };
}

import { companyLink } from '@kontora/contract/app-links';
import type { Language } from '@kontora/contract/limits';
import { toZonedDate } from '@kontora/contract/time-zone';
import type { MailMessage } from './mailer.ts';
import { escapeHtml } from './templates.ts';

type Texts = { subject: string; intro: string; open: string; why: string };

/** {title}: the to-do, {when}: its start in the company's zone and the person's language, {company}. */
const TEXTS: Record<Language, Texts> = {
  hr: {
    subject: 'Podsjetnik: {title} ({when})',
    intro: 'Obveza „{title}” u tvrtki {company} počinje {when}.',
    open: 'Otvori kalendar',
    why: 'Ovaj podsjetnik primate jer ste zaduženi za obvezu.',
  },
  en: {
    subject: 'Reminder: {title} ({when})',
    intro: 'The to-do “{title}” at {company} starts {when}.',
    open: 'Open the calendar',
    why: 'You receive this reminder because the to-do is assigned to you.',
  },
  es: {
    subject: 'Recordatorio: {title} ({when})',
    intro: 'La tarea «{title}» de {company} empieza el {when}.',
    open: 'Abrir el calendario',
    why: 'Recibes este recordatorio porque la tarea está asignada a ti.',
  },
  de: {
    subject: 'Erinnerung: {title} ({when})',
    intro: 'Die Aufgabe „{title}“ bei {company} beginnt am {when}.',
    open: 'Kalender öffnen',
    why: 'Sie erhalten diese Erinnerung, weil Ihnen die Aufgabe zugewiesen ist.',
  },
  it: {
    subject: 'Promemoria: {title} ({when})',
    intro: 'L’attività «{title}» di {company} inizia il {when}.',
    open: 'Apri il calendario',
    why: 'Ricevi questo promemoria perché l’attività è assegnata a te.',
  },
  ru: {
    subject: 'Напоминание: {title} ({when})',
    intro: 'Задача «{title}» в компании {company} начинается {when}.',
    open: 'Открыть календарь',
    why: 'Вы получили это напоминание, потому что задача назначена вам.',
  },
};

const LOCALES: Record<Language, string> = {
  hr: 'hr-HR',
  en: 'en-GB',
  es: 'es-ES',
  de: 'de-DE',
  it: 'it-IT',
  ru: 'ru-RU',
};

/** A to-do's reminder to its assignee, its time in the company's zone written the person's way. */
export function renderReminderMail(
  language: Language,
  opts: {
    to: string;
    appUrl: string;
    companyId: number;
    title: string;
    company: string;
    startAt: string;
    allDay: boolean;
    timeZone: string;
  },
): MailMessage {
  const t = TEXTS[language];
  const when = new Intl.DateTimeFormat(LOCALES[language], {
    timeZone: opts.timeZone,
    dateStyle: 'full',
    ...(opts.allDay ? {} : { timeStyle: 'short' }),
  }).format(new Date(opts.startAt));
  const fill = (s: string) =>
    s.replaceAll('{title}', opts.title).replaceAll('{company}', opts.company).replaceAll('{when}', when);
  // The calendar opens on the to-do's day (in the company's zone), in the to-do's company.
  const day = toZonedDate(opts.startAt, opts.timeZone);
  const link = companyLink(`/company/calendar?date=${day}`, opts.companyId, opts.appUrl);
  const text = `${fill(t.intro)}\n\n${t.open}: ${link}\n\n${t.why}\n`;
  const html =
    `<p>${escapeHtml(fill(t.intro))}</p>` +
    `<p><a href="${escapeHtml(link)}">${escapeHtml(t.open)}</a></p>` +
    `<p>${escapeHtml(t.why)}</p>`;
  return { to: opts.to, subject: fill(t.subject), text, html };
}

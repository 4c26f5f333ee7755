import { companyLink } from '@kontora/contract/app-links';
import { isLanguage, type Language } from '@kontora/contract/limits';
import type { AppContext } from '../../context.ts';
import type { Database } from '../../db/database.ts';
import { sendMailJob } from '../../mail/mail.jobs.ts';
import { escapeHtml } from '../../mail/templates.ts';
import type { MailboxRow } from './mailboxes.repository.ts';

type Texts = { subject: string; body: string; action: string };

/** {app}: product name, {email}: the mailbox, {company}: the company it syncs into. */
const TEXTS: Record<Language, Texts> = {
  hr: {
    subject: '{app}: sandučić {email} ne sinkronizira se već jedan dan',
    body: 'Već jedan dan ne uspijevamo sinkronizirati sandučić {email} u tvrtki {company}, pa nova pošta kupaca ne stiže na njihovu vremensku crtu. U postavkama pogledajte razlog i ispravite postavke poslužitelja; u međuvremenu pokušavamo dalje.',
    action: 'Otvori sandučiće',
  },
  en: {
    subject: '{app}: the mailbox {email} has not synced for a day',
    body: 'For a day we have not been able to sync the mailbox {email} in {company}, so new mail with customers is not reaching their timelines. See why in Settings and correct the server settings; we keep trying meanwhile.',
    action: 'Open the mailboxes',
  },
  es: {
    subject: '{app}: el buzón {email} lleva un día sin sincronizarse',
    body: 'Desde hace un día no conseguimos sincronizar el buzón {email} en {company}, así que el correo nuevo con los clientes no llega a su cronología. Consulta el motivo en Ajustes y corrige la configuración del servidor; mientras tanto seguimos intentándolo.',
    action: 'Abrir los buzones',
  },
  de: {
    subject: '{app}: das Postfach {email} wird seit einem Tag nicht synchronisiert',
    body: 'Seit einem Tag können wir das Postfach {email} in {company} nicht synchronisieren, daher erscheinen neue E-Mails mit Kunden nicht in deren Verlauf. Sehen Sie den Grund in den Einstellungen und korrigieren Sie die Servereinstellungen; wir versuchen es inzwischen weiter.',
    action: 'Postfächer öffnen',
  },
  it: {
    subject: '{app}: la casella {email} non si sincronizza da un giorno',
    body: 'Da un giorno non riusciamo a sincronizzare la casella {email} in {company}, quindi la nuova posta con i clienti non arriva nella loro cronologia. Vedi il motivo nelle Impostazioni e correggi le impostazioni del server; nel frattempo continuiamo a provare.',
    action: 'Apri le caselle di posta',
  },
  ru: {
    subject: '{app}: почтовый ящик {email} не синхронизируется уже сутки',
    body: 'Уже сутки нам не удаётся синхронизировать ящик {email} в компании {company}, поэтому новая переписка с клиентами не попадает в их ленту. Посмотрите причину в настройках и исправьте параметры сервера; тем временем мы продолжаем попытки.',
    action: 'Открыть почтовые ящики',
  },
};

/** Tells the mailbox's owner, in their language, that it has failed to sync for a day. */
export async function sendMailboxFailingMail(ctx: AppContext, db: Database, box: MailboxRow): Promise<void> {
  const owner = await db
    .selectFrom('users')
    .select(['email', 'language', 'status'])
    .where('id', '=', box.user_id)
    .executeTakeFirst();
  if (owner?.status !== 'active') return;
  const company = await db
    .selectFrom('companies')
    .select('name')
    .where('id', '=', box.company_id)
    .executeTakeFirst();
  const t = TEXTS[isLanguage(owner.language) ? owner.language : 'hr'];
  const fill = (s: string) =>
    s
      .replaceAll('{app}', ctx.config.appName)
      .replaceAll('{email}', box.email)
      .replaceAll('{company}', company?.name ?? '');
  const link = companyLink('/company/settings', box.company_id, ctx.config.appUrl);
  await ctx.jobs.enqueue(db, sendMailJob, {
    to: owner.email,
    subject: fill(t.subject),
    text: `${fill(t.body)}\n\n${link}\n`,
    html: `<p>${escapeHtml(fill(t.body))}</p><p><a href="${escapeHtml(link)}">${escapeHtml(t.action)}</a></p>`,
  });
}

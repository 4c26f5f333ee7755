import { companyLink } from '@kontora/contract/app-links';
import { isLanguage, type Language } from '@kontora/contract/limits';
import type { AppContext } from '../../context.ts';
import type { Database } from '../../db/database.ts';
import { sendMailJob } from '../../mail/mail.jobs.ts';
import { escapeHtml } from '../../mail/templates.ts';

type Texts = { subject: string; body: string; action: string };

/** {app}: product name, {company}: the company, {url}: the endpoint's URL. */
const TEXTS: Record<Language, Texts> = {
  hr: {
    subject: '{app}: webhook za {company} je isključen',
    body: 'Isporuke na {url} neprekidno ne uspijevaju već 5 dana pa smo ovu krajnju točku isključili. Provjerite prijemnik, zatim je ponovno uključite i po potrebi ponovite neuspjele isporuke.',
    action: 'Otvori postavke integracije',
  },
  en: {
    subject: '{app}: a webhook of {company} was turned off',
    body: 'Deliveries to {url} have failed continuously for 5 days, so we turned this endpoint off. Check the receiver, then turn it back on and replay the failed deliveries if needed.',
    action: 'Open the integration settings',
  },
  es: {
    subject: '{app}: se ha desactivado un webhook de {company}',
    body: 'Las entregas a {url} fallan sin interrupción desde hace 5 días, así que hemos desactivado este endpoint. Revisa el receptor, vuelve a activarlo y, si hace falta, reenvía las entregas fallidas.',
    action: 'Abrir los ajustes de integración',
  },
  de: {
    subject: '{app}: ein Webhook von {company} wurde abgeschaltet',
    body: 'Zustellungen an {url} schlagen seit 5 Tagen ununterbrochen fehl, daher haben wir diesen Endpunkt abgeschaltet. Prüfen Sie den Empfänger, schalten Sie ihn wieder ein und wiederholen Sie bei Bedarf die fehlgeschlagenen Zustellungen.',
    action: 'Integrationseinstellungen öffnen',
  },
  it: {
    subject: '{app}: un webhook di {company} è stato disattivato',
    body: 'Le consegne a {url} falliscono ininterrottamente da 5 giorni, perciò abbiamo disattivato questo endpoint. Controlla il ricevitore, riattivalo e, se serve, ripeti le consegne non riuscite.',
    action: 'Apri le impostazioni di integrazione',
  },
  ru: {
    subject: '{app}: вебхук компании {company} отключён',
    body: 'Доставки на {url} непрерывно завершаются ошибкой уже 5 дней, поэтому мы отключили эту конечную точку. Проверьте получателя, затем снова включите её и при необходимости повторите неудавшиеся доставки.',
    action: 'Открыть настройки интеграции',
  },
};

/**
 * Tells the company's owners and admins, each in their language, that an
 * endpoint was turned off after 5 days of failures: mail jobs enqueued in the
 * transaction that turns it off.
 */
export async function sendEndpointDisabledMails(
  ctx: AppContext,
  db: Database,
  companyId: number,
  url: string,
): Promise<number> {
  const company = await db
    .selectFrom('companies')
    .select('name')
    .where('id', '=', companyId)
    .executeTakeFirst();
  const people = await db
    .selectFrom('memberships')
    .innerJoin('users', 'users.id', 'memberships.user_id')
    .select(['users.email', 'users.language'])
    .where('memberships.company_id', '=', companyId)
    .where('memberships.role', 'in', ['owner', 'admin'])
    .where('users.status', '=', 'active')
    .execute();
  const link = companyLink('/company/crm-integration?tab=webhooks', companyId, ctx.config.appUrl);
  for (const person of people) {
    const t = TEXTS[isLanguage(person.language) ? person.language : 'hr'];
    const fill = (s: string) =>
      s
        .replaceAll('{app}', ctx.config.appName)
        .replaceAll('{company}', company?.name ?? '')
        .replaceAll('{url}', url);
    await ctx.jobs.enqueue(db, sendMailJob, {
      to: person.email,
      subject: fill(t.subject),
      text: `${fill(t.body)}\n\n${link}\n`,
      html: `<p>${escapeHtml(fill(t.body))}</p><p><a href="${escapeHtml(link)}">${escapeHtml(t.action)}</a></p>`,
    });
  }
  return people.length;
}

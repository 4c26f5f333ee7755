import type { CompanyRole, Language } from '@kontora/contract/limits';
import type { MailMessage } from './mailer.ts';
import { escapeHtml } from './templates.ts';

type Texts = {
  subject: string;
  intro: string;
  accept: string;
  decline: string;
  expiry: string;
  ignore: string;
  roles: Record<CompanyRole, string>;
};

/** {app}: product name, {company}: the inviting company, {inviter}: who invited, {role}: the role offered. */
const TEXTS: Record<Language, Texts> = {
  hr: {
    subject: 'Pozivnica u tvrtku {company} ({app})',
    intro: '{inviter} poziva vas da se pridružite tvrtki {company} u aplikaciji {app} s ulogom: {role}.',
    accept: 'Prihvati pozivnicu',
    decline: 'Odbij',
    expiry: 'Pozivnica vrijedi 14 dana. Prije odgovora prijavite se svojim računom.',
    ignore: 'Ako se ne želite pridružiti, odbijte pozivnicu ili zanemarite ovu poruku.',
    roles: { owner: 'vlasnik', admin: 'administrator', member: 'član' },
  },
  en: {
    subject: 'Invitation to join {company} on {app}',
    intro: '{inviter} invited you to join {company} on {app} as {role}.',
    accept: 'Accept the invitation',
    decline: 'Decline',
    expiry: 'The invitation is valid for 14 days. Sign in with your account to answer it.',
    ignore: 'If you do not want to join, decline the invitation or ignore this message.',
    roles: { owner: 'an owner', admin: 'an administrator', member: 'a member' },
  },
  es: {
    subject: 'Invitación para unirte a {company} en {app}',
    intro: '{inviter} te ha invitado a unirte a {company} en {app} con el rol: {role}.',
    accept: 'Aceptar la invitación',
    decline: 'Rechazar',
    expiry: 'La invitación es válida durante 14 días. Inicia sesión con tu cuenta para responder.',
    ignore: 'Si no quieres unirte, rechaza la invitación o ignora este mensaje.',
    roles: { owner: 'propietario', admin: 'administrador', member: 'miembro' },
  },
  de: {
    subject: 'Einladung zu {company} in {app}',
    intro: '{inviter} hat Sie eingeladen, {company} in {app} beizutreten, mit der Rolle: {role}.',
    accept: 'Einladung annehmen',
    decline: 'Ablehnen',
    expiry: 'Die Einladung ist 14 Tage gültig. Melden Sie sich mit Ihrem Konto an, um zu antworten.',
    ignore: 'Wenn Sie nicht beitreten möchten, lehnen Sie ab oder ignorieren Sie diese Nachricht.',
    roles: { owner: 'Inhaber', admin: 'Administrator', member: 'Mitglied' },
  },
  it: {
    subject: 'Invito a unirti a {company} su {app}',
    intro: '{inviter} ti ha invitato a unirti a {company} su {app} con il ruolo: {role}.',
    accept: 'Accetta l’invito',
    decline: 'Rifiuta',
    expiry: 'L’invito è valido per 14 giorni. Accedi con il tuo account per rispondere.',
    ignore: 'Se non vuoi unirti, rifiuta l’invito o ignora questo messaggio.',
    roles: { owner: 'proprietario', admin: 'amministratore', member: 'membro' },
  },
  ru: {
    subject: 'Приглашение в компанию {company} в {app}',
    intro: '{inviter} приглашает вас присоединиться к компании {company} в {app} с ролью: {role}.',
    accept: 'Принять приглашение',
    decline: 'Отклонить',
    expiry: 'Приглашение действительно 14 дней. Чтобы ответить, войдите в свою учётную запись.',
    ignore: 'Если вы не хотите присоединяться, отклоните приглашение или проигнорируйте это письмо.',
    roles: { owner: 'владелец', admin: 'администратор', member: 'участник' },
  },
};

/** The mail to someone with an account: links to the invitation page, to accept or to decline. */
export function renderInvitationMail(
  language: Language,
  opts: {
    to: string;
    appName: string;
    appUrl: string;
    token: string;
    company: string;
    inviter: string;
    role: CompanyRole;
  },
): MailMessage {
  const t = TEXTS[language];
  const fill = (s: string) =>
    s
      .replaceAll('{app}', opts.appName)
      .replaceAll('{company}', opts.company)
      .replaceAll('{inviter}', opts.inviter)
      .replaceAll('{role}', t.roles[opts.role]);
  const page = `${opts.appUrl}/#/invitation/${opts.token}`;
  const accept = `${page}?answer=accept`;
  const decline = `${page}?answer=decline`;
  const text = `${fill(t.intro)}\n\n${t.accept}: ${accept}\n${t.decline}: ${decline}\n\n${t.expiry}\n${t.ignore}\n`;
  const html =
    `<p>${escapeHtml(fill(t.intro))}</p>` +
    `<p><a href="${escapeHtml(accept)}">${escapeHtml(t.accept)}</a> · <a href="${escapeHtml(decline)}">${escapeHtml(t.decline)}</a></p>` +
    `<p>${escapeHtml(t.expiry)}<br>${escapeHtml(t.ignore)}</p>`;
  return { to: opts.to, subject: fill(t.subject), text, html };
}

import type { Language } from '@kontora/contract/limits';
import type { MailMessage } from './mailer.ts';

type Kind = 'activation' | 'password_reset';
type Texts = {
  subject: string;
  intro: string;
  /** An activation for an account a company's invitation created: who invited, to which company. */
  invitedIntro?: string;
  action: string;
  expiry: string;
  ignore: string;
};

/**
 * Mail texts in every supported language ({app}: the product name; {days}: how long an
 * activation link is valid, from the code that sets its expiry; {company}, {inviter}: an invitation's).
 */
const TEXTS: Record<Language, Record<Kind, Texts>> = {
  hr: {
    activation: {
      subject: 'Pozivnica za {app}',
      intro: 'Pozvani ste u {app}. Postavite ime i lozinku kako biste aktivirali račun:',
      invitedIntro:
        '{inviter} poziva vas da se pridružite tvrtki {company} u aplikaciji {app}. Postavite ime i lozinku kako biste aktivirali račun:',
      action: 'Aktiviraj račun',
      expiry: 'Poveznica vrijedi {days} dana i može se upotrijebiti jednom.',
      ignore: 'Ako niste očekivali ovu poruku, zanemarite je.',
    },
    password_reset: {
      subject: '{app}: ponovno postavljanje lozinke',
      intro: 'Zatražena je nova lozinka za vaš račun. Odaberite novu lozinku ovdje:',
      action: 'Postavi novu lozinku',
      expiry: 'Poveznica vrijedi 1 sat i može se upotrijebiti jednom.',
      ignore: 'Ako niste vi zatražili promjenu, zanemarite ovu poruku; lozinka ostaje ista.',
    },
  },
  en: {
    activation: {
      subject: 'Your invitation to {app}',
      intro: 'You have been invited to {app}. Set your name and password to activate your account:',
      invitedIntro:
        '{inviter} invited you to join {company} on {app}. Set your name and password to activate your account:',
      action: 'Activate account',
      expiry: 'The link is valid for {days} days and can be used once.',
      ignore: 'If you did not expect this message, you can ignore it.',
    },
    password_reset: {
      subject: '{app}: reset your password',
      intro: 'A new password was requested for your account. Choose a new password here:',
      action: 'Choose a new password',
      expiry: 'The link is valid for 1 hour and can be used once.',
      ignore: 'If you did not ask for this, ignore this message; your password stays the same.',
    },
  },
  es: {
    activation: {
      subject: 'Tu invitación a {app}',
      intro: 'Te han invitado a {app}. Indica tu nombre y una contraseña para activar tu cuenta:',
      invitedIntro:
        '{inviter} te ha invitado a unirte a {company} en {app}. Indica tu nombre y una contraseña para activar tu cuenta:',
      action: 'Activar cuenta',
      expiry: 'El enlace es válido durante {days} días y solo puede usarse una vez.',
      ignore: 'Si no esperabas este mensaje, puedes ignorarlo.',
    },
    password_reset: {
      subject: '{app}: restablece tu contraseña',
      intro: 'Se ha solicitado una nueva contraseña para tu cuenta. Elige una nueva aquí:',
      action: 'Elegir nueva contraseña',
      expiry: 'El enlace es válido durante 1 hora y solo puede usarse una vez.',
      ignore: 'Si no lo solicitaste, ignora este mensaje; tu contraseña no cambia.',
    },
  },
  de: {
    activation: {
      subject: 'Ihre Einladung zu {app}',
      intro: 'Sie wurden zu {app} eingeladen. Legen Sie Namen und Passwort fest, um Ihr Konto zu aktivieren:',
      invitedIntro:
        '{inviter} hat Sie eingeladen, {company} in {app} beizutreten. Legen Sie Namen und Passwort fest, um Ihr Konto zu aktivieren:',
      action: 'Konto aktivieren',
      expiry: 'Der Link ist {days} Tage gültig und kann einmal verwendet werden.',
      ignore: 'Wenn Sie diese Nachricht nicht erwartet haben, können Sie sie ignorieren.',
    },
    password_reset: {
      subject: '{app}: Passwort zurücksetzen',
      intro: 'Für Ihr Konto wurde ein neues Passwort angefordert. Wählen Sie hier ein neues Passwort:',
      action: 'Neues Passwort wählen',
      expiry: 'Der Link ist 1 Stunde gültig und kann einmal verwendet werden.',
      ignore:
        'Wenn Sie das nicht angefordert haben, ignorieren Sie diese Nachricht; Ihr Passwort bleibt unverändert.',
    },
  },
  it: {
    activation: {
      subject: 'Il tuo invito a {app}',
      intro: 'Sei stato invitato a {app}. Imposta nome e password per attivare il tuo account:',
      invitedIntro:
        '{inviter} ti ha invitato a unirti a {company} su {app}. Imposta nome e password per attivare il tuo account:',
      action: 'Attiva account',
      expiry: 'Il link è valido per {days} giorni e può essere usato una sola volta.',
      ignore: 'Se non ti aspettavi questo messaggio, puoi ignorarlo.',
    },
    password_reset: {
      subject: '{app}: reimposta la password',
      intro: 'È stata richiesta una nuova password per il tuo account. Scegline una nuova qui:',
      action: 'Scegli una nuova password',
      expiry: 'Il link è valido per 1 ora e può essere usato una sola volta.',
      ignore: 'Se non l’hai richiesto tu, ignora questo messaggio; la password resta invariata.',
    },
  },
  ru: {
    activation: {
      subject: 'Приглашение в {app}',
      intro: 'Вас пригласили в {app}. Укажите имя и пароль, чтобы активировать учётную запись:',
      invitedIntro:
        '{inviter} приглашает вас присоединиться к компании {company} в {app}. Укажите имя и пароль, чтобы активировать учётную запись:',
      action: 'Активировать учётную запись',
      expiry: 'Ссылка действительна {days} дней и может быть использована один раз.',
      ignore: 'Если вы не ожидали этого письма, просто проигнорируйте его.',
    },
    password_reset: {
      subject: '{app}: сброс пароля',
      intro: 'Для вашей учётной записи запрошен новый пароль. Выберите новый пароль здесь:',
      action: 'Выбрать новый пароль',
      expiry: 'Ссылка действительна 1 час и может быть использована один раз.',
      ignore: 'Если вы этого не запрашивали, проигнорируйте письмо; пароль останется прежним.',
    },
  },
};

export const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

export function renderTokenMail(
  kind: Kind,
  language: Language,
  opts: {
    to: string;
    appName: string;
    appUrl: string;
    token: string;
    /** How long the link is valid (activation). */
    days?: number;
    /** The company invitation that made the account, named in the activation mail. */
    invited?: { company: string; inviter: string };
  },
): MailMessage {
  const texts = TEXTS[language][kind];
  const t = opts.invited && texts.invitedIntro ? { ...texts, intro: texts.invitedIntro } : texts;
  const fill = (s: string) =>
    s
      .replaceAll('{app}', opts.appName)
      .replaceAll('{days}', String(opts.days ?? ''))
      .replaceAll('{company}', opts.invited?.company ?? '')
      .replaceAll('{inviter}', opts.invited?.inviter ?? '');
  const route = kind === 'activation' ? 'activate' : 'reset-password';
  const link = `${opts.appUrl}/#/${route}/${opts.token}`;
  const text = `${fill(t.intro)}\n\n${link}\n\n${fill(t.expiry)}\n${t.ignore}\n`;
  const html = `<p>${escapeHtml(fill(t.intro))}</p><p><a href="${escapeHtml(link)}">${escapeHtml(t.action)}</a></p><p>${escapeHtml(fill(t.expiry))}<br>${escapeHtml(t.ignore)}</p>`;
  return { to: opts.to, subject: fill(t.subject), text, html };
}

import type { Language } from '@kontora/contract/limits';
import type { MailMessage } from './mailer.ts';
import { escapeHtml } from './templates.ts';

export type SecurityNotice = 'two_factor_enabled' | 'two_factor_disabled' | 'recovery_code_used';
type Texts = { subject: string; body: string };

/** Notices of changes to how a person signs in ({app} is the product name, {left} the codes left). */
const TEXTS: Record<Language, Record<SecurityNotice, Texts> & { notYou: string }> = {
  hr: {
    two_factor_enabled: {
      subject: '{app}: uključena je prijava u dva koraka',
      body: 'Za vaš račun uključena je prijava u dva koraka. Pri prijavi ćete uz lozinku trebati i kôd iz aplikacije za autentifikaciju.',
    },
    two_factor_disabled: {
      subject: '{app}: isključena je prijava u dva koraka',
      body: 'Za vaš račun isključena je prijava u dva koraka. Za prijavu je sada dovoljna lozinka.',
    },
    recovery_code_used: {
      subject: '{app}: upotrijebljen je kôd za oporavak',
      body: 'Za prijavu u vaš račun upotrijebljen je jedan kôd za oporavak. Preostalo kodova: {left}.',
    },
    notYou: 'Ako to niste bili vi, odmah promijenite lozinku i javite se administratoru.',
  },
  en: {
    two_factor_enabled: {
      subject: '{app}: two-factor sign-in is on',
      body: 'Two-factor sign-in was turned on for your account. Signing in now needs a code from your authenticator app as well as your password.',
    },
    two_factor_disabled: {
      subject: '{app}: two-factor sign-in is off',
      body: 'Two-factor sign-in was turned off for your account. Your password alone now signs you in.',
    },
    recovery_code_used: {
      subject: '{app}: a recovery code was used',
      body: 'A recovery code was used to sign in to your account. Codes left: {left}.',
    },
    notYou: 'If this was not you, change your password at once and tell your administrator.',
  },
  es: {
    two_factor_enabled: {
      subject: '{app}: verificación en dos pasos activada',
      body: 'Se ha activado la verificación en dos pasos en tu cuenta. Para iniciar sesión necesitarás, además de la contraseña, un código de tu aplicación de autenticación.',
    },
    two_factor_disabled: {
      subject: '{app}: verificación en dos pasos desactivada',
      body: 'Se ha desactivado la verificación en dos pasos en tu cuenta. Ahora basta con la contraseña para iniciar sesión.',
    },
    recovery_code_used: {
      subject: '{app}: se ha usado un código de recuperación',
      body: 'Se ha usado un código de recuperación para iniciar sesión en tu cuenta. Códigos restantes: {left}.',
    },
    notYou: 'Si no fuiste tú, cambia tu contraseña de inmediato y avisa a tu administrador.',
  },
  de: {
    two_factor_enabled: {
      subject: '{app}: Zwei-Faktor-Anmeldung eingeschaltet',
      body: 'Für Ihr Konto wurde die Zwei-Faktor-Anmeldung eingeschaltet. Zur Anmeldung brauchen Sie jetzt neben dem Passwort einen Code aus Ihrer Authenticator-App.',
    },
    two_factor_disabled: {
      subject: '{app}: Zwei-Faktor-Anmeldung ausgeschaltet',
      body: 'Für Ihr Konto wurde die Zwei-Faktor-Anmeldung ausgeschaltet. Zur Anmeldung genügt jetzt das Passwort.',
    },
    recovery_code_used: {
      subject: '{app}: Ein Wiederherstellungscode wurde verwendet',
      body: 'Zur Anmeldung in Ihr Konto wurde ein Wiederherstellungscode verwendet. Verbleibende Codes: {left}.',
    },
    notYou:
      'Wenn Sie das nicht waren, ändern Sie sofort Ihr Passwort und informieren Sie Ihren Administrator.',
  },
  it: {
    two_factor_enabled: {
      subject: '{app}: accesso in due passaggi attivato',
      body: 'Per il tuo account è stato attivato l’accesso in due passaggi. Per accedere ti servirà, oltre alla password, un codice dalla tua app di autenticazione.',
    },
    two_factor_disabled: {
      subject: '{app}: accesso in due passaggi disattivato',
      body: 'Per il tuo account è stato disattivato l’accesso in due passaggi. Ora per accedere basta la password.',
    },
    recovery_code_used: {
      subject: '{app}: è stato usato un codice di recupero',
      body: 'È stato usato un codice di recupero per accedere al tuo account. Codici rimasti: {left}.',
    },
    notYou: 'Se non sei stato tu, cambia subito la password e avvisa il tuo amministratore.',
  },
  ru: {
    two_factor_enabled: {
      subject: '{app}: двухфакторный вход включён',
      body: 'Для вашей учётной записи включён двухфакторный вход. Теперь для входа, помимо пароля, нужен код из приложения-аутентификатора.',
    },
    two_factor_disabled: {
      subject: '{app}: двухфакторный вход выключен',
      body: 'Для вашей учётной записи выключен двухфакторный вход. Теперь для входа достаточно пароля.',
    },
    recovery_code_used: {
      subject: '{app}: использован код восстановления',
      body: 'Для входа в вашу учётную запись использован код восстановления. Осталось кодов: {left}.',
    },
    notYou: 'Если это были не вы, немедленно смените пароль и сообщите администратору.',
  },
};

export function renderSecurityNotice(
  kind: SecurityNotice,
  language: Language,
  opts: { to: string; appName: string; appUrl: string; codesLeft?: number },
): MailMessage {
  const texts = TEXTS[language];
  const fill = (s: string) =>
    s.replaceAll('{app}', opts.appName).replaceAll('{left}', String(opts.codesLeft ?? 0));
  const body = fill(texts[kind].body);
  const link = `${opts.appUrl}/#/company/profile`;
  const text = `${body}\n\n${texts.notYou}\n${link}\n`;
  const html = `<p>${escapeHtml(body)}</p><p>${escapeHtml(texts.notYou)}<br><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>`;
  return { to: opts.to, subject: fill(texts[kind].subject), text, html };
}

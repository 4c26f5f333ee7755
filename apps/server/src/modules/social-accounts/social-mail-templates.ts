import type { Language } from '@kontora/contract/limits';
import type { MailMessage } from '../../mail/mailer.ts';
import { escapeHtml } from '../../mail/templates.ts';

export type SocialNotice = 'reconnect_needed' | 'publish_failed' | 'expires_soon';
type Texts = { subject: string; body: string; open: string };

/** {app} product name, {account} the account's name, {network} its network, {post} the post's first words, {date} when the connection ends. */
const TEXTS: Record<Language, Record<SocialNotice, Texts>> = {
  hr: {
    expires_soon: {
      subject: '{app}: veza s računom {account} istječe {date}',
      body: 'Mreža {network} prekida vezu s računom {account} {date}. Ponovno povežite račun prije toga kako bi zakazane objave mogle izaći.',
      open: 'Otvorite račune',
    },
    reconnect_needed: {
      subject: '{app}: ponovno povežite račun {account}',
      body: 'Račun {account} ({network}) više ne prihvaća objave iz aplikacije. Ponovno ga povežite kako bi zakazane objave mogle izaći.',
      open: 'Otvorite račune',
    },
    publish_failed: {
      subject: '{app}: objava nije uspjela na {account}',
      body: 'Objava „{post}” nije objavljena na {account} ({network}). Možete je ponovno pokušati s detalja objave.',
      open: 'Otvorite objavu',
    },
  },
  en: {
    expires_soon: {
      subject: '{app}: the connection to {account} ends on {date}',
      body: '{network} ends the app’s access to {account} on {date}. Connect the account again before then so that scheduled posts can go out.',
      open: 'Open accounts',
    },
    reconnect_needed: {
      subject: '{app}: reconnect {account}',
      body: 'The account {account} ({network}) no longer accepts posts from the app. Connect it again so that scheduled posts can go out.',
      open: 'Open accounts',
    },
    publish_failed: {
      subject: '{app}: a post failed on {account}',
      body: 'The post “{post}” was not published on {account} ({network}). You can retry it from the post’s details.',
      open: 'Open the post',
    },
  },
  es: {
    expires_soon: {
      subject: '{app}: la conexión con {account} termina el {date}',
      body: '{network} termina el acceso de la aplicación a {account} el {date}. Vuelve a conectar la cuenta antes para que salgan las publicaciones programadas.',
      open: 'Abrir cuentas',
    },
    reconnect_needed: {
      subject: '{app}: vuelve a conectar {account}',
      body: 'La cuenta {account} ({network}) ya no acepta publicaciones de la aplicación. Conéctala de nuevo para que salgan las publicaciones programadas.',
      open: 'Abrir cuentas',
    },
    publish_failed: {
      subject: '{app}: una publicación falló en {account}',
      body: 'La publicación «{post}» no se publicó en {account} ({network}). Puedes reintentarla desde sus detalles.',
      open: 'Abrir la publicación',
    },
  },
  de: {
    expires_soon: {
      subject: '{app}: Die Verbindung zu {account} endet am {date}',
      body: '{network} beendet den Zugriff der App auf {account} am {date}. Verbinden Sie das Konto vorher neu, damit geplante Beiträge erscheinen können.',
      open: 'Konten öffnen',
    },
    reconnect_needed: {
      subject: '{app}: {account} neu verbinden',
      body: 'Das Konto {account} ({network}) nimmt keine Beiträge der App mehr an. Verbinden Sie es neu, damit geplante Beiträge erscheinen können.',
      open: 'Konten öffnen',
    },
    publish_failed: {
      subject: '{app}: Ein Beitrag ist auf {account} fehlgeschlagen',
      body: 'Der Beitrag „{post}“ wurde auf {account} ({network}) nicht veröffentlicht. Sie können ihn in den Details des Beitrags erneut versuchen.',
      open: 'Beitrag öffnen',
    },
  },
  it: {
    expires_soon: {
      subject: '{app}: il collegamento con {account} scade il {date}',
      body: '{network} termina l’accesso dell’app a {account} il {date}. Ricollega l’account prima di allora perché i post programmati possano uscire.',
      open: 'Apri gli account',
    },
    reconnect_needed: {
      subject: '{app}: ricollega {account}',
      body: 'L’account {account} ({network}) non accetta più post dall’app. Ricollegalo perché i post programmati possano uscire.',
      open: 'Apri gli account',
    },
    publish_failed: {
      subject: '{app}: un post non è riuscito su {account}',
      body: 'Il post «{post}» non è stato pubblicato su {account} ({network}). Puoi riprovare dai dettagli del post.',
      open: 'Apri il post',
    },
  },
  ru: {
    expires_soon: {
      subject: '{app}: подключение {account} закончится {date}',
      body: '{network} прекращает доступ приложения к {account} {date}. Подключите аккаунт заново до этого, чтобы запланированные публикации могли выйти.',
      open: 'Открыть аккаунты',
    },
    reconnect_needed: {
      subject: '{app}: переподключите {account}',
      body: 'Аккаунт {account} ({network}) больше не принимает публикации из приложения. Подключите его заново, чтобы запланированные публикации могли выйти.',
      open: 'Открыть аккаунты',
    },
    publish_failed: {
      subject: '{app}: публикация не удалась в {account}',
      body: 'Публикация «{post}» не вышла в {account} ({network}). Её можно повторить со страницы публикации.',
      open: 'Открыть публикацию',
    },
  },
};

export function renderSocialNotice(
  kind: SocialNotice,
  language: Language,
  opts: {
    to: string;
    appName: string;
    link: string;
    account: string;
    network: string;
    post?: string;
    date?: string;
  },
): MailMessage {
  const texts = TEXTS[language][kind];
  const fill = (s: string) =>
    s
      .replaceAll('{app}', opts.appName)
      .replaceAll('{account}', opts.account)
      .replaceAll('{network}', opts.network)
      .replaceAll('{post}', opts.post ?? '')
      .replaceAll('{date}', opts.date ?? '');
  const body = fill(texts.body);
  const text = `${body}\n\n${texts.open}: ${opts.link}\n`;
  const html = `<p>${escapeHtml(body)}</p><p><a href="${escapeHtml(opts.link)}">${escapeHtml(texts.open)}</a></p>`;
  return { to: opts.to, subject: fill(texts.subject), text, html };
}

import type { Language } from '@kontora/contract/limits';
import type { MailMessage } from '../../mail/mailer.ts';
import { escapeHtml } from '../../mail/templates.ts';

export type ApprovalNotice = 'approved' | 'changes_requested';
type Texts = { subject: string; body: string; open: string };

/** {app} product name, {post} the post's first words, {when} when it goes out, {comment} the client's words. */
const TEXTS: Record<Language, Record<ApprovalNotice, Texts>> = {
  hr: {
    approved: {
      subject: '{app}: objava je odobrena',
      body: 'Klijent je odobrio objavu „{post}”. Izlazi {when}.',
      open: 'Otvorite objavu',
    },
    changes_requested: {
      subject: '{app}: klijent traži izmjene objave',
      body: 'Klijent traži izmjene objave „{post}”: {comment}. Objava je vraćena u skice.',
      open: 'Otvorite objavu',
    },
  },
  en: {
    approved: {
      subject: '{app}: your post was approved',
      body: 'The client approved the post “{post}”. It goes out {when}.',
      open: 'Open the post',
    },
    changes_requested: {
      subject: '{app}: the client asks for changes to a post',
      body: 'The client asks for changes to the post “{post}”: {comment}. The post is back among the drafts.',
      open: 'Open the post',
    },
  },
  es: {
    approved: {
      subject: '{app}: tu publicación fue aprobada',
      body: 'El cliente aprobó la publicación «{post}». Sale {when}.',
      open: 'Abrir la publicación',
    },
    changes_requested: {
      subject: '{app}: el cliente pide cambios en una publicación',
      body: 'El cliente pide cambios en la publicación «{post}»: {comment}. La publicación vuelve a los borradores.',
      open: 'Abrir la publicación',
    },
  },
  de: {
    approved: {
      subject: '{app}: Ihr Beitrag wurde freigegeben',
      body: 'Der Kunde hat den Beitrag „{post}“ freigegeben. Er erscheint {when}.',
      open: 'Beitrag öffnen',
    },
    changes_requested: {
      subject: '{app}: Der Kunde wünscht Änderungen an einem Beitrag',
      body: 'Der Kunde wünscht Änderungen am Beitrag „{post}“: {comment}. Der Beitrag ist wieder ein Entwurf.',
      open: 'Beitrag öffnen',
    },
  },
  it: {
    approved: {
      subject: '{app}: il tuo post è stato approvato',
      body: 'Il cliente ha approvato il post «{post}». Esce {when}.',
      open: 'Apri il post',
    },
    changes_requested: {
      subject: '{app}: il cliente chiede modifiche a un post',
      body: 'Il cliente chiede modifiche al post «{post}»: {comment}. Il post è tornato tra le bozze.',
      open: 'Apri il post',
    },
  },
  ru: {
    approved: {
      subject: '{app}: публикация одобрена',
      body: 'Клиент одобрил публикацию «{post}». Она выйдет {when}.',
      open: 'Открыть публикацию',
    },
    changes_requested: {
      subject: '{app}: клиент просит изменить публикацию',
      body: 'Клиент просит изменить публикацию «{post}»: {comment}. Публикация возвращена в черновики.',
      open: 'Открыть публикацию',
    },
  },
};

/** "now" in each language, for an approved post without a (future) time. */
const NOW: Record<Language, string> = {
  hr: 'odmah',
  en: 'now',
  es: 'ahora',
  de: 'jetzt',
  it: 'subito',
  ru: 'сейчас',
};

export function renderApprovalNotice(
  kind: ApprovalNotice,
  language: Language,
  opts: {
    to: string;
    appName: string;
    link: string;
    post: string;
    /** The time it goes out, already formatted in the company's zone; null: now. */
    when: string | null;
    comment: string;
  },
): MailMessage {
  const texts = TEXTS[language][kind];
  const fill = (s: string) =>
    s
      .replaceAll('{app}', opts.appName)
      .replaceAll('{post}', opts.post)
      .replaceAll('{when}', opts.when ?? NOW[language])
      .replaceAll('{comment}', opts.comment);
  const body = fill(texts.body);
  const text = `${body}\n\n${texts.open}: ${opts.link}\n`;
  const html = `<p>${escapeHtml(body)}</p><p><a href="${escapeHtml(opts.link)}">${escapeHtml(texts.open)}</a></p>`;
  return { to: opts.to, subject: fill(texts.subject), text, html };
}

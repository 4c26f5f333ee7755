import { useTranslation } from 'react-i18next';

/** Nothing runs or loads but images from the message itself, and remote images when asked for. */
const framePolicy = (images: boolean) => `default-src 'none'; img-src data:${images ? ' https:' : ''}`;

const escapeAttribute = (value: string) => value.replaceAll('&', '&amp;').replaceAll('"', '&quot;');

/**
 * A mail's sanitised HTML in a sandboxed frame (docs/decisions/066-reading-synced-mail.md):
 * no scripts, no same origin (the frame cannot reach the app or its session), links open in
 * a new tab outside the sandbox; its own CSP keeps remote images off until `images`. It
 * carries no stylesheet: an opaque-origin frame may not load the app's files (their
 * `Cross-Origin-Resource-Policy` is same-origin), and inline styles are refused by the
 * policy it inherits, so the mail shows with the browser's defaults.
 */
export function EmailFrame({ html, subject, images }: { html: string; subject: string; images: boolean }) {
  const { t } = useTranslation();
  const document = [
    '<!doctype html><html><head><meta charset="utf-8">',
    `<meta http-equiv="Content-Security-Policy" content="${escapeAttribute(framePolicy(images))}">`,
    '<meta name="referrer" content="no-referrer">',
    // Mail is written for a light page: in the dark theme the frame would inherit light text.
    '<meta name="color-scheme" content="light">',
    '<base target="_blank">',
    `</head><body>${html}</body></html>`,
  ].join('');
  return (
    <iframe
      className="kt-email-frame w-100 border rounded bg-white"
      title={t('emails.frameTitle', { subject })}
      sandbox="allow-popups allow-popups-to-escape-sandbox"
      referrerPolicy="no-referrer"
      srcDoc={document}
    />
  );
}

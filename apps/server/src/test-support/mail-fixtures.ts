/**
 * A raw message as a mail client sends it: an HTML part (with a remote image, as trackers
 * use) and one PDF attachment, dated a day ago unless said. For the mailbox API tests and the browser
 * story, which put it into Dovecot by IMAP APPEND.
 */
export function htmlMailWithAttachment(mail: {
  id: string;
  from: string;
  to: string;
  subject: string;
  html: string;
  file: string;
  content: string;
  daysAgo?: number;
}): string {
  return [
    `From: ${mail.from}`,
    `To: ${mail.to}`,
    `Subject: ${mail.subject}`,
    `Date: ${new Date(Date.now() - (mail.daysAgo ?? 1) * 86_400_000).toUTCString()}`,
    `Message-ID: <${mail.id}>`,
    'MIME-Version: 1.0',
    'Content-Type: multipart/mixed; boundary="b1"',
    '',
    '--b1',
    'Content-Type: text/html; charset=utf-8',
    '',
    mail.html,
    '--b1',
    `Content-Type: application/pdf; name="${mail.file}"`,
    `Content-Disposition: attachment; filename="${mail.file}"`,
    'Content-Transfer-Encoding: base64',
    '',
    Buffer.from(mail.content).toString('base64'),
    '--b1--',
    '',
  ].join('\r\n');
}

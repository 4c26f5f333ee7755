import type { EmailAddress, EmailMessage } from '@kontora/contract/mailboxes';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '../../../../components/form-alert.tsx';
import { LoadError } from '../../../../components/list-states.tsx';
import { downloadFile } from '../../../../lib/csv-download.ts';
import { errorMessage } from '../../../../lib/errors.ts';
import { useFormatters } from '../../../../lib/format.ts';
import { attachmentPath, useEmailMessage } from '../../api/emails.ts';
import { EmailFrame } from './email-frame.tsx';
import { ReplyButtons } from './reply-buttons.tsx';

const person = (a: EmailAddress) => (a.name ? `${a.name} <${a.address}>` : a.address);

function Headers({ message }: { message: EmailMessage }) {
  const { t } = useTranslation();
  const format = useFormatters();
  const rows: [string, string][] = [
    [t('emails.from'), message.from ? person(message.from) : ''],
    [t('emails.to'), message.to.map(person).join(', ')],
    ...(message.cc.length > 0
      ? [[t('emails.cc'), message.cc.map(person).join(', ')] as [string, string]]
      : []),
    [t('emails.date'), format.dateTime(message.date)],
  ];
  return (
    <dl className="kt-email-headers small mb-2">
      {rows.map(([label, value]) => (
        <div key={label}>
          <dt className="text-body-secondary fw-normal">{label}</dt>
          <dd className="mb-0 text-break">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function Attachments({ companyId, message }: { companyId: number; message: EmailMessage }) {
  const { t } = useTranslation();
  const format = useFormatters();
  const [failed, setFailed] = useState<string | null>(null);
  if (message.attachments.length === 0) return null;
  return (
    <section className="mt-3" aria-label={t('emails.attachments')}>
      <h4 className="h6">{t('emails.attachments')}</h4>
      {failed && <FormAlert kind="danger">{failed}</FormAlert>}
      <ul className="list-unstyled d-flex flex-wrap gap-2 mb-0">
        {message.attachments.map((a) => {
          const name = a.filename ?? t('emails.unnamed');
          const size = `${format.number(Math.max(1, Math.round(a.size / 1024)))} kB`;
          return (
            <li key={a.id}>
              {message.body_visible ? (
                <button
                  type="button"
                  className="btn btn-outline-secondary btn-sm"
                  aria-label={t('emails.download', { name })}
                  onClick={() => {
                    setFailed(null);
                    downloadFile(attachmentPath(companyId, message.id, a.id), name).catch((error) =>
                      setFailed(`${t('emails.downloadFailed')} ${errorMessage(t, error)}`),
                    );
                  }}
                >
                  {name} <span className="text-body-secondary">({size})</span>
                </button>
              ) : (
                <span className="badge text-bg-light border">{name}</span>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}

/** One message: who, when, its body (HTML in a sandboxed frame, remote images on request) and attachments. */
export function EmailMessageView({ companyId, id }: { companyId: number; id: number }) {
  const { t } = useTranslation();
  const [images, setImages] = useState(false);
  const message = useEmailMessage(companyId, id, images);
  if (message.isError) return <LoadError error={message.error} onRetry={() => void message.refetch()} />;
  if (!message.data) {
    return (
      <div className="py-3 text-center" role="status">
        <span className="spinner-border spinner-border-sm text-primary" aria-hidden="true" />
        <span className="visually-hidden">{t('common.loading')}</span>
      </div>
    );
  }
  const data = message.data;
  const subject = data.subject || t('emails.noSubject');
  return (
    <article aria-label={subject}>
      <h3 className="h6 text-break">{subject}</h3>
      <Headers message={data} />
      <ReplyButtons companyId={companyId} message={data} />
      {!data.body_visible ? (
        <FormAlert kind="info">{t('emails.bodyHidden')}</FormAlert>
      ) : data.html ? (
        <>
          {data.remote_images && !images && (
            <div className="d-flex flex-wrap align-items-center gap-2 mb-2 small">
              <span className="text-body-secondary">{t('emails.imagesBlocked')}</span>
              <button
                type="button"
                className="btn btn-outline-secondary btn-sm"
                onClick={() => setImages(true)}
              >
                {t('emails.showImages')}
              </button>
            </div>
          )}
          <EmailFrame html={data.html} subject={subject} images={images} />
        </>
      ) : data.text ? (
        <div className="kt-email-text border rounded p-3 text-break">{data.text}</div>
      ) : (
        <p className="text-body-secondary">{t('emails.noBody')}</p>
      )}
      <Attachments companyId={companyId} message={data} />
    </article>
  );
}

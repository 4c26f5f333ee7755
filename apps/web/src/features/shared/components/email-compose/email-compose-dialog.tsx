import { EMAIL_SEND_LIMITS } from '@kontora/contract/email-sending';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FormAlert } from '../../../../components/form-alert.tsx';
import { FormField } from '../../../../components/form-field.tsx';
import { Modal } from '../../../../components/modal.tsx';
import { ModalFormFooter } from '../../../../components/modal-form-footer.tsx';
import { paths } from '../../../../config/paths.ts';
import { isApiError } from '../../../../lib/api-client.ts';
import { fieldErrorText } from '../../../../lib/form-errors.ts';
import { problemText } from '../../../../lib/server-problems.ts';
import { useEmailTemplates } from '../../api/email-templates.ts';
import { type ReplyQuote, replyHtml } from '../emails/reply-quote.ts';
import { type SendInput, useOwnMailboxes, useSendEmail } from './compose-api.ts';
import { offerUndo } from './offer-undo.ts';

/** Who the message goes to: customers (one message each, their fields merged) or addresses (and Cc). */
export type ComposeTarget = { label: string; customerIds?: number[]; addresses?: string[]; cc?: string[] };

type ComposeProps = {
  open: boolean;
  onClose: () => void;
  companyId: number;
  target: ComposeTarget;
  dealId?: number;
  /** A kept message this one answers (reply, reply all). */
  inReplyTo?: number;
  subject?: string;
  /** A reply's quote of the original: the body starts with it, and the HTML part quotes it. */
  quote?: ReplyQuote;
  /** The mailbox to send from at first (a reply: the one the message reached). */
  mailboxId?: number;
};

const FIELDS = [
  'mailbox_id',
  'to',
  'cc',
  'customer_ids',
  'in_reply_to',
  'subject',
  'text',
  'template_id',
  'send_at',
] as const;

/**
 * Writes to a customer from their page, a deal or a list: from one of the person's own
 * mailboxes, optionally from a template (its merge fields are filled per recipient on the
 * server), now (with 10 s to undo) or later.
 */
export function EmailComposeDialog(props: ComposeProps) {
  const { t } = useTranslation();
  return (
    <Modal open={props.open} onClose={props.onClose} title={t('crm.emailCompose.title')} size="lg">
      {props.open && <ComposeForm {...props} />}
    </Modal>
  );
}

function ComposeForm({
  onClose,
  companyId,
  target,
  dealId,
  inReplyTo,
  subject: initialSubject,
  quote,
  mailboxId: initialMailbox,
}: ComposeProps) {
  const { t } = useTranslation();
  const mailboxes = useOwnMailboxes(companyId, true);
  const templates = useEmailTemplates(companyId);
  const send = useSendEmail(companyId);
  const [mailboxId, setMailboxId] = useState(initialMailbox ? String(initialMailbox) : '');
  const [templateId, setTemplateId] = useState('');
  const [subject, setSubject] = useState(initialSubject ?? '');
  const [text, setText] = useState(quote?.prefill ?? '');
  const [later, setLater] = useState(false);
  const [sendAt, setSendAt] = useState('');
  // Only a mailbox with SMTP settings can send.
  const boxes = (mailboxes.data ?? []).filter((box) => box.can_send);
  const from = mailboxId || String(boxes[0]?.id ?? '');

  const details = isApiError(send.error) ? send.error.details : {};
  const errorOf = (...keys: string[]) => fieldErrorText(t, keys.map((k) => details[k]?.[0]).find(Boolean));
  const generalError = send.error ? problemText(t, send.error, FIELDS) : null;

  const pickTemplate = (id: string) => {
    setTemplateId(id);
    const picked = templates.data?.items.find((tpl) => String(tpl.id) === id);
    if (!picked) return;
    setSubject(picked.subject);
    // The body is edited as text; an HTML-only template gives its text content.
    setText(
      picked.text ?? new DOMParser().parseFromString(picked.html ?? '', 'text/html').body.textContent ?? '',
    );
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body: SendInput = {
      mailbox_id: Number(from),
      subject,
      text,
      // A reply quotes the original as HTML too, as mail clients show it.
      ...(quote ? { html: replyHtml(text, quote) } : {}),
      ...(target.customerIds ? { customer_ids: target.customerIds } : { to: target.addresses ?? [] }),
      ...(target.cc?.length ? { cc: target.cc } : {}),
      ...(dealId ? { deal_id: dealId } : {}),
      ...(inReplyTo ? { in_reply_to: inReplyTo } : {}),
      ...(later && sendAt ? { send_at: new Date(sendAt).toISOString() } : {}),
    };
    send.mutate(body, {
      onSuccess: ({ items }) => {
        onClose();
        offerUndo(t, companyId, items, Boolean(body.send_at));
      },
    });
  };

  if (mailboxes.isSuccess && boxes.length === 0) {
    return (
      <div className="modal-body">
        <FormAlert kind="info">
          {t('crm.emailCompose.noMailbox')}{' '}
          <Link to={paths.company.settings.href()} onClick={onClose}>
            {t('emails.openSettings')}
          </Link>
        </FormAlert>
      </div>
    );
  }
  return (
    <form onSubmit={submit} noValidate>
      <div className="modal-body">
        {generalError && <FormAlert kind="danger">{generalError}</FormAlert>}
        <p className="mb-3">
          <span className="text-body-secondary">{t('crm.emailCompose.to')}</span> {target.label}
          {target.cc?.length ? (
            <>
              <br />
              <span className="text-body-secondary">{t('crm.emailCompose.cc')}</span> {target.cc.join(', ')}
            </>
          ) : null}
        </p>
        {errorOf('to', 'customer_ids', 'cc', 'in_reply_to') && (
          <p className="text-danger small">{errorOf('to', 'customer_ids', 'cc', 'in_reply_to')}</p>
        )}
        <div className="row g-3">
          <FormField
            className="col-md-6"
            label={t('crm.emailCompose.from')}
            error={errorOf('mailbox_id')}
            controlClass="form-select"
          >
            {(control) => (
              <select {...control} value={from} onChange={(e) => setMailboxId(e.target.value)}>
                {boxes.map((box) => (
                  <option key={box.id} value={box.id}>
                    {box.email}
                  </option>
                ))}
              </select>
            )}
          </FormField>
          <FormField
            className="col-md-6"
            label={t('crm.emailCompose.template')}
            error={errorOf('template_id')}
            controlClass="form-select"
          >
            {(control) => (
              <select {...control} value={templateId} onChange={(e) => pickTemplate(e.target.value)}>
                <option value="">{t('crm.emailCompose.noTemplate')}</option>
                {(templates.data?.items ?? []).map((tpl) => (
                  <option key={tpl.id} value={tpl.id}>
                    {tpl.name}
                  </option>
                ))}
              </select>
            )}
          </FormField>
          <FormField
            className="col-12"
            label={t('crm.emailCompose.subject')}
            error={errorOf('subject')}
            controlClass="form-control"
          >
            {(control) => (
              <input
                {...control}
                value={subject}
                maxLength={EMAIL_SEND_LIMITS.subjectMax}
                onChange={(e) => setSubject(e.target.value)}
              />
            )}
          </FormField>
          <FormField
            className="col-12"
            label={t('crm.emailCompose.body')}
            hint={t('crm.emailCompose.mergeHint', { example: '{{customer.first_name}}' })}
            error={errorOf('text')}
            controlClass="form-control"
          >
            {(control) => (
              <textarea {...control} rows={10} value={text} onChange={(e) => setText(e.target.value)} />
            )}
          </FormField>
          <div className="col-12">
            <div className="form-check">
              <input
                id="email-compose-later"
                type="checkbox"
                className="form-check-input"
                checked={later}
                onChange={(e) => setLater(e.target.checked)}
              />
              <label className="form-check-label" htmlFor="email-compose-later">
                {t('crm.emailCompose.sendLater')}
              </label>
            </div>
          </div>
          {later && (
            <FormField
              className="col-md-6"
              label={t('crm.emailCompose.sendAt')}
              error={errorOf('send_at')}
              controlClass="form-control"
            >
              {(control) => (
                <input
                  {...control}
                  type="datetime-local"
                  value={sendAt}
                  onChange={(e) => setSendAt(e.target.value)}
                />
              )}
            </FormField>
          )}
        </div>
      </div>
      <ModalFormFooter
        submitLabel={later ? t('crm.emailCompose.schedule') : t('crm.emailCompose.send')}
        onCancel={onClose}
        busy={send.isPending}
        disabled={!from || (later && !sendAt)}
      />
    </form>
  );
}

import { EMAIL_SEND_LIMITS, type EmailTemplate, MERGE_FIELDS } from '@kontora/contract/email-sending';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '../../../components/form-alert.tsx';
import { FormField } from '../../../components/form-field.tsx';
import { SettingsSection } from '../../../components/settings-section.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { fieldErrorText } from '../../../lib/form-errors.ts';
import { problemText } from '../../../lib/server-problems.ts';
import {
  useDeleteEmailTemplate,
  useEmailTemplates,
  useSaveEmailTemplate,
} from '../../shared/api/email-templates.ts';

const FIELDS = ['name', 'subject', 'text', 'html'] as const;
type Draft = { id: number | null; name: string; subject: string; text: string };
const EMPTY: Draft = { id: null, name: '', subject: '', text: '' };

/** The company's email templates: name, subject and a text body with merge fields. */
export function EmailTemplatesSection({ companyId }: { companyId: number }) {
  const { t } = useTranslation();
  const templates = useEmailTemplates(companyId);
  const save = useSaveEmailTemplate(companyId);
  const remove = useDeleteEmailTemplate(companyId);
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const details = isApiError(save.error) ? save.error.details : {};
  const errorOf = (key: string) => fieldErrorText(t, details[key]?.[0]);
  const problem = save.error
    ? problemText(t, save.error, FIELDS)
    : remove.error
      ? problemText(t, remove.error)
      : null;

  const edit = (tpl: EmailTemplate) => {
    save.reset();
    setDraft({ id: tpl.id, name: tpl.name, subject: tpl.subject, text: tpl.text ?? '' });
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(
      { id: draft.id, body: { name: draft.name, subject: draft.subject, text: draft.text, html: null } },
      { onSuccess: () => setDraft(EMPTY) },
    );
  };
  const set = (key: 'name' | 'subject' | 'text') => (value: string) =>
    setDraft((d) => ({ ...d, [key]: value }));

  return (
    <SettingsSection
      title={t('settings.emailTemplates.title')}
      note={t('settings.emailTemplates.note')}
      className="mb-4"
    >
      {problem && <FormAlert kind="danger">{problem}</FormAlert>}
      <ul className="list-group mb-3">
        {(templates.data?.items ?? []).map((tpl) => (
          <li key={tpl.id} className="list-group-item d-flex align-items-center gap-2">
            <span className="me-auto">{tpl.name}</span>
            <button type="button" className="btn btn-sm btn-outline-secondary" onClick={() => edit(tpl)}>
              {t('settings.emailTemplates.edit')}
            </button>
            <button
              type="button"
              className="btn btn-sm btn-outline-danger"
              disabled={remove.isPending}
              onClick={() => remove.mutate(tpl.id)}
              aria-label={t('settings.emailTemplates.deleteNamed', { name: tpl.name })}
            >
              {t('settings.emailTemplates.delete')}
            </button>
          </li>
        ))}
        {templates.isSuccess && templates.data.items.length === 0 && (
          <li className="list-group-item text-body-secondary">{t('settings.emailTemplates.none')}</li>
        )}
      </ul>
      <form onSubmit={submit} noValidate>
        <h3 className="h6">
          {draft.id === null ? t('settings.emailTemplates.add') : t('settings.emailTemplates.change')}
        </h3>
        <FormField
          className="mb-2"
          label={t('settings.emailTemplates.name')}
          error={errorOf('name')}
          controlClass="form-control"
        >
          {(control) => (
            <input
              {...control}
              value={draft.name}
              maxLength={EMAIL_SEND_LIMITS.templateNameMax}
              onChange={(e) => set('name')(e.target.value)}
            />
          )}
        </FormField>
        <FormField
          className="mb-2"
          label={t('settings.emailTemplates.subject')}
          error={errorOf('subject')}
          controlClass="form-control"
        >
          {(control) => (
            <input
              {...control}
              value={draft.subject}
              maxLength={EMAIL_SEND_LIMITS.subjectMax}
              onChange={(e) => set('subject')(e.target.value)}
            />
          )}
        </FormField>
        <FormField
          className="mb-2"
          label={t('settings.emailTemplates.body')}
          hint={t('settings.emailTemplates.fields', {
            fields: MERGE_FIELDS.map((f) => `{{${f}}}`).join(', '),
          })}
          error={errorOf('text')}
          controlClass="form-control"
        >
          {(control) => (
            <textarea
              {...control}
              rows={6}
              value={draft.text}
              onChange={(e) => set('text')(e.target.value)}
            />
          )}
        </FormField>
        <div className="d-flex gap-2">
          <button type="submit" className="btn btn-primary" disabled={save.isPending}>
            {t('common.save')}
          </button>
          {draft.id !== null && (
            <button type="button" className="btn btn-outline-secondary" onClick={() => setDraft(EMPTY)}>
              {t('settings.emailTemplates.cancel')}
            </button>
          )}
        </div>
      </form>
    </SettingsSection>
  );
}

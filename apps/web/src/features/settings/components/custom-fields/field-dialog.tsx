import {
  CUSTOM_FIELD_LIMITS,
  CUSTOM_FIELD_TYPES,
  type CustomField,
  type CustomRecord,
} from '@kontora/contract/custom-fields';
import { LANGUAGES } from '@kontora/contract/limits';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '../../../../components/form-alert.tsx';
import { Modal } from '../../../../components/modal.tsx';
import { SubmitButton } from '../../../../components/submit-button.tsx';
import { isApiError } from '../../../../lib/api-client.ts';
import { problemText, reasonText } from '../../../../lib/server-problems.ts';
import { useCreateCustomField, useUpdateCustomField } from '../../../shared/api/custom-fields.ts';
import {
  createBody,
  draftOf,
  emptyDraft,
  type FieldDraft,
  keyFromLabel,
  optionUid,
  SELECT_TYPES,
  updateBody,
} from './field-draft.ts';
import { OptionMerge } from './option-merge.tsx';

const SHOWN = [
  'label',
  'key',
  'type',
  'help',
  'section',
  'options',
  'value',
  ...LANGUAGES.map((l) => `labels.${l}`),
];

/** Adds a field of a record kind, or edits one (its key and type stay as created). */
export function FieldDialog({
  companyId,
  record,
  field,
  sections,
  onClose,
}: {
  companyId: number;
  record: CustomRecord;
  field: CustomField | null;
  /** Names of the record kind's sections, suggested in the section's input. */
  sections: readonly string[];
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const create = useCreateCustomField(companyId);
  const update = useUpdateCustomField(companyId);
  const [draft, setDraft] = useState<FieldDraft>(() => (field ? draftOf(field) : emptyDraft()));
  const save = field ? update : create;
  const set = (change: Partial<FieldDraft>) => setDraft((d) => ({ ...d, ...change }));
  const details = isApiError(save.error) ? save.error.details : {};
  /** The server's first problem about a path (`options.2.label` is shown on that option). */
  const problem = (path: string) => reasonText(t, details[path]?.[0]);
  const optionProblem = (i: number) =>
    problem(`options.${i}.label`) ?? problem(`options.${i}.value`) ?? problem(`options.${i}`);
  const alert = save.error ? problemText(t, save.error, SHOWN) : null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const done = { onSuccess: onClose };
    if (field) update.mutate({ id: field.id, ...updateBody(field, draft) }, done);
    else create.mutate(createBody(record, draft), done);
  };

  const input = (name: string, label: string, control: React.ReactNode, note?: string) => (
    <div className="mb-3">
      <label className="form-label" htmlFor={`${id}-${name}`}>
        {label}
      </label>
      {control}
      {note && <div className="form-text">{note}</div>}
      {problem(name) && (
        <div className="invalid-feedback d-block" id={`${id}-${name}-error`}>
          {problem(name)}
        </div>
      )}
    </div>
  );
  const invalid = (name: string) => ({
    className: `form-control${problem(name) ? ' is-invalid' : ''}`,
    'aria-invalid': problem(name) ? true : undefined,
    'aria-describedby': problem(name) ? `${id}-${name}-error` : undefined,
  });

  return (
    <Modal open onClose={onClose} title={field ? t('customFields.editTitle') : t('customFields.addTitle')}>
      <form noValidate onSubmit={submit}>
        <div className="modal-body">
          {alert && <FormAlert kind="danger">{alert}</FormAlert>}
          {input(
            'label',
            t('customFields.label'),
            <input
              id={`${id}-label`}
              {...invalid('label')}
              maxLength={CUSTOM_FIELD_LIMITS.labelMax}
              value={draft.label}
              onChange={(e) =>
                set({
                  label: e.target.value,
                  ...(draft.keyFollows && !field ? { key: keyFromLabel(e.target.value) } : {}),
                })
              }
            />,
          )}
          <details className="mb-3" open={Object.keys(draft.labels).length > 0}>
            <summary className="form-label">{t('customFields.labelsLegend')}</summary>
            <div className="form-text mb-2">{t('customFields.labelsNote')}</div>
            {LANGUAGES.map((language) => (
              <div className="mb-2" key={language}>
                <label className="form-label small mb-1" htmlFor={`${id}-label-${language}`}>
                  {t('customFields.labelIn', { language: t(`language.names.${language}`) })}
                </label>
                <input
                  id={`${id}-label-${language}`}
                  lang={language}
                  {...invalid(`labels.${language}`)}
                  maxLength={CUSTOM_FIELD_LIMITS.labelMax}
                  value={draft.labels[language] ?? ''}
                  onChange={(e) => set({ labels: { ...draft.labels, [language]: e.target.value } })}
                />
              </div>
            ))}
          </details>
          {input(
            'key',
            t('customFields.key'),
            <input
              id={`${id}-key`}
              {...invalid('key')}
              maxLength={40}
              readOnly={field !== null}
              value={draft.key}
              onChange={(e) => set({ key: e.target.value, keyFollows: false })}
            />,
            t('customFields.keyNote'),
          )}
          {input(
            'type',
            t('customFields.type'),
            <select
              id={`${id}-type`}
              {...invalid('type')}
              className={`form-select${problem('type') ? ' is-invalid' : ''}`}
              disabled={field !== null}
              value={draft.type}
              onChange={(e) => set({ type: e.target.value as FieldDraft['type'] })}
            >
              {CUSTOM_FIELD_TYPES.map((type) => (
                <option key={type} value={type}>
                  {t(`customFields.types.${type}`)}
                </option>
              ))}
            </select>,
          )}
          {input(
            'help',
            t('customFields.help'),
            <input
              id={`${id}-help`}
              {...invalid('help')}
              maxLength={CUSTOM_FIELD_LIMITS.helpMax}
              value={draft.help}
              onChange={(e) => set({ help: e.target.value })}
            />,
          )}
          {input(
            'section',
            t('customFields.sections.label'),
            <>
              <input
                id={`${id}-section`}
                {...invalid('section')}
                list={`${id}-sections`}
                autoComplete="off"
                maxLength={CUSTOM_FIELD_LIMITS.sectionMax}
                value={draft.section}
                onChange={(e) => set({ section: e.target.value })}
              />
              <datalist id={`${id}-sections`}>
                {sections.map((name) => (
                  <option key={name} value={name} />
                ))}
              </datalist>
            </>,
            t('customFields.sections.note'),
          )}
          <div className="form-check mb-3">
            <input
              id={`${id}-required`}
              type="checkbox"
              className="form-check-input"
              checked={draft.required}
              onChange={(e) => set({ required: e.target.checked })}
            />
            <label className="form-check-label" htmlFor={`${id}-required`}>
              {t('customFields.required')}
            </label>
          </div>
          {SELECT_TYPES.includes(draft.type) && (
            <fieldset>
              <legend className="form-label fs-6">{t('customFields.options')}</legend>
              {problem('options') && (
                <div className="invalid-feedback d-block mb-2">{problem('options')}</div>
              )}
              {draft.options.map((option, i) => (
                <div key={option.uid} className="mb-2">
                  <div className="input-group">
                    <input
                      className={`form-control${optionProblem(i) ? ' is-invalid' : ''}`}
                      aria-label={t('customFields.optionLabel', { n: i + 1 })}
                      maxLength={CUSTOM_FIELD_LIMITS.optionLabelMax}
                      value={option.label}
                      onChange={(e) =>
                        set({
                          options: draft.options.map((o, j) =>
                            j === i ? { ...o, label: e.target.value } : o,
                          ),
                        })
                      }
                    />
                    <button
                      type="button"
                      className="btn btn-outline-secondary"
                      onClick={() => set({ options: draft.options.filter((_, j) => j !== i) })}
                    >
                      {t('customFields.removeOption')}
                    </button>
                  </div>
                  {optionProblem(i) && <div className="invalid-feedback d-block">{optionProblem(i)}</div>}
                  {field && option.saved && (
                    <OptionMerge
                      companyId={companyId}
                      field={field}
                      value={option.value}
                      onMerged={() => set({ options: draft.options.filter((o) => o.uid !== option.uid) })}
                    />
                  )}
                </div>
              ))}
              <button
                type="button"
                className="btn btn-outline-primary btn-sm"
                onClick={() =>
                  set({
                    options: [...draft.options, { uid: optionUid(), value: '', label: '', saved: false }],
                  })
                }
              >
                {t('customFields.addOption')}
              </button>
            </fieldset>
          )}
        </div>
        <div className="modal-footer">
          <button type="button" className="btn btn-outline-secondary" onClick={onClose}>
            {t('customFields.cancel')}
          </button>
          <SubmitButton busy={save.isPending}>{t('common.save')}</SubmitButton>
        </div>
      </form>
    </Modal>
  );
}

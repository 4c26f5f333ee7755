import { isExclusion, MAIL_EXCLUSION_LIMITS, normaliseExclusion } from '@kontora/contract/mail-exclusions';
import type { TFunction } from 'i18next';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '../../../../components/form-alert.tsx';
import { LoadError } from '../../../../components/list-states.tsx';
import { isApiError } from '../../../../lib/api-client.ts';
import { problemText } from '../../../../lib/server-problems.ts';
import { type ExclusionScope, useMailExclusions, usePutMailExclusions } from '../../api/mail-exclusions.ts';

/** Entries as typed: one a line, or separated by commas, semicolons or spaces. */
const entriesOf = (text: string) => text.split(/[\s,;]+/).filter(Boolean);

/** What is wrong with each entry, as the server would say it, before anything is sent. */
function localProblems(t: TFunction, entries: string[]): string[] {
  const problems = entries.flatMap((entry) =>
    entry.length > MAIL_EXCLUSION_LIMITS.entryMax
      ? [t('mailExclusions.tooLong', { entry: entry.slice(0, 40) })]
      : isExclusion(normaliseExclusion(entry))
        ? []
        : [t('mailExclusions.invalidEntry', { entry })],
  );
  if (new Set(entries.map(normaliseExclusion)).size > MAIL_EXCLUSION_LIMITS.entriesMax)
    problems.push(t('mailExclusions.tooMany', { count: MAIL_EXCLUSION_LIMITS.entriesMax }));
  return problems;
}

/** The server's `details` (`items.3: invalid_entry`) said of the entries they name. */
function serverProblems(t: TFunction, error: unknown, sent: string[]): string[] {
  if (!isApiError(error)) return [];
  return Object.entries(error.details).flatMap(([path, codes]) => {
    const entry = sent[Number(path.split('.')[1])];
    if (codes.includes('too_many'))
      return [t('mailExclusions.tooMany', { count: MAIL_EXCLUSION_LIMITS.entriesMax })];
    if (entry === undefined) return [];
    return [
      codes.includes('too_long')
        ? t('mailExclusions.tooLong', { entry: entry.slice(0, 40) })
        : t('mailExclusions.invalidEntry', { entry }),
    ];
  });
}

/**
 * A list of addresses and domains whose mail is never kept (docs/decisions/083-mail-exclusions.md),
 * edited as text, one entry a line; each bad entry is named under the field. Without
 * `editable` (a member and the company's list) it is only shown.
 */
export function MailExclusionsEditor({
  companyId,
  scope,
  editable,
}: {
  companyId: number;
  scope: ExclusionScope;
  editable: boolean;
}) {
  const { t } = useTranslation();
  const id = useId();
  const list = useMailExclusions(companyId, scope);
  const save = usePutMailExclusions(companyId, scope);
  const [draft, setDraft] = useState<string | null>(null);
  const [problems, setProblems] = useState<string[]>([]);
  const [added, setAdded] = useState(false);
  const saved = list.data ?? [];

  if (list.isError) return <LoadError error={list.error} onRetry={() => void list.refetch()} />;
  if (list.isPending) {
    return (
      <div className="py-2" role="status">
        <span className="spinner-border spinner-border-sm text-primary" aria-hidden="true" />
        <span className="visually-hidden">{t('common.loading')}</span>
      </div>
    );
  }
  if (!editable) {
    return (
      <>
        {saved.length === 0 ? (
          <p className="text-body-secondary">{t('mailExclusions.none')}</p>
        ) : (
          <ul className="mb-2">
            {saved.map((entry) => (
              <li key={entry}>{entry}</li>
            ))}
          </ul>
        )}
        <p className="form-text mb-0">{t('mailExclusions.readOnly')}</p>
      </>
    );
  }

  const value = draft ?? saved.join('\n');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const entries = entriesOf(value);
    const found = localProblems(t, entries);
    setProblems(found);
    if (found.length > 0) return;
    const before = new Set(saved);
    save.mutate(entries, {
      onSuccess: (items) => {
        setAdded(items.some((entry) => !before.has(entry)));
        setDraft(null);
      },
      onError: (error) => setProblems(serverProblems(t, error, entries)),
    });
  };
  const shown = problems.length > 0;
  const otherError = save.error && !shown ? problemText(t, save.error) : null;
  return (
    <form onSubmit={submit} noValidate>
      {otherError && <FormAlert kind="danger">{otherError}</FormAlert>}
      <label className="form-label" htmlFor={`${id}-entries`}>
        {t('mailExclusions.field')}
      </label>
      <textarea
        id={`${id}-entries`}
        className={`form-control ${shown ? 'is-invalid' : ''}`}
        rows={4}
        spellCheck={false}
        autoCapitalize="none"
        placeholder={'ana@example.com\nexample.com'}
        aria-invalid={shown || undefined}
        aria-describedby={`${id}-hint${shown ? ` ${id}-errors` : ''}`}
        value={value}
        onChange={(event) => {
          setDraft(event.target.value);
          setProblems([]);
        }}
      />
      <div className="form-text" id={`${id}-hint`}>
        {t('mailExclusions.hint', { count: MAIL_EXCLUSION_LIMITS.entriesMax })}
      </div>
      {shown && (
        <ul className="invalid-feedback d-block list-unstyled mb-0" id={`${id}-errors`}>
          {problems.map((problem) => (
            <li key={problem}>{problem}</li>
          ))}
        </ul>
      )}
      <div className="mt-2">
        <button type="submit" className="btn btn-primary" disabled={save.isPending || draft === null}>
          {t('common.save')}
        </button>
        {save.isSuccess && draft === null && (
          <span className="text-success-emphasis small ms-2" role="status">
            {added ? t('mailExclusions.savedRemoving') : t('mailExclusions.saved')}
          </span>
        )}
      </div>
    </form>
  );
}

import { DEAL_LIMITS } from '@kontora/contract/deal-values';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '../../../components/form-alert.tsx';
import { SettingsSection } from '../../../components/settings-section.tsx';
import { problemText } from '../../../lib/server-problems.ts';
import { useLostReasons } from '../../shared/api/get-lost-reasons.ts';
import { usePutLostReasons } from '../api/save-pipelines.ts';

/** The reasons offered when a deal is lost, one a line, in order. */
export function LostReasonsSection({ companyId }: { companyId: number }) {
  const { t } = useTranslation();
  const id = useId();
  const reasons = useLostReasons(companyId);
  const save = usePutLostReasons(companyId);
  const [draft, setDraft] = useState<string | null>(null);
  const value = draft ?? (reasons.data?.items ?? []).join('\n');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const items = value
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean);
    save.mutate(items, { onSuccess: () => setDraft(null) });
  };
  const error = save.error ? problemText(t, save.error) : null;
  return (
    <SettingsSection
      title={t('deals.settings.lostReasons')}
      note={t('deals.settings.lostReasonsNote')}
      className="mb-4"
    >
      {error && <FormAlert kind="danger">{error}</FormAlert>}
      <form onSubmit={submit}>
        <label className="form-label" htmlFor={`${id}-reasons`}>
          {t('deals.settings.lostReasonsField')}
        </label>
        <textarea
          id={`${id}-reasons`}
          className="form-control mb-2"
          rows={5}
          maxLength={DEAL_LIMITS.lostReasonsMax * (DEAL_LIMITS.lostReasonMax + 1)}
          value={value}
          onChange={(event) => setDraft(event.target.value)}
        />
        <button type="submit" className="btn btn-primary" disabled={save.isPending || draft === null}>
          {t('common.save')}
        </button>
        {save.isSuccess && draft === null && (
          <span className="text-success small ms-2" role="status">
            {t('deals.settings.saved')}
          </span>
        )}
      </form>
    </SettingsSection>
  );
}

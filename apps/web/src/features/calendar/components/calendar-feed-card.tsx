import { CALENDAR_FEED_SCOPES, type CalendarFeedScope } from '@kontora/contract/event-values';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../../components/list-states.tsx';
import { SelectField } from '../../../components/select-field.tsx';
import { errorMessage } from '../../../lib/errors.ts';
import { notify } from '../../../lib/notifications.ts';
import { useCalendarFeed, useChangeCalendarFeed } from '../api/calendar-feed.ts';

/**
 * The person's private calendar feed (decision 018): turn it on for all of the
 * company's to-dos or only theirs, copy the address into a calendar app, give
 * it a new address (the old one stops working) or turn it off.
 */
export function CalendarFeedCard({ companyId }: { companyId: number }) {
  const { t } = useTranslation();
  const feed = useCalendarFeed(companyId);
  const change = useChangeCalendarFeed(companyId);
  const [scope, setScope] = useState<CalendarFeedScope | null>(null);
  const urlId = useId();
  const chosen = scope ?? feed.data?.scope ?? 'mine';

  const run = async (body: { scope: CalendarFeedScope } | null, done: string) => {
    try {
      await change.mutateAsync(body);
      notify('success', done);
    } catch (error) {
      notify('danger', errorMessage(t, error));
    }
  };
  const copy = async (url: string) => {
    try {
      await navigator.clipboard.writeText(url);
      notify('success', t('calendarFeed.copied'));
    } catch {
      // No clipboard (insecure context, refused): the field is selected for a manual copy.
      document.getElementById(urlId)?.focus();
    }
  };

  return (
    <section className="card kt-card mt-3" aria-labelledby={`${urlId}-title`}>
      <div className="card-body">
        <h2 id={`${urlId}-title`} className="h5">
          {t('calendarFeed.title')}
        </h2>
        <p className="text-body-secondary">{t('calendarFeed.intro')}</p>
        {feed.isError && <LoadError error={feed.error} onRetry={() => void feed.refetch()} />}
        {feed.data?.enabled && feed.data.url && (
          <div className="mb-3">
            <label htmlFor={urlId} className="form-label">
              {t('calendarFeed.url')}
            </label>
            <div className="input-group">
              <input
                id={urlId}
                className="form-control font-monospace"
                readOnly
                value={feed.data.url}
                onFocus={(e) => e.currentTarget.select()}
              />
              <button
                type="button"
                className="btn btn-outline-primary"
                onClick={() => void copy(feed.data?.url ?? '')}
              >
                {t('calendarFeed.copy')}
              </button>
            </div>
          </div>
        )}
        {feed.data && !feed.data.enabled && <p>{t('calendarFeed.off')}</p>}
        <div className="d-flex flex-wrap align-items-end gap-2">
          <SelectField
            label={t('calendarFeed.scope')}
            value={chosen}
            onChange={(e) => setScope(e.target.value as CalendarFeedScope)}
            options={CALENDAR_FEED_SCOPES.map((s) => ({
              value: s,
              label: s === 'all' ? t('calendarFeed.scopeAll') : t('calendarFeed.scopeMine'),
            }))}
          />
          {feed.data?.enabled ? (
            <>
              <button
                type="button"
                className="btn btn-outline-secondary mb-3"
                disabled={change.isPending}
                onClick={() => void run({ scope: chosen }, t('calendarFeed.regenerated'))}
              >
                {t('calendarFeed.regenerate')}
              </button>
              <button
                type="button"
                className="btn btn-outline-danger mb-3"
                disabled={change.isPending}
                onClick={() => void run(null, t('calendarFeed.turnedOff'))}
              >
                {t('calendarFeed.turnOff')}
              </button>
            </>
          ) : (
            <button
              type="button"
              className="btn btn-primary mb-3"
              disabled={change.isPending || !feed.data}
              onClick={() => void run({ scope: chosen }, t('calendarFeed.on'))}
            >
              {t('calendarFeed.turnOn')}
            </button>
          )}
        </div>
      </div>
    </section>
  );
}

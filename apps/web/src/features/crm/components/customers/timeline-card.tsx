import { CUSTOMER_LIMITS } from '@kontora/contract/customer-values';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../../../components/list-states.tsx';
import { useCompanyId } from '../../../../lib/use-company-id.ts';
import { NoteForm } from '../../../shared/components/notes/note-form.tsx';
import { useOwnerOptions } from '../../../shared/components/owner-options.ts';
import { useAddNote } from '../../api/add-note.ts';
import { useTimeline } from '../../api/get-timeline.ts';
import { TimelineEntryItem } from './timeline-entry.tsx';

/** Notes and changes of a customer, newest first, a page at a time; a note can be added on top. */
export function TimelineCard({ customerId }: { customerId: number }) {
  const { t } = useTranslation();
  const companyId = useCompanyId();
  const timeline = useTimeline(companyId, customerId);
  const { nameOf } = useOwnerOptions(companyId);
  const addNote = useAddNote(companyId, customerId);
  const entries = timeline.data?.pages.flatMap((page) => page.items) ?? [];

  return (
    <section className="card kt-card mb-4" aria-labelledby={`timeline-${customerId}`}>
      <div className="card-header">
        <h2 className="h6 mb-0" id={`timeline-${customerId}`}>
          {t('crm.timeline.title')}
        </h2>
      </div>
      <div className="card-body">
        <NoteForm
          add={addNote.mutateAsync}
          maxLength={CUSTOMER_LIMITS.notesMax}
          labels={{
            field: t('crm.timeline.newNote'),
            submit: t('crm.timeline.addNote'),
            added: t('crm.timeline.noteAdded'),
          }}
        />
        {timeline.isPending ? (
          <div className="py-3 text-center" role="status">
            <span className="spinner-border spinner-border-sm text-primary" aria-hidden="true" />
            <span className="visually-hidden">{t('common.loading')}</span>
          </div>
        ) : timeline.isError && entries.length === 0 ? (
          <LoadError error={timeline.error} onRetry={() => void timeline.refetch()} />
        ) : entries.length === 0 ? (
          <p className="text-body-secondary mb-0 mt-3">{t('crm.timeline.none')}</p>
        ) : (
          <ol className="list-unstyled mb-0" aria-label={t('crm.timeline.entries')}>
            {entries.map((entry) => (
              <TimelineEntryItem key={entry.id} entry={entry} ownerName={nameOf} />
            ))}
          </ol>
        )}
        {timeline.hasNextPage && (
          <button
            type="button"
            className="btn btn-outline-secondary btn-sm mt-3"
            disabled={timeline.isFetchingNextPage}
            aria-busy={timeline.isFetchingNextPage}
            onClick={() => void timeline.fetchNextPage()}
          >
            {timeline.isFetchingNextPage && (
              <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />
            )}
            {t('crm.timeline.loadOlder')}
          </button>
        )}
      </div>
    </section>
  );
}

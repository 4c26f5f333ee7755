import { DEAL_LIMITS } from '@kontora/contract/deal-values';
import type { DealTimelineEntry } from '@kontora/contract/deals';
import type { Pipeline } from '@kontora/contract/pipelines';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/errors.ts';
import { useFormatters } from '../../../lib/format.ts';
import { useCompanyId } from '../../../lib/use-company-id.ts';
import { CustomChangeText, isCustomChange } from '../../shared/components/custom-fields/custom-change.tsx';
import { NoteForm } from '../../shared/components/notes/note-form.tsx';
import { NoteText } from '../../shared/components/notes/note-text.tsx';
import { useAddDealNote } from '../api/add-deal-note.ts';
import { useDealTimeline } from '../api/get-deal-timeline.ts';
import { LoadMoreEnd } from './load-more-end.tsx';

/** What happened to a deal, newest first: stage moves name both stages, with who and when; notes are added on top. */
export function DealTimeline({ dealId, pipelines }: { dealId: number; pipelines: readonly Pipeline[] }) {
  const { t } = useTranslation();
  const companyId = useCompanyId();
  const timeline = useDealTimeline(companyId, dealId);
  const addNote = useAddDealNote(companyId, dealId);
  const items = timeline.data?.pages.flatMap((page) => page.items) ?? [];
  const stageName = new Map(pipelines.flatMap((p) => p.stages.map((s) => [s.id, s.name] as const)));
  return (
    <section className="card kt-card mb-4" aria-labelledby="kt-deal-timeline">
      <div className="card-header">
        <h2 className="h6 mb-0" id="kt-deal-timeline">
          {t('deals.timeline.title')}
        </h2>
      </div>
      <div className="card-body pb-0">
        <NoteForm
          add={addNote.mutateAsync}
          maxLength={DEAL_LIMITS.notesMax}
          labels={{
            field: t('deals.notes.new'),
            submit: t('deals.notes.add'),
            added: t('deals.notes.added'),
          }}
        />
      </div>
      {timeline.error ? (
        <div className="card-body">
          <div className="alert alert-danger mb-0" role="alert">
            {errorMessage(t, timeline.error)}
          </div>
        </div>
      ) : items.length === 0 ? (
        <div className="card-body text-body-secondary">
          {timeline.isPending ? t('common.loading') : t('deals.timeline.none')}
        </div>
      ) : (
        <ol className="list-group list-group-flush">
          {items.map((entry) => (
            <TimelineItem
              key={entry.id}
              entry={entry}
              stageName={(id) => stageName.get(Number(id)) ?? `#${id}`}
            />
          ))}
        </ol>
      )}
      <LoadMoreEnd
        hasMore={Boolean(timeline.hasNextPage)}
        loading={timeline.isFetchingNextPage}
        loaded={items.length}
        onLoadMore={() => void timeline.fetchNextPage()}
      />
    </section>
  );
}

/** The form's label of each field a change names (`DEAL_EDITABLE_FIELDS`). */
const FIELD_LABELS = {
  title: 'deals.fields.title',
  amount: 'deals.fields.amount',
  currency: 'deals.fields.currency',
  pipeline_id: 'deals.fields.pipeline',
  stage_id: 'deals.fields.stage',
  probability: 'deals.fields.probability',
  expected_close_date: 'deals.fields.expectedClose',
  owner_id: 'deals.fields.owner',
  organisation_id: 'deals.fields.organisation',
  customer_ids: 'deals.fields.people',
  lost_reason: 'deals.fields.lostReason',
  tags: 'deals.fields.tags',
  notes: 'deals.fields.notes',
} as const;

const isLabelled = (field: string): field is keyof typeof FIELD_LABELS => Object.hasOwn(FIELD_LABELS, field);

function TimelineItem({
  entry,
  stageName,
}: {
  entry: DealTimelineEntry;
  stageName: (id: unknown) => string;
}) {
  const { t } = useTranslation();
  const format = useFormatters();
  const stage = entry.changes?.stage_id;
  const who = entry.actor_name ?? t('deals.timeline.someone');
  const labelled = Object.keys(entry.changes ?? {}).filter(isLabelled);
  // Own fields read with their values: "Industry: Retail → Hospitality".
  const custom = Object.entries(entry.changes ?? {}).filter(([field]) => isCustomChange(field));
  return (
    <li className="list-group-item">
      <div>
        {stage
          ? t('deals.timeline.moved', { who, from: stageName(stage[0]), to: stageName(stage[1]) })
          : t(`deals.timeline.kind.${entry.kind}`, { who })}
      </div>
      {entry.kind === 'updated' && labelled.length > 0 && (
        <div className="small text-body-secondary">
          {t('deals.timeline.fields', { fields: labelled.map((field) => t(FIELD_LABELS[field])).join(', ') })}
        </div>
      )}
      {entry.kind === 'updated' && custom.length > 0 && (
        <ul className="list-unstyled mb-0 small">
          {custom.map(([field, [before, after]]) => (
            <li key={field} className="text-break">
              <CustomChangeText record="deal" field={field} before={before} after={after} />
            </li>
          ))}
        </ul>
      )}
      {entry.body && (
        <div className="small kt-pre-wrap">
          <NoteText body={entry.body} />
        </div>
      )}
      <time className="small text-body-secondary" dateTime={entry.created_at}>
        {format.dateTime(entry.created_at)}
      </time>
    </li>
  );
}

import { POST_STATUSES } from '@kontora/contract/social-post-values';
import { addDays, safeTimeZone, zonedMidnight } from '@kontora/contract/time-zone';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { PageSpinner } from '../../../components/spinner.tsx';
import { paths } from '../../../config/paths.ts';
import { useCompanyProfile } from '../../../lib/api/get-company.ts';
import { useCompanyId } from '../../../lib/use-company-id.ts';
import { useZonedFormat } from '../../../lib/use-zoned-format.ts';
import { useTeam } from '../../shared/api/get-team.ts';
import { ListSkeleton } from '../../shared/components/list-states/list-skeleton.tsx';
import { ListStates } from '../../shared/components/list-states/list-states.tsx';
import { useAccounts } from '../api/get-accounts.ts';
import { useIntegrationTypes } from '../api/get-integration-types.ts';
import { type PostFilters, usePosts } from '../api/get-posts.ts';
import { codeText } from './code-text.ts';
import { statusBadge } from './status-badge.tsx';

// FullCalendar (about 85 KB compressed) only when the calendar view is chosen: the list is the default.
const PostsCalendar = lazy(() =>
  import('./calendar/posts-calendar.tsx').then((m) => ({ default: m.PostsCalendar })),
);

/** Posts as a list or a calendar (`?view=calendar`, so the choice has an address). */
export function PostsTab() {
  const { t } = useTranslation();
  const companyId = useCompanyId();
  const timeZone = useCompanyProfile(companyId).data?.time_zone;
  const [search, setSearch] = useSearchParams();
  const calendar = search.get('view') === 'calendar';
  const views = (
    <fieldset className="btn-group btn-group-sm align-self-start" aria-label={t('socialCalendar.views')}>
      {(['list', 'calendar'] as const).map((view) => (
        <button
          key={view}
          type="button"
          className={`btn ${calendar === (view === 'calendar') ? 'btn-secondary' : 'btn-outline-secondary'}`}
          aria-pressed={calendar === (view === 'calendar')}
          onClick={() => setSearch(view === 'calendar' ? { view } : {}, { replace: true })}
        >
          {t(`socialCalendar.view.${view}`)}
        </button>
      ))}
    </fieldset>
  );
  return (
    <div className="d-flex flex-column gap-3">
      {views}
      {calendar ? (
        timeZone ? (
          <Suspense fallback={<PageSpinner />}>
            <PostsCalendar companyId={companyId} timeZone={safeTimeZone(timeZone)} />
          </Suspense>
        ) : null
      ) : (
        <PostsList companyId={companyId} timeZone={timeZone} />
      )}
    </div>
  );
}

/** The chosen days (in the company's zone) as the instants the API filters on: [from's midnight, the day after to). */
function dayRange(days: { from?: string; to?: string }, timeZone: string): Pick<PostFilters, 'from' | 'to'> {
  return {
    ...(days.from ? { from: zonedMidnight(days.from, timeZone) } : {}),
    ...(days.to ? { to: zonedMidnight(addDays(days.to, 1), timeZone) } : {}),
  };
}

/** Posts newest first, filtered by status, account, network, author and days, a page of 25 at a time. */
function PostsList({ companyId, timeZone }: { companyId: number; timeZone: string | undefined }) {
  const { t } = useTranslation();
  const [filters, setFilters] = useState<PostFilters>({});
  const [days, setDays] = useState<{ from?: string; to?: string }>({});
  const posts = usePosts(companyId, { ...filters, ...dayRange(days, safeTimeZone(timeZone)) });
  const accounts = useAccounts(companyId);
  const team = useTeam(companyId);
  const types = useIntegrationTypes();
  const format = useZonedFormat(timeZone);
  // The filters widen as their options arrive, and wrap on a phone: drawn before that, the list
  // below them would be pushed down (layout shift). Until then one skeleton stands for both.
  if (accounts.isPending || team.isPending || types.isPending) return <ListSkeleton shape="rows" framed />;
  const items = posts.data?.pages.flatMap((p) => p.items) ?? [];
  const select = (key: keyof PostFilters, label: string, options: { value: string; label: string }[]) => (
    <div>
      <label className="form-label small mb-0" htmlFor={`filter-${key}`}>
        {label}
      </label>
      <select
        id={`filter-${key}`}
        className="form-select form-select-sm"
        value={filters[key] ?? ''}
        onChange={(e) => setFilters({ ...filters, [key]: e.target.value || undefined })}
      >
        <option value="">{t('social.posts.all')}</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
  return (
    <div className="d-flex flex-column gap-3">
      <div className="d-flex flex-wrap gap-2 align-items-end">
        {select(
          'status',
          t('social.posts.status'),
          POST_STATUSES.map((s) => ({ value: s, label: codeText(t, `social.status.${s}`) })),
        )}
        {select(
          'network',
          t('social.posts.network'),
          (types.data ?? []).map((n) => ({ value: n.key, label: n.name })),
        )}
        {select(
          'account_id',
          t('social.posts.account'),
          (accounts.data?.items ?? []).map((a) => ({ value: String(a.id), label: a.name })),
        )}
        {select(
          'author_id',
          t('socialCalendar.filters.author'),
          (team.data?.items ?? []).map((m) => ({ value: String(m.user_id), label: m.full_name || m.email })),
        )}
        {(['from', 'to'] as const).map((edge) => (
          <div key={edge}>
            <label className="form-label small mb-0" htmlFor={`filter-${edge}`}>
              {t(`socialCalendar.filters.${edge}`)}
            </label>
            <input
              id={`filter-${edge}`}
              type="date"
              className="form-control form-control-sm"
              value={days[edge] ?? ''}
              onChange={(e) => setDays({ ...days, [edge]: e.target.value || undefined })}
            />
          </div>
        ))}
        <Link to={paths.company.socialTab.href('compose')} className="btn btn-primary btn-sm ms-auto">
          {t('social.posts.new')}
        </Link>
      </div>
      <ListStates
        query={posts}
        isEmpty={items.length === 0}
        icon="share"
        emptyTitle={t('social.posts.empty')}
      >
        <ul className="list-group" aria-label={t('social.tabs.posts')}>
          {items.map((post) => (
            <li key={post.id} className="list-group-item d-flex flex-wrap gap-2 align-items-center">
              <Link
                to={paths.company.socialPost.href(post.id)}
                className="text-truncate"
                style={{ maxWidth: 'min(28rem, 100%)' }}
              >
                {post.text || t('social.posts.noText')}
              </Link>
              {statusBadge(t, post.status)}
              <span className="small text-body-secondary">
                {post.scheduled_at ? format.dateTime(post.scheduled_at) : format.dateTime(post.created_at)}
              </span>
              <span className="small ms-auto">
                {post.targets.map((target) => target.account_name).join(', ')}
              </span>
            </li>
          ))}
        </ul>
        {posts.hasNextPage ? (
          <div className="text-center mt-3">
            <button
              type="button"
              className="btn btn-outline-secondary btn-sm"
              disabled={posts.isFetchingNextPage}
              onClick={() => void posts.fetchNextPage()}
            >
              {t('social.posts.more')}
            </button>
          </div>
        ) : null}
      </ListStates>
    </div>
  );
}

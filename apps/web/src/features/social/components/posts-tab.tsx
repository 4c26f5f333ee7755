import { POST_STATUSES } from '@kontora/contract/social-posts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ListStates } from '../../../components/list-states.tsx';
import { paths } from '../../../config/paths.ts';
import { useCompanyProfile } from '../../../lib/api/get-company.ts';
import { useCompanyId } from '../../../lib/use-company-id.ts';
import { useZonedFormat } from '../../../lib/use-zoned-format.ts';
import { useAccounts } from '../api/get-accounts.ts';
import { useIntegrationTypes } from '../api/get-integration-types.ts';
import { type PostFilters, usePosts } from '../api/get-posts.ts';
import { codeText } from './code-text.ts';
import { StatusBadge } from './status-badge.tsx';

/** Posts newest first, filtered by status, account and network, a page of 25 at a time. */
export function PostsTab() {
  const { t } = useTranslation();
  const companyId = useCompanyId();
  const [filters, setFilters] = useState<PostFilters>({});
  const posts = usePosts(companyId, filters);
  const accounts = useAccounts(companyId);
  const types = useIntegrationTypes();
  const format = useZonedFormat(useCompanyProfile(companyId).data?.time_zone);
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
                style={{ maxWidth: '28rem' }}
              >
                {post.text || t('social.posts.noText')}
              </Link>
              <StatusBadge status={post.status} />
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
          <button
            type="button"
            className="btn btn-outline-secondary btn-sm align-self-center"
            disabled={posts.isFetchingNextPage}
            onClick={() => void posts.fetchNextPage()}
          >
            {t('social.posts.more')}
          </button>
        ) : null}
      </ListStates>
    </div>
  );
}

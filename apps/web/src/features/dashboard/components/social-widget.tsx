import type { SocialPost } from '@kontora/contract/social-posts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { useCompanyProfile } from '../../../lib/api/get-company.ts';
import { useCanManageCompany } from '../../../lib/use-can-manage-company.ts';
import { useZonedFormat } from '../../../lib/use-zoned-format.ts';
import { useDashboardSocialAccounts } from '../api/get-social-accounts.ts';
import { useDashboardSocialPosts, WIDGET_POSTS } from '../api/get-social-posts.ts';
import { WidgetCard } from './widget-card.tsx';

/** The first words of a post, as a link text. */
function excerpt(text: string): string {
  const line = text.split('\n')[0] ?? '';
  return line.length > 60 ? `${line.slice(0, 59)}…` : line;
}

/** Posts whose failed targets wait for someone: fully failed and partly failed, newest first. */
function needingAttention(failed: SocialPost[], partly: SocialPost[]): SocialPost[] {
  return [...failed, ...partly].sort((a, b) => b.id - a.id).slice(0, WIDGET_POSTS);
}

/**
 * Module 3 on the company dashboard: the next scheduled posts (in the
 * company's time zone), posts with failed targets, and accounts that must be
 * reconnected. Members see it too; only owners and admins get "Connect an account".
 */
export function SocialWidget({ companyId }: { companyId: number }) {
  const { t } = useTranslation();
  const zoned = useZonedFormat(useCompanyProfile(companyId).data?.time_zone);
  const canManage = useCanManageCompany(companyId);
  const accounts = useDashboardSocialAccounts(companyId);
  const scheduled = useDashboardSocialPosts(companyId, 'scheduled');
  const failed = useDashboardSocialPosts(companyId, 'failed');
  const partly = useDashboardSocialPosts(companyId, 'partly_failed');
  const title = t('modules.social');
  const accountsHref = paths.company.socialTab.href('accounts');
  const noAccounts = accounts.isSuccess && accounts.data.items.length === 0;
  const reconnect = accounts.data?.items.filter((a) => a.status === 'reconnect_needed') ?? [];
  const next = scheduled.data?.items ?? [];
  const attention = needingAttention(failed.data?.items ?? [], partly.data?.items ?? []);

  return (
    <WidgetCard
      icon="share"
      title={title}
      footer={
        <>
          <Link to={paths.company.social.href()} className="btn btn-outline-primary btn-sm">
            {t('dashboard.open', { module: title })}
          </Link>
          {canManage && noAccounts && (
            <Link to={accountsHref} className="btn btn-primary btn-sm">
              {t('dashboard.social.connect')}
            </Link>
          )}
        </>
      }
    >
      {noAccounts && <p className="text-body-secondary mb-0">{t('dashboard.social.text')}</p>}
      {reconnect.length > 0 && (
        <section aria-label={t('dashboard.social.reconnect')} className="mb-3">
          <h3 className="h6 mb-2">{t('dashboard.social.reconnect')}</h3>
          <ul className="list-unstyled mb-0">
            {reconnect.map((account) => (
              <li key={account.id} className="d-flex align-items-center gap-2 mb-1">
                <span className="badge text-bg-warning">{t('dashboard.social.reconnectBadge')}</span>
                <Link to={accountsHref} className="text-truncate">
                  {account.name}
                </Link>
              </li>
            ))}
          </ul>
        </section>
      )}
      {attention.length > 0 && (
        <section aria-label={t('dashboard.social.attention')} className="mb-3">
          <h3 className="h6 mb-2">{t('dashboard.social.attention')}</h3>
          <ul className="list-unstyled mb-0">
            {attention.map((post) => {
              const failedTargets = post.targets.filter((target) => target.status === 'failed');
              return (
                <li key={post.id} className="mb-1">
                  <Link to={paths.company.socialPost.href(post.id)}>{excerpt(post.text)}</Link>
                  <div className="small text-danger">
                    {t('dashboard.social.failedOn', {
                      accounts: failedTargets.map((target) => target.account_name).join(', '),
                    })}
                  </div>
                </li>
              );
            })}
          </ul>
        </section>
      )}
      {accounts.isSuccess && !noAccounts && (
        <section aria-label={t('dashboard.social.next')}>
          <h3 className="h6 mb-2">{t('dashboard.social.next')}</h3>
          {scheduled.isSuccess && next.length === 0 ? (
            <p className="text-body-secondary mb-0">{t('dashboard.social.noneScheduled')}</p>
          ) : (
            <ul className="list-unstyled mb-0">
              {next.map((post) => (
                <li key={post.id} className="mb-2" data-testid="widget-scheduled-post">
                  <Link to={paths.company.socialPost.href(post.id)}>{excerpt(post.text)}</Link>
                  <div className="small text-body-secondary">
                    {post.scheduled_at && (
                      <time dateTime={post.scheduled_at}>{zoned.dateTime(post.scheduled_at)}</time>
                    )}
                    {' · '}
                    {post.targets.map((target) => target.account_name).join(', ')}
                  </div>
                </li>
              ))}
            </ul>
          )}
        </section>
      )}
    </WidgetCard>
  );
}

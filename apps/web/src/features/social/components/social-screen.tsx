import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { PageHeader } from '../../../components/page-header.tsx';
import { PageSpinner } from '../../../components/spinner.tsx';
import { paths } from '../../../config/paths.ts';
import { codeText } from './code-text.ts';
import { PostsTab } from './posts-tab.tsx';

// The posts list opens first; the other tabs and a post's page load when asked for. The
// composer alone brings zod, twitter-text and core-js (docs/decisions/087-phone-pages-load-forms-on-use.md).
const ComposerTab = lazy(() => import('./composer-tab.tsx').then((m) => ({ default: m.ComposerTab })));
const AccountsTab = lazy(() => import('./accounts-tab.tsx').then((m) => ({ default: m.AccountsTab })));
const MediaTab = lazy(() => import('./media-tab.tsx').then((m) => ({ default: m.MediaTab })));
const PostDetail = lazy(() => import('./post-detail.tsx').then((m) => ({ default: m.PostDetail })));

const TABS = ['posts', 'compose', 'accounts', 'media'] as const;
type Tab = (typeof TABS)[number];

/** Module 3: one screen with tabs, each its own address (`#/company/social/<tab>`, a post at `…/posts/<id>`). */
export function SocialScreen() {
  const { t } = useTranslation();
  const params = useParams();
  const tab: Tab = TABS.includes(params.tab as Tab) ? (params.tab as Tab) : 'posts';
  const postId = params.id ? Number(params.id) : null;
  return (
    <>
      <PageHeader title={t('social.title')} />
      {/* The app's tab bar (a button group, as CRM integration's); each tab is its own address, so links. */}
      <nav aria-label={t('socialSetup.tabsLabel')} className="mb-3">
        <div className="btn-group flex-wrap">
          {TABS.map((name) => {
            const active = (postId ? 'posts' : tab) === name;
            return (
              <Link
                key={name}
                to={paths.company.socialTab.href(name)}
                className={`btn btn-outline-primary${active ? ' active' : ''}`}
                aria-current={active ? 'page' : undefined}
              >
                {codeText(t, `social.tabs.${name}`)}
              </Link>
            );
          })}
        </div>
      </nav>
      <Suspense fallback={<PageSpinner />}>
        {postId ? <PostDetail id={postId} /> : null}
        {!postId && tab === 'posts' ? <PostsTab /> : null}
        {!postId && tab === 'compose' ? <ComposerTab /> : null}
        {!postId && tab === 'accounts' ? <AccountsTab /> : null}
        {!postId && tab === 'media' ? <MediaTab /> : null}
      </Suspense>
    </>
  );
}

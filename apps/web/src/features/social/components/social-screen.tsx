import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { PageHeader } from '../../../components/page-header.tsx';
import { paths } from '../../../config/paths.ts';
import { AccountsTab } from './accounts-tab.tsx';
import { codeText } from './code-text.ts';
import { ComposerTab } from './composer-tab.tsx';
import { MediaTab } from './media-tab.tsx';
import { PostDetail } from './post-detail.tsx';
import { PostsTab } from './posts-tab.tsx';

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
      {postId ? <PostDetail id={postId} /> : null}
      {!postId && tab === 'posts' ? <PostsTab /> : null}
      {!postId && tab === 'compose' ? <ComposerTab /> : null}
      {!postId && tab === 'accounts' ? <AccountsTab /> : null}
      {!postId && tab === 'media' ? <MediaTab /> : null}
    </>
  );
}

import { useTranslation } from 'react-i18next';
import { NavLink, useParams } from 'react-router';
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
      <nav aria-label={t('social.title')}>
        <ul className="nav nav-tabs mb-3">
          {TABS.map((name) => (
            <li className="nav-item" key={name}>
              <NavLink
                to={paths.company.socialTab.href(name)}
                className={() => `nav-link${(postId ? 'posts' : tab) === name ? ' active' : ''}`}
                aria-current={(postId ? 'posts' : tab) === name ? 'page' : undefined}
              >
                {codeText(t, `social.tabs.${name}`)}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      {postId ? <PostDetail id={postId} /> : null}
      {!postId && tab === 'posts' ? <PostsTab /> : null}
      {!postId && tab === 'compose' ? <ComposerTab /> : null}
      {!postId && tab === 'accounts' ? <AccountsTab /> : null}
      {!postId && tab === 'media' ? <MediaTab /> : null}
    </>
  );
}

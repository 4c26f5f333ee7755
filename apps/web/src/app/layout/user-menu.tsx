import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Dropdown } from '../../components/dropdown.tsx';
import { Icon } from '../../components/icon.tsx';
import { paths } from '../../config/paths.ts';
import { useLogout } from '../../features/auth/api/logout.ts';
import { useSession } from '../../lib/session.ts';

function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  return ((parts[0]?.[0] ?? '') + (parts.length > 1 ? (parts.at(-1)?.[0] ?? '') : '')).toUpperCase();
}

/** Full name, then Profile, Settings, Change company, Logout (docs/product.md §3). */
export function UserMenu({ toggleClassName }: { toggleClassName: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const logout = useLogout();
  const { user } = useSession();
  const name = user?.full_name || user?.email || '';

  return (
    <Dropdown
      align="end"
      toggleClassName={toggleClassName}
      toggle={
        <>
          <span className="kt-avatar" aria-hidden="true">
            {initials(name) || <Icon name="user" size={16} />}
          </span>
          <span className="kt-user-name">{name}</span>
          <span className="visually-hidden">{t('layout.accountMenu')}</span>
          <Icon name="chevronDown" size={14} className="kt-user-caret" />
        </>
      }
      header={
        <>
          <div className="fw-semibold text-body">{user?.full_name}</div>
          <div className="small text-body-secondary text-truncate">{user?.email}</div>
        </>
      }
      items={[
        {
          key: 'profile',
          icon: <Icon name="user" size={16} />,
          label: t('menu.profile'),
          onSelect: () => void navigate(paths.company.profile.href()),
        },
        {
          key: 'settings',
          icon: <Icon name="settings" size={16} />,
          label: t('menu.settings'),
          onSelect: () => void navigate(paths.company.settings.href()),
        },
        {
          key: 'change-company',
          icon: <Icon name="swap" size={16} />,
          label: t('menu.changeCompany'),
          onSelect: () => void navigate(paths.chooseCompany.href()),
        },
        {
          key: 'logout',
          icon: <Icon name="logout" size={16} />,
          label: t('menu.logout'),
          onSelect: () => void logout(),
        },
      ]}
    />
  );
}

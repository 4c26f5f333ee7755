import { MODULE_ID } from '@kontora/contract/limits';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../components/icon.tsx';
import { NotificationBell } from '../../features/notifications/components/notification-bell.tsx';
import { useCompanyModules } from '../../lib/api/get-company-modules.ts';
import { usePreferences } from '../../lib/preferences.ts';
import { useSession } from '../../lib/session.ts';
import { readInitialScreenWidth } from '../../lib/storage.ts';
import { useMediaQuery } from '../../lib/use-media-query.ts';
import { Brand } from './brand.tsx';
import { FullscreenButton } from './fullscreen-button.tsx';
import { LanguageMenu } from './language-menu.tsx';
import { LiveIndicator } from './live-indicator.tsx';
import { SearchBox } from './search-box.tsx';
import { UserMenu } from './user-menu.tsx';

/** The original showed its mobile toggle when the first-load width was 993 px or less. */
const MOBILE_TOGGLE_MAX_WIDTH = 993;

type TopbarProps = {
  menuOpen: boolean;
  settingsOpen: boolean;
  onOpenMenu: () => void;
  onOpenSettings: () => void;
};

const BUTTON = 'btn kt-topbar-btn';

export function Topbar({ menuOpen, settingsOpen, onOpenMenu, onOpenSettings }: TopbarProps) {
  const { t } = useTranslation();
  const { company } = useSession();
  const { preferences } = usePreferences();
  const modules = useCompanyModules(company.id);
  // The toggle also shows whenever the menu itself is hidden (a window narrowed after load).
  const menuHidden = useMediaQuery(
    preferences.layout === 'vertical' ? '(max-width: 768px)' : '(max-width: 992px)',
  );
  const showToggle = readInitialScreenWidth() <= MOBILE_TOGGLE_MAX_WIDTH || menuHidden;
  const crmEnabled = Boolean(modules.data?.includes(MODULE_ID.crm));

  return (
    <header className="kt-topbar">
      <div className="kt-topbar-brand">
        <Brand />
      </div>
      {showToggle && (
        <button
          type="button"
          className={`${BUTTON} kt-menu-toggle`}
          aria-label={t('layout.openMenu')}
          aria-expanded={menuOpen}
          aria-haspopup="dialog"
          onClick={onOpenMenu}
        >
          <Icon name="menu" />
        </button>
      )}
      {crmEnabled && <SearchBox />}
      <div className="kt-topbar-end">
        <LiveIndicator />
        <NotificationBell toggleClassName={BUTTON} />
        <LanguageMenu toggleClassName={`${BUTTON} kt-topbar-lang`} />
        <FullscreenButton className={`${BUTTON} d-none d-md-inline-flex`} />
        <UserMenu toggleClassName={`${BUTTON} kt-user-toggle`} />
        <button
          type="button"
          className={BUTTON}
          aria-label={t('layout.openSettings')}
          title={t('layout.openSettings')}
          aria-expanded={settingsOpen}
          aria-haspopup="dialog"
          onClick={onOpenSettings}
        >
          <Icon name="sliders" />
        </button>
      </div>
    </header>
  );
}

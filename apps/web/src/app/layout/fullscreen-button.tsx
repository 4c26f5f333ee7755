import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../components/icon.tsx';

function useFullscreen(): boolean {
  return useSyncExternalStore(
    (onChange) => {
      document.addEventListener('fullscreenchange', onChange);
      return () => document.removeEventListener('fullscreenchange', onChange);
    },
    () => document.fullscreenElement !== null,
    () => false,
  );
}

export function FullscreenButton({ className }: { className: string }) {
  const { t } = useTranslation();
  const active = useFullscreen();
  if (!document.fullscreenEnabled) return null;
  return (
    <button
      type="button"
      className={className}
      aria-pressed={active}
      aria-label={t('layout.fullscreen')}
      title={t('layout.fullscreen')}
      onClick={() => {
        if (active) void document.exitFullscreen();
        else void document.documentElement.requestFullscreen().catch(() => {});
      }}
    >
      <Icon name={active ? 'minimize' : 'maximize'} />
    </button>
  );
}

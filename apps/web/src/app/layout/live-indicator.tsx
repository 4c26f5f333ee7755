import { useTranslation } from 'react-i18next';
import { useLiveStatus } from '../../features/shared/live/live-store.ts';

const DOT = { live: 'bg-success', reconnecting: 'bg-warning', offline: 'bg-secondary' } as const;

/** The live connection's state in the top bar: a dot, its meaning for screen readers and as a tooltip. */
export function LiveIndicator() {
  const { t } = useTranslation();
  const status = useLiveStatus();
  if (!status) return null;
  const label = t(`live.status.${status}`);
  return (
    <span className="kt-topbar-btn d-inline-flex align-items-center px-2" role="status" title={label}>
      <span
        className={`d-inline-block rounded-circle ${DOT[status]}`}
        style={{ width: 10, height: 10 }}
        aria-hidden="true"
        data-live-status={status}
      />
      <span className="visually-hidden">{label}</span>
    </span>
  );
}

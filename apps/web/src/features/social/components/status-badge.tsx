import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { codeText } from './code-text.ts';

const TONE: Record<string, string> = {
  draft: 'secondary',
  scheduled: 'info',
  queued: 'info',
  publishing: 'warning',
  unconfirmed: 'warning',
  published: 'success',
  partly_failed: 'danger',
  failed: 'danger',
  active: 'success',
  reconnect_needed: 'danger',
};

/**
 * The badge drawn with the caller's `t`: a list's rows use this, since a translation hook in
 * every row adds up on a first render.
 */
export function statusBadge(t: TFunction, status: string) {
  return (
    <span className={`badge text-bg-${TONE[status] ?? 'secondary'}`}>
      {codeText(t, `social.status.${status}`)}
    </span>
  );
}

/** A post's, an account's or a publish's state, translated. */
export function StatusBadge({ status }: { status: string }) {
  const { t } = useTranslation();
  return statusBadge(t, status);
}

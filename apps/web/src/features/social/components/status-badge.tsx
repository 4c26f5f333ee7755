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

/** A post's, an account's or a publish's state, translated. */
export function StatusBadge({ status }: { status: string }) {
  const { t } = useTranslation();
  return (
    <span className={`badge text-bg-${TONE[status] ?? 'secondary'}`}>
      {codeText(t, `social.status.${status}`)}
    </span>
  );
}

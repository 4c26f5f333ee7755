import type { UserStatus } from '@kontora/contract/members';
import { useTranslation } from 'react-i18next';

const CLASSES: Record<UserStatus, string> = {
  active: 'text-bg-success',
  invited: 'text-bg-info',
  disabled: 'text-bg-secondary',
};

export function UserStatusBadge({ status }: { status: UserStatus }) {
  const { t } = useTranslation();
  return <span className={`badge ${CLASSES[status]}`}>{t(`admin.status.${status}`)}</span>;
}

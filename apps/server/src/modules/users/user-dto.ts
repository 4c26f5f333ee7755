import type { SessionUser } from '@kontora/contract/auth';
import { FALLBACK_LANGUAGE, isLanguage } from '@kontora/contract/limits';
import { normalizeNotificationPreferences } from '@kontora/contract/notification-kinds';
import { normalizePreferences } from '@kontora/contract/preferences';
import { parseJson } from '../../lib/json.ts';
import type { UserRow } from './users.repository.ts';

/** The person as the API shows them to themselves. */
export function toSessionUser(row: UserRow): SessionUser {
  const isAdmin = Boolean(row.is_admin);
  return {
    id: row.id,
    email: row.email,
    full_name: row.full_name,
    is_admin: isAdmin,
    isSuperuser: isAdmin,
    language: isLanguage(row.language) ? row.language : FALLBACK_LANGUAGE,
    preferences: normalizePreferences(parseJson(row.preferences)),
    notification_preferences: normalizeNotificationPreferences(parseJson(row.notification_preferences)),
    last_login_at: row.last_login_at,
  };
}

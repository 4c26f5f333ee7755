import type { TimelineEntry } from '@kontora/contract/customer-timeline';
import type { TFunction } from 'i18next';

type Change = TimelineEntry['changes'][number];

/** `[name]` or `[name, role]` as the server records a link on the timeline. */
const link = (value: Change['before']) =>
  Array.isArray(value) && typeof value[0] === 'string' ? { name: value[0], role: value[1] ?? null } : null;

/**
 * An `organisation` change read as a sentence: joined Acme (as CFO), left Acme, or a new
 * role at Acme. Undefined for any other change.
 */
export function organisationChangeText(t: TFunction, change: Change): string | undefined {
  if (change.field !== 'organisation') return undefined;
  const before = link(change.before);
  const after = link(change.after);
  if (after && !before) {
    return after.role
      ? t('peopleOrgs.timeline.joinedAs', { name: after.name, role: after.role })
      : t('peopleOrgs.timeline.joined', { name: after.name });
  }
  if (before && !after) return t('peopleOrgs.timeline.left', { name: before.name });
  if (before && after) {
    return after.role
      ? t('peopleOrgs.timeline.roleChanged', { name: after.name, role: after.role })
      : t('peopleOrgs.timeline.roleCleared', { name: after.name });
  }
  return undefined;
}

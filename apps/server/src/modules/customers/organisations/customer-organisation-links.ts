import type { FieldChange } from '@kontora/contract/change-feed';
import type { CustomerType, OrganisationLinkInput } from '@kontora/contract/customers';
import type { Database } from '../../../db/database.ts';
import { AppError } from '../../../lib/errors.ts';
import {
  customerKinds,
  hasPeople,
  linksOfPeople,
  type NamedLink,
  replaceLinks,
} from './customer-organisations.repository.ts';

/**
 * The rules of a person's organisations, applied by the write door (customer-writes.ts)
 * before it writes: which links a create or an edit asks for, whether they may be made,
 * and what the timeline and the change feed say about them.
 */

/** The links a body asks for, and the body field they came in (for per-entry errors). */
export interface WantedLinks {
  field: 'organisations' | 'organisation_ids';
  links: OrganisationLinkInput[];
}

/** `organisations` or `organisation_ids` of a create or edit body; undefined when it sends neither. */
export function wantedLinks(body: {
  organisations?: OrganisationLinkInput[] | undefined;
  organisation_ids?: number[] | undefined;
}): WantedLinks | undefined {
  if (body.organisations) return { field: 'organisations', links: body.organisations };
  if (body.organisation_ids) {
    return { field: 'organisation_ids', links: body.organisation_ids.map((id) => ({ id })) };
  }
  return undefined;
}

export interface LinkPlan {
  /** The links after the write, in order. */
  links: { organisation_id: number; name: string; role: string | null; created_at: string }[];
  /** One `organisation` change per link joined, left or given another role. */
  changes: FieldChange[];
}

const label = (name: string, role: string | null) => (role ? [name, role] : [name]);

/**
 * What the person's links become. Refused with 400 per entry: an id that is not a
 * customer of the company (`not_found`, whether it is gone or another company's), a
 * customer that is not an organisation, the person itself; and links on a customer that
 * is not a person. A role left out keeps the role the link had. `wanted` undefined keeps
 * the links, except that a person who becomes an organisation leaves them all.
 */
export async function planLinks(
  db: Database,
  companyId: number,
  person: { id: number | null; type: CustomerType },
  current: NamedLink[],
  wanted: WantedLinks | undefined,
  at: string,
): Promise<LinkPlan> {
  if (!wanted) {
    if (person.type === 'person' || current.length === 0)
      return { links: currentLinks(current), changes: [] };
    wanted = { field: 'organisations', links: [] };
  }
  if (person.type !== 'person' && wanted.links.length) {
    throw invalid({ [wanted.field]: ['person_only'] });
  }
  const kinds = new Map(
    (
      await customerKinds(
        db,
        companyId,
        wanted.links.map((l) => l.id),
      )
    ).map((k) => [k.id, k]),
  );
  const problems: Record<string, string[]> = {};
  const before = new Map(current.map((l) => [l.organisation_id, l]));
  const links = wanted.links.map((l, i) => {
    const found = kinds.get(l.id);
    const code =
      l.id === person.id
        ? 'self'
        : !found
          ? 'not_found'
          : found.type !== 'organisation'
            ? 'not_organisation'
            : null;
    if (code)
      problems[wanted.field === 'organisations' ? `organisations.${i}.id` : `organisation_ids.${i}`] = [code];
    const had = before.get(l.id);
    return {
      organisation_id: l.id,
      name: found?.name ?? '',
      role: l.role === undefined ? (had?.role ?? null) : l.role,
      created_at: had?.created_at ?? at,
    };
  });
  if (Object.keys(problems).length) throw invalid(problems);
  return { links, changes: linkChanges(current, links) };
}

function currentLinks(current: NamedLink[]): LinkPlan['links'] {
  return current.map(({ organisation_id, name, role, created_at }) => ({
    organisation_id,
    name,
    role,
    created_at,
  }));
}

/** Joined ([name, role] after), left ([name, role] before) and role changes, in the links' order. */
export function linkChanges(
  before: readonly { organisation_id: number; name: string; role: string | null }[],
  after: readonly { organisation_id: number; name: string; role: string | null }[],
): FieldChange[] {
  const was = new Map(before.map((l) => [l.organisation_id, l]));
  const is = new Map(after.map((l) => [l.organisation_id, l]));
  const changes: FieldChange[] = [];
  for (const l of after) {
    const old = was.get(l.organisation_id);
    if (!old || old.role !== l.role) {
      changes.push({
        field: 'organisation',
        before: old ? label(old.name, old.role) : null,
        after: label(l.name, l.role),
      });
    }
  }
  for (const l of before) {
    if (!is.has(l.organisation_id))
      changes.push({ field: 'organisation', before: label(l.name, l.role), after: null });
  }
  return changes;
}

/**
 * Stores the plan's links when something about them changed (an order change alone is
 * not a change: the person's organisations are a set with a display order).
 */
export async function applyLinks(db: Database, companyId: number, personId: number, plan: LinkPlan) {
  if (plan.changes.length === 0) return;
  await replaceLinks(
    db,
    companyId,
    personId,
    plan.links.map(({ name: _, ...row }) => row),
  );
}

/** An organisation with people may not become a person (its people would belong to a person). */
export async function assertTypeChangeAllowed(
  db: Database,
  companyId: number,
  current: { id: number; type: CustomerType },
  type: CustomerType,
): Promise<void> {
  if (
    current.type === 'organisation' &&
    type !== 'organisation' &&
    (await hasPeople(db, companyId, current.id))
  ) {
    throw invalid({ type: ['has_people'] });
  }
}

const invalid = (details: Record<string, string[]>) =>
  new AppError(400, 'validation_failed', 'Some organisations cannot be linked.', { details });

/**
 * The plan for an edit of `current`: none when the edit neither sends links nor changes the
 * type (nothing to read); an organisation with people may not change its type.
 */
export async function planLinkChange(
  db: Database,
  companyId: number,
  current: { id: number; type: CustomerType },
  type: CustomerType,
  wanted: WantedLinks | undefined,
  at: string,
): Promise<LinkPlan | undefined> {
  if (!wanted && current.type === type) return undefined;
  await assertTypeChangeAllowed(db, companyId, current, type);
  const had = await linksOfPeople(db, companyId, [current.id]);
  return planLinks(db, companyId, { id: current.id, type }, had, wanted, at);
}

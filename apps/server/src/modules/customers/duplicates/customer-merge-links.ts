import { CUSTOMER_LIMITS, type CustomerType } from '@kontora/contract/customers';
import type { Database } from '../../../db/database.ts';
import type { WantedLinks } from '../organisations/customer-organisation-links.ts';
import {
  customerKinds,
  deleteLinkPairs,
  insertLinks,
  type LinkRow,
  linksTouching,
} from '../organisations/customer-organisations.repository.ts';

/**
 * People at organisations through a merge. The merged customers' links go with them
 * (the keys cascade), so before they go:
 * - the survivor, as a person, is given its own organisations first, then the merged
 *   customers' (a role of its own wins; at most CUSTOMER_LIMITS.organisationsMax),
 *   written by the merge's change so the timeline says whom it joined;
 * - people of a merged organisation move to the surviving organisation, unless they
 *   already belong to it; no link from a customer to itself survives.
 * The snapshot keeps every link touched; the undo puts them back.
 */
export interface MergeLinks {
  /** Every link to or from the survivor and the merged customers before the merge. */
  before: LinkRow[];
  /** People's links the merge moved onto the surviving organisation. */
  moved: LinkRow[];
}

export async function carryLinks(
  db: Database,
  companyId: number,
  survivor: { id: number; type: CustomerType },
  mergedIds: number[],
): Promise<{ snapshot: MergeLinks; survivorLinks: WantedLinks | undefined }> {
  const before = await linksTouching(db, companyId, [survivor.id, ...mergedIds]);
  const merged = new Set(mergedIds);
  const to = (id: number) => (merged.has(id) ? survivor.id : id);
  // Links that already stand come first, so a moved duplicate of one is the one dropped.
  const rank = (l: LinkRow) => (l.person_id === survivor.id ? 0 : l.organisation_id === survivor.id ? 1 : 2);
  const ordered = [...before].sort((a, b) => rank(a) - rank(b));
  const seen = new Set<string>();
  const own: WantedLinks['links'] = [];
  const moved: LinkRow[] = [];
  for (const l of ordered) {
    const person = to(l.person_id);
    const organisation = to(l.organisation_id);
    const key = `${person}:${organisation}`;
    if (person === organisation || seen.has(key)) continue;
    seen.add(key);
    if (person === survivor.id) own.push({ id: organisation, role: l.role ?? null });
    else if (organisation !== l.organisation_id && survivor.type === 'organisation') {
      moved.push({ ...l, organisation_id: survivor.id });
    }
  }
  await insertLinks(db, moved);
  const survivorLinks =
    survivor.type === 'person'
      ? { field: 'organisations' as const, links: own.slice(0, CUSTOMER_LIMITS.organisationsMax) }
      : undefined;
  return { snapshot: { before, moved }, survivorLinks };
}

/**
 * The undo, once the merged customers are back: the moved links go, the merged customers'
 * links return (those whose other end still exists), and the survivor's own organisations
 * as they were are answered for the undo's change to write.
 */
export async function restoreLinks(
  db: Database,
  companyId: number,
  survivorId: number,
  restoredIds: number[],
  snapshot: MergeLinks | undefined,
): Promise<WantedLinks> {
  const { before = [], moved = [] } = snapshot ?? {};
  await deleteLinkPairs(db, companyId, moved);
  const ends = before.flatMap((l) => [l.person_id, l.organisation_id]);
  const kinds = new Map((await customerKinds(db, companyId, [...new Set(ends)])).map((k) => [k.id, k.type]));
  const standing = before.filter(
    (l) => kinds.get(l.person_id) === 'person' && kinds.get(l.organisation_id) === 'organisation',
  );
  // Links of the merged customers went with them; the others (to the survivor) stayed.
  const restored = new Set(restoredIds);
  await insertLinks(
    db,
    standing.filter(
      (l) => l.person_id !== survivorId && (restored.has(l.person_id) || restored.has(l.organisation_id)),
    ),
  );
  return {
    field: 'organisations',
    links: standing
      .filter((l) => l.person_id === survivorId)
      .map((l) => ({ id: l.organisation_id, role: l.role ?? null })),
  };
}

import type { CustomerWrites } from '../customer-writes.ts';
import type { WantedLinks } from '../organisations/customer-organisation-links.ts';
import { linksOfPeople, organisationsNamed } from '../organisations/customer-organisations.repository.ts';

/**
 * An import names organisations by their exact name: a person row's `organisations` cell and
 * its `organisation_name`. Each name links to the oldest organisation customer of the company
 * with exactly that name; a name without one creates it (an organisation customer with just
 * that name, imported like the rows). Answers name → organisation id for every name.
 */
export async function organisationsByName(
  writes: CustomerWrites,
  names: string[],
): Promise<Map<string, number>> {
  const wanted = [...new Set(names)];
  const found = new Map<string, number>();
  for (let i = 0; i < wanted.length; i += 500) {
    for (const o of await organisationsNamed(
      writes.db,
      writes.author.companyId,
      wanted.slice(i, i + 500),
      writes.importId,
    )) {
      if (!found.has(o.name)) found.set(o.name, o.id);
    }
  }
  const missing = wanted.filter((n) => !found.has(n));
  const ids = await writes.importMany(
    missing.map((name) => ({
      type: 'organisation' as const,
      name,
      first_name: null,
      last_name: null,
      organisation_name: name,
      email: null,
      phone: null,
      website: null,
      address: null,
      country: null,
      oib: null,
      status: 'lead' as const,
      owner_id: null,
      tags: [],
      source: null,
      notes: null,
    })),
    [],
    'organisations',
  );
  missing.forEach((name, i) => {
    found.set(name, ids[i] ?? 0);
  });
  return found;
}

/** A person's organisations (roles kept) with those joining added after them. */
export async function withCurrentLinks(
  writes: CustomerWrites,
  personId: number,
  joining: number[],
): Promise<WantedLinks> {
  const current = await linksOfPeople(writes.db, writes.author.companyId, [personId]);
  const ids = [...new Set([...current.map((l) => l.organisation_id), ...joining])];
  return { field: 'organisations', links: ids.map((id) => ({ id })) };
}

import type { CustomerPeoplePage, CustomerPeopleQuery } from '@kontora/contract/customers';
import type { AppContext } from '../../../context.ts';
import { invalidField, notFound } from '../../../lib/errors.ts';
import { decodeCursor, encodeCursor } from '../../../lib/keyset-cursor.ts';
import { customerKinds, peoplePage } from './customer-organisations.repository.ts';

function readCursor(raw: string): { at: string; id: number } {
  const parts = decodeCursor(raw);
  const [kind, at, id] = parts ?? [];
  if (parts?.length !== 3 || kind !== 'people' || typeof at !== 'string' || !Number.isSafeInteger(id)) {
    throw invalidField('cursor', 'invalid_cursor');
  }
  return { at, id: id as number };
}

/**
 * An organisation's people with their roles, in the order they joined, a keyset page at a
 * time. Another company's customer is not found; a person has no people (an empty page).
 */
export async function listPeople(
  ctx: AppContext,
  companyId: number,
  organisationId: number,
  query: CustomerPeopleQuery,
): Promise<CustomerPeoplePage> {
  const [customer] = await customerKinds(ctx.db, companyId, [organisationId]);
  if (!customer) throw notFound('Customer');
  const after = query.cursor ? readCursor(query.cursor) : undefined;
  const rows = await peoplePage(ctx.db, companyId, organisationId, after, query.limit + 1);
  const items = rows.slice(0, query.limit);
  const last = items.at(-1);
  return {
    items: items.map(({ created_at: _, ...person }) => person),
    next_cursor:
      rows.length > query.limit && last ? encodeCursor(['people', String(last.created_at), last.id]) : null,
  };
}

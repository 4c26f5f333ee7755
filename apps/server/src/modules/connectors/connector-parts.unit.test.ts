import type { ChangeEntry } from '@kontora/contract/change-feed';
import { describe, expect, it } from 'vitest';
import { touched, touchedDeals } from './connector-push.ts';
import { contentHash, syncedFieldsOf } from './content-hash.ts';
import { nextUtcDay, pipedriveLimits } from './pipedrive.ts';
import { retryAfterMs } from './provider-http.ts';
import { RequestThrottle } from './request-throttle.ts';

describe('content hash', () => {
  const mapped = ['first_name', 'last_name', 'email'] as const;
  const base = syncedFieldsOf({
    type: 'person',
    first_name: 'Ana',
    last_name: 'Kovač',
    email: 'Ana@Example.com',
  });

  it('covers only the mapped fields, ignoring blanks and the case of an email', () => {
    const same = syncedFieldsOf({
      ...base,
      first_name: ' Ana ',
      email: 'ana@example.com',
      phone: '+385 1 000',
    });
    expect(contentHash(same, mapped)).toBe(contentHash(base, mapped));
    expect(contentHash({ ...base, first_name: '' }, mapped)).toBe(
      contentHash({ ...base, first_name: null }, mapped),
    );
  });

  it('changes when a mapped field or the type changes', () => {
    expect(contentHash({ ...base, last_name: 'Horvat' }, mapped)).not.toBe(contentHash(base, mapped));
    expect(contentHash({ ...base, type: 'organisation' }, mapped)).not.toBe(contentHash(base, mapped));
  });
});

describe('Retry-After', () => {
  it('reads delta seconds and HTTP dates', () => {
    expect(retryAfterMs('3')).toBe(3000);
    expect(retryAfterMs('0.5')).toBe(500);
    const now = Date.parse('2026-01-01T00:00:00Z');
    expect(retryAfterMs('Thu, 01 Jan 2026 00:00:10 GMT', now)).toBe(10_000);
    expect(retryAfterMs(null)).toBeNull();
    expect(retryAfterMs('soon')).toBeNull();
  });
});

describe('request throttle', () => {
  it('lets `limit` requests start in a window and holds the next until the window moves', async () => {
    const throttle = new RequestThrottle(3, 200);
    const started: number[] = [];
    for (let i = 0; i < 4; i++) {
      await throttle.take();
      started.push(Date.now());
    }
    expect((started[3] as number) - (started[0] as number)).toBeGreaterThanOrEqual(195);
  });

  it('stops waiting when its signal aborts', async () => {
    const throttle = new RequestThrottle(1, 60_000);
    await throttle.take();
    const controller = new AbortController();
    const waiting = throttle.take(controller.signal);
    controller.abort(new Error('stop'));
    await expect(waiting).rejects.toThrow('stop');
  });
});

describe('Pipedrive rate-limit headers', () => {
  const now = Date.parse('2026-11-25T07:30:00Z');
  const read = (headers: Record<string, string>) => pipedriveLimits(new Headers(headers), now);

  it('holds the next request while the 2-second window is spent', () => {
    expect(read({ 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': '2' })).toEqual({ holdMs: 2000 });
    expect(read({ 'x-ratelimit-remaining': '5', 'x-ratelimit-reset': '2' })).toEqual({});
  });

  it('pauses until the next UTC day when no POST/PUT is left for today', () => {
    expect(read({ 'x-daily-requests-left': '0' })).toEqual({
      pauseUntil: Date.parse('2026-11-26T00:00:00Z'),
    });
    expect(read({ 'x-daily-requests-left': '12' })).toEqual({});
    expect(read({})).toEqual({});
    expect(nextUtcDay(Date.parse('2026-12-31T23:59:59Z'))).toBe(Date.parse('2027-01-01T00:00:00Z'));
  });
});

/** A feed entry of a customer edit, or what `over` makes of it. */
const feedEntry = (over: Partial<ChangeEntry>): ChangeEntry => ({
  id: 1,
  company_id: 1,
  type: 'customer.updated',
  entity: { type: 'customer', id: 7 },
  entity_version: 2,
  actor: { kind: 'user', id: 1, name: 'Ana' },
  changes: null,
  data: null,
  created_at: '2026-01-01T00:00:00.000Z',
  ...over,
});

describe('customers a feed entry pushes', () => {
  const entry = feedEntry;

  it('pushes an edited customer, and every customer an import batch updated', () => {
    expect(touched(entry({}))).toEqual({ upserts: [7], deletes: [] });
    // An import's updates: one entry per batch, no entity id (docs/decisions/068-staged-imports.md).
    const batch = entry({ entity: { type: 'customer', id: null }, data: { count: 2, ids: [3, 4] } });
    expect(touched(batch)).toEqual({ upserts: [3, 4], deletes: [] });
  });
});

describe('the deals a feed entry pushes', () => {
  const entry = (over: Partial<ChangeEntry>) =>
    feedEntry({ type: 'deal.updated', entity: { type: 'deal', id: 7 }, ...over });

  it('pushes every deal an import batch created, none for the import’s end, and deletes a deleted one', () => {
    expect(touchedDeals(entry({}))).toEqual({ upserts: [7], deletes: [] });
    // docs/decisions/091-batched-deal-import-writes.md: one entry per 500 new deals, no entity id.
    const batch = entry({
      type: 'deal.imported',
      entity: { type: 'deal', id: null },
      data: { count: 2, ids: [3, 4] },
    });
    expect(touchedDeals(batch)).toEqual({ upserts: [3, 4], deletes: [] });
    const finished = entry({
      type: 'deal.import_finished',
      entity: { type: 'deal', id: null },
      data: { rows: 2, created: 2, updated: 0, skipped: 0, rejected: 0 },
    });
    expect(touchedDeals(finished)).toEqual({ upserts: [], deletes: [] });
    expect(touchedDeals(entry({ type: 'deal.deleted' }))).toEqual({ upserts: [], deletes: [7] });
  });
});

import { EventListQuery, EventPage, type TodoEvent } from '@kontora/contract/events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postCsv } from '../../test-support/staged-imports.ts';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';
import { twoCompanies } from '../../test-support/two-companies.ts';
import { cacheKey, eventsVersion } from './events-page-cache.ts';

/**
 * The calendar's answers are cached under the company's to-do version (migration 029): every
 * change that shows in an answer must show in the very next request, however it was made.
 */
let t: TestApp;
let ana: string;
let marko: string;
let eva: string;
let anaId: number;
let markoId: number;
let acme: number;
let beta: number;
let customerId: number;

beforeAll(async () => {
  t = await createTestApp();
  const cast = await twoCompanies(t, [2]);
  ({ acme, beta } = cast);
  [ana, marko, eva] = [cast.ana.token, cast.marko.token, cast.eva.token];
  [anaId, markoId] = [cast.ana.id, cast.marko.id];
  const res = await t.call(ana, {
    method: 'POST',
    url: `/api/companies/${acme}/customers`,
    payload: { name: 'Horvat d.o.o.' },
  });
  customerId = res.json().data.id;
});
afterAll(() => t.close());

const FROM = '2031-03-01T00:00:00.000Z';
const TO = '2031-04-01T00:00:00.000Z';
const url = (company: number, rest = '') => `/api/companies/${company}/events${rest}`;
const month = (extra = '') => `?from=${FROM}&to=${TO}&limit=500${extra}`;

async function items(token: string, company = acme, extra = ''): Promise<TodoEvent[]> {
  const res = await t.call(token, { method: 'GET', url: url(company, month(extra)) });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  // The cached answer has the declared shape, no more and no less.
  return EventPage.strict().parse(res.json().data).items as TodoEvent[];
}

async function call(token: string, method: 'POST' | 'PATCH' | 'DELETE', path: string, payload?: object) {
  const res = await t.call(token, { method, url: url(acme, path), ...(payload ? { payload } : {}) });
  expect(res.statusCode, res.body).toBeLessThan(300);
  return res.statusCode === 204 ? undefined : (res.json().data as TodoEvent);
}

const titles = (list: TodoEvent[]) => list.map((e) => e.title);

describe('cached to-do answers', () => {
  it('are kept, per company, and show every change made through the API at once', async () => {
    expect(await items(ana)).toEqual([]);
    const e = (await call(ana, 'POST', '', {
      title: 'Call Horvat',
      start_at: '2031-03-10T09:00:00Z',
      end_at: '2031-03-10T10:00:00Z',
      customer_id: customerId,
      assignee_id: markoId,
    })) as TodoEvent;
    const first = await items(ana);
    expect(titles(first)).toEqual(['Call Horvat']);
    // A second request is answered from the cache, under the company's current version.
    const key = cacheKey(
      { companyId: acme, userId: anaId },
      await eventsVersion(t.ctx.db, acme),
      EventListQuery.parse({ from: FROM, to: TO, limit: '500' }),
    );
    const cached = t.ctx.caches.eventPages.get(key);
    expect(cached && JSON.parse(cached.toString()).data.items).toEqual(first);
    t.ctx.caches.eventPages.set(
      key,
      acme,
      Buffer.from(JSON.stringify({ data: { items: [], next_cursor: null } })),
    );
    expect(await items(ana)).toEqual([]);
    // `Cache-Control: no-cache` (RFC 9111): computed now, whatever is kept; and the fresh answer is kept.
    const fresh = await t.call(ana, {
      method: 'GET',
      url: url(acme, month()),
      headers: { 'cache-control': 'no-cache' },
    });
    expect(fresh.statusCode, fresh.body).toBe(200);
    expect(fresh.json().data.items).toEqual(first);
    expect(await items(ana)).toEqual(first);
    t.ctx.caches.eventPages.set(
      key,
      acme,
      Buffer.from(JSON.stringify({ data: { items: [], next_cursor: null } })),
    );
    expect(await items(ana)).toEqual([]);
    t.ctx.caches.eventPages.clear();
    expect(await items(ana)).toEqual(first);

    await call(ana, 'PATCH', `/${e.id}`, { title: 'Call Horvat again' });
    expect(titles(await items(ana))).toEqual(['Call Horvat again']);
    await call(ana, 'POST', `/${e.id}/done`);
    expect((await items(ana))[0]?.done).toBe(true);
    await call(ana, 'DELETE', `/${e.id}/done`);
    expect((await items(ana))[0]?.done).toBe(false);
    await call(ana, 'PATCH', `/${e.id}`, { start_at: '2031-04-02T09:00:00Z', end_at: null });
    expect(await items(ana)).toEqual([]);
    await call(ana, 'PATCH', `/${e.id}`, { start_at: '2031-03-02T09:00:00Z' });
    expect(titles(await items(ana))).toEqual(['Call Horvat again']);

    // The names on a to-do: its customer renamed, its assignee renamed.
    const renamed = await t.call(ana, {
      method: 'PATCH',
      url: `/api/companies/${acme}/customers/${customerId}`,
      payload: { name: 'Horvat i sinovi d.o.o.', version: 1 },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect((await items(ana))[0]?.customer_name).toBe('Horvat i sinovi d.o.o.');
    const me = await t.call(marko, { method: 'PATCH', url: '/api/me', payload: { full_name: 'Marko M.' } });
    expect(me.statusCode, me.body).toBe(200);
    expect((await items(ana))[0]?.assignee_name).toBe('Marko M.');

    // Another company's answer is its own.
    expect(await items(eva, beta)).toEqual([]);
    expect((await t.call(eva, { method: 'GET', url: url(acme, month()) })).statusCode).toBe(403);

    await call(ana, 'DELETE', `/${e.id}`);
    expect(await items(ana)).toEqual([]);
  });

  it('show the occurrences of a series as they are changed, one or all', async () => {
    const s = (await call(ana, 'POST', '', {
      title: 'Weekly',
      start_at: '2031-03-03T08:00:00Z',
      end_at: '2031-03-03T08:30:00Z',
      recurrence: 'FREQ=WEEKLY;BYDAY=MO;COUNT=4',
    })) as TodoEvent;
    const before = await items(ana);
    expect(before.map((o) => o.occurrence_start)).toHaveLength(4);
    const second = before[1]?.occurrence_start as string;
    const occurrence = `?occurrence=${encodeURIComponent(second)}`;
    await call(ana, 'PATCH', `/${s.id}${occurrence}&scope=this`, { title: 'Weekly, moved room' });
    expect(titles(await items(ana))).toEqual(['Weekly', 'Weekly, moved room', 'Weekly', 'Weekly']);
    await call(ana, 'POST', `/${s.id}/done${occurrence}`);
    expect((await items(ana)).map((o) => o.done)).toEqual([false, true, false, false]);
    await call(ana, 'DELETE', `/${s.id}${occurrence}&scope=this`);
    expect(await items(ana)).toHaveLength(3);
    await call(ana, 'DELETE', `/${s.id}`);
    expect(await items(ana)).toEqual([]);
  });

  it('show writes made outside the application (the triggers keep the version)', async () => {
    expect(await items(ana)).toEqual([]);
    const now = new Date().toISOString();
    await t.ctx.db
      .insertInto('events')
      .values({
        company_id: acme,
        title: 'Written by hand',
        type: 'task',
        start_at: '2031-03-20T09:00:00.000Z',
        end_at: null,
        until_at: '2031-03-20T09:00:00.000Z',
        is_long: false,
        all_day: false,
        done: false,
        priority: 'normal',
        version: 1,
        created_at: now,
        updated_at: now,
      })
      .execute();
    expect(titles(await items(ana))).toEqual(['Written by hand']);
    // A series expands in the company's wall time: across Zagreb's clock change (30 March 2031)
    // its UTC times move, New York's changed earlier; a new zone is a new answer.
    await call(ana, 'POST', '', {
      title: 'Daily',
      start_at: '2031-03-28T08:00:00Z',
      recurrence: 'FREQ=DAILY;COUNT=4',
    });
    const zoned = await items(ana);
    await t.ctx.db
      .updateTable('companies')
      .set({ time_zone: 'America/New_York' })
      .where('id', '=', acme)
      .execute();
    const moved = await items(ana);
    expect(moved).not.toEqual(zoned);
    await t.ctx.db
      .updateTable('events')
      .set({ title: 'Edited by hand' })
      .where('company_id', '=', acme)
      .where('title', '=', 'Written by hand')
      .execute();
    expect(titles(await items(ana))).toContain('Edited by hand');
    await t.ctx.db.deleteFrom('events').where('company_id', '=', acme).execute();
    expect(await items(ana)).toEqual([]);
  });

  it("show a CSV import's to-dos in the next answer", async () => {
    const before = titles(await items(ana));
    const res = await postCsv(
      t,
      ana,
      url(acme, '/import'),
      'Title,Type,Start,End\nImported call,call,2031-03-20T09:00:00Z,2031-03-20T09:30:00Z\n',
    );
    expect(res.statusCode, res.body).toBe(200);
    const after = titles(await items(ana));
    expect(after).toContain('Imported call');
    expect(after).toHaveLength(before.length + 1);
  });

  it('keep "mine" apart per person and leave clock-dependent lists uncached', async () => {
    await call(ana, 'POST', '', {
      title: 'For Marko',
      start_at: '2031-03-12T09:00:00Z',
      assignee_id: markoId,
    });
    expect(titles(await items(marko, acme, '&filter=mine'))).toEqual(['For Marko']);
    expect(await items(ana, acme, '&filter=mine')).toEqual([]);
    t.ctx.caches.eventPages.clear();
    const res = await t.call(ana, { method: 'GET', url: url(acme, `${month()}&filter=upcoming`) });
    expect(res.statusCode).toBe(200);
    expect(t.ctx.caches.eventPages.size).toBe(0);
  });
});

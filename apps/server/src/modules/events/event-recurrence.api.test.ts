import type { EventCreateInput, TodoEvent } from '@kontora/contract/events';
import { toZonedInput } from '@kontora/contract/time-zone';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';

let t: TestApp;
let ana: string;
let eva: string;
let acme: number;
let beta: number;

beforeAll(async () => {
  t = await createTestApp();
  const anaId = await t.user('ana@example.com');
  const evaId = await t.user('eva@example.com');
  // Companies are in Europe/Zagreb unless told otherwise (clocks change 29 March and 25 October 2026).
  acme = await t.company('Acme', [2], [{ userId: anaId, role: 'owner' }]);
  beta = await t.company('Beta', [2], [{ userId: evaId, role: 'owner' }]);
  ana = await t.login('ana@example.com');
  eva = await t.login('eva@example.com');
});
afterAll(() => t.close());

const tz = 'Europe/Zagreb';
const url = (company: number, rest = '') => `/api/companies/${company}/events${rest}`;
const local = (iso: string) => toZonedInput(iso, tz);

async function create(body: EventCreateInput, company = acme, token = ana) {
  const res = await t.call(token, { method: 'POST', url: url(company), payload: body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as TodoEvent;
}

async function range(from: string, to: string, extra = '') {
  const res = await t.call(ana, {
    method: 'GET',
    url: url(acme, `?limit=1000&from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}${extra}`),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.items as TodoEvent[];
}

const mine = (items: TodoEvent[], title: string) => items.filter((e) => e.title === title);
const q = (occurrence: string, scope?: string) =>
  `?occurrence=${encodeURIComponent(occurrence)}${scope ? `&scope=${scope}` : ''}`;

describe('recurring to-dos', () => {
  it('validates the rule: unsupported frequencies, COUNT with UNTIL, garbage → 400 on recurrence', async () => {
    for (const recurrence of [
      'FREQ=HOURLY',
      'FREQ=DAILY;COUNT=2;UNTIL=20300101T000000Z',
      'nonsense',
      'FREQ=WEEKLY;BYDAY=XX',
    ]) {
      const res = await t.call(ana, {
        method: 'POST',
        url: url(acme),
        payload: { title: 'Bad', start_at: '2030-01-01T09:00:00Z', recurrence },
      });
      expect(res.statusCode, recurrence).toBe(400);
      expect(Object.keys(res.json().details)).toContain('recurrence');
    }
    const bad = await t.call(ana, {
      method: 'POST',
      url: url(acme),
      payload: { title: 'Bad', start_at: '2030-01-01T09:00:00Z', reminders: [1, 2, 3, 4, 5, 6] },
    });
    expect(bad.statusCode).toBe(400);
  });

  it('keeps a weekly to-do at its local time across the March and October clock changes', async () => {
    const e = await create({
      title: 'Weekly standup',
      start_at: '2026-03-16T08:00:00Z', // Monday 09:00 CET
      end_at: '2026-03-16T08:30:00Z',
      recurrence: 'RRULE:FREQ=WEEKLY;BYDAY=MO;UNTIL=20261231T000000Z',
      reminders: [60, 10, 60],
    });
    expect(e.recurrence).toBe('FREQ=WEEKLY;BYDAY=MO;UNTIL=20261231T000000Z');
    expect(e.reminders).toEqual([10, 60]);
    const items = mine(await range('2026-03-01T00:00:00Z', '2026-11-03T00:00:00Z'), 'Weekly standup');
    expect(items.length).toBe(34);
    for (const o of items) {
      expect(local(o.start_at).slice(11)).toBe('09:00');
      expect(local(o.end_at as string).slice(11)).toBe('09:30');
      expect(o.occurrence_id).toBe(`${e.id}:${o.occurrence_start}`);
    }
    expect(items.map((o) => o.start_at)).toContain('2026-03-30T07:00:00.000Z'); // CEST
    expect(items.map((o) => o.start_at)).toContain('2026-10-26T08:00:00.000Z'); // CET again
  });

  it('answers only the occurrences in a range, merged in order with single to-dos and paged', async () => {
    const series = await create({
      title: 'Daily check',
      start_at: '2031-01-05T08:00:00Z',
      recurrence: 'FREQ=DAILY;COUNT=10',
    });
    await create({ title: 'Single', start_at: '2031-01-07T12:00:00Z' });
    const items = (await range('2031-01-06T00:00:00Z', '2031-01-09T00:00:00Z')).map(
      (e) => `${e.title} ${e.start_at}`,
    );
    expect(items).toEqual([
      'Daily check 2031-01-06T08:00:00.000Z',
      'Daily check 2031-01-07T08:00:00.000Z',
      'Single 2031-01-07T12:00:00.000Z',
      'Daily check 2031-01-08T08:00:00.000Z',
    ]);
    // Pages of two follow the same order.
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const res = await t.call(ana, {
        method: 'GET',
        url: url(
          acme,
          `?limit=2&from=2031-01-01T00:00:00Z&to=2031-02-01T00:00:00Z${cursor ? `&cursor=${cursor}` : ''}`,
        ),
      });
      const page = res.json().data;
      seen.push(...page.items.map((e: TodoEvent) => e.start_at));
      cursor = page.next_cursor;
    } while (cursor);
    expect(seen).toHaveLength(11);
    expect([...seen].sort()).toEqual(seen);
    // The series ended with its tenth occurrence.
    expect(await range('2031-01-15T00:00:00Z', '2031-02-01T00:00:00Z')).toEqual([]);
    const one = await t.call(ana, {
      method: 'GET',
      url: url(acme, `/${series.id}${q('2031-01-08T08:00:00.000Z')}`),
    });
    expect(one.json().data.occurrence_start).toBe('2031-01-08T08:00:00.000Z');
    const none = await t.call(ana, {
      method: 'GET',
      url: url(acme, `/${series.id}${q('2031-01-08T09:00:00.000Z')}`),
    });
    expect(none.statusCode).toBe(404);
  });

  it('completing one occurrence leaves the next open', async () => {
    const e = await create({
      title: 'Water plants',
      start_at: '2032-04-01T07:00:00Z',
      recurrence: 'FREQ=DAILY',
    });
    const first = '2032-04-01T07:00:00.000Z';
    const done = await t.call(ana, { method: 'POST', url: url(acme, `/${e.id}/done${q(first)}`) });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().data).toMatchObject({ done: true, occurrence_start: first });
    const items = mine(await range('2032-04-01T00:00:00Z', '2032-04-03T00:00:00Z'), 'Water plants');
    expect(items.map((o) => o.done)).toEqual([true, false]);
    const open = mine(
      await range('2032-04-01T00:00:00Z', '2032-04-03T00:00:00Z', '&filter=open'),
      'Water plants',
    );
    expect(open.map((o) => o.start_at)).toEqual(['2032-04-02T07:00:00.000Z']);
    // The done list (newest first, no end given) finds it.
    const doneList = await t.call(ana, { method: 'GET', url: url(acme, '?filter=done&dir=desc&limit=1000') });
    expect(mine(doneList.json().data.items, 'Water plants').map((o) => o.start_at)).toEqual([first]);
    // A series is done one occurrence at a time.
    expect((await t.call(ana, { method: 'POST', url: url(acme, `/${e.id}/done`) })).statusCode).toBe(400);
    const undone = await t.call(ana, { method: 'DELETE', url: url(acme, `/${e.id}/done${q(first)}`) });
    expect(undone.json().data.done).toBe(false);
  });

  it('edits and deletes this one, this and following, or all', async () => {
    const e = await create({
      title: 'Gym',
      start_at: '2033-05-02T16:00:00Z',
      end_at: '2033-05-02T17:00:00Z',
      recurrence: 'FREQ=DAILY;COUNT=6',
    });
    const occ = (day: number) => `2033-05-0${day}T16:00:00.000Z`;
    const window = async () =>
      (await range('2033-05-01T00:00:00Z', '2033-05-20T00:00:00Z')).filter(
        (x) => x.title.startsWith('Gym') || x.title.startsWith('Run'),
      );

    // This one: moved an hour and renamed; the others stay.
    const one = await t.call(ana, {
      method: 'PATCH',
      url: url(acme, `/${e.id}${q(occ(3), 'this')}`),
      payload: { title: 'Gym (late)', start_at: '2033-05-03T17:00:00Z', end_at: '2033-05-03T18:00:00Z' },
    });
    expect(one.statusCode, one.body).toBe(200);
    expect(one.json().data).toMatchObject({
      title: 'Gym (late)',
      start_at: '2033-05-03T17:00:00.000Z',
      occurrence_start: occ(3),
    });
    expect((await window()).map((x) => `${x.title}@${x.start_at.slice(8, 13)}`)).toEqual([
      'Gym@02T16',
      'Gym (late)@03T17',
      'Gym@04T16',
      'Gym@05T16',
      'Gym@06T16',
      'Gym@07T16',
    ]);
    // A series-only field cannot change for one occurrence.
    const alone = await t.call(ana, {
      method: 'PATCH',
      url: url(acme, `/${e.id}${q(occ(4), 'this')}`),
      payload: { recurrence: 'FREQ=WEEKLY' },
    });
    expect(alone.statusCode).toBe(400);

    // Delete this one.
    expect(
      (await t.call(ana, { method: 'DELETE', url: url(acme, `/${e.id}${q(occ(4), 'this')}`) })).statusCode,
    ).toBe(204);
    expect((await window()).map((x) => x.start_at.slice(8, 10))).toEqual(['02', '03', '05', '06', '07']);

    // This and following: from the 6th on it is a run, an hour earlier; the old series ends before it.
    const following = await t.call(ana, {
      method: 'PATCH',
      url: url(acme, `/${e.id}${q(occ(6), 'following')}`),
      payload: { title: 'Run', start_at: '2033-05-06T15:00:00Z', end_at: '2033-05-06T16:00:00Z' },
    });
    expect(following.statusCode, following.body).toBe(200);
    const run = following.json().data as TodoEvent;
    expect(run.id).not.toBe(e.id);
    expect(run.recurrence).toBe('FREQ=DAILY;COUNT=2');
    expect((await window()).map((x) => `${x.title}@${x.start_at.slice(8, 13)}`)).toEqual([
      'Gym@02T16',
      'Gym (late)@03T17',
      'Gym@05T16',
      'Run@06T15',
      'Run@07T15',
    ]);
    const old = (await t.call(ana, { method: 'GET', url: url(acme, `/${e.id}`) })).json().data as TodoEvent;
    expect(old.recurrence).toBe('FREQ=DAILY;UNTIL=20330506T155959Z');

    // All: renaming through any occurrence renames the series, keeping this one's own title.
    const all = await t.call(ana, {
      method: 'PATCH',
      url: url(acme, `/${e.id}${q(occ(5), 'all')}`),
      payload: { description: 'Leg day' },
    });
    expect(all.statusCode, all.body).toBe(200);
    expect((await window()).filter((x) => x.description === 'Leg day').length).toBe(3);
    // All, moved: every occurrence of the series moves by the same local time.
    await t.call(ana, {
      method: 'PATCH',
      url: url(acme, `/${e.id}${q(occ(5), 'all')}`),
      payload: { start_at: '2033-05-05T14:00:00Z', end_at: '2033-05-05T15:00:00Z' },
    });
    expect((await window()).filter((x) => x.id === e.id).map((x) => x.start_at.slice(8, 13))).toEqual([
      '02T14',
      '03T14',
      '04T14',
      '05T14',
    ]);

    // Delete this and following of the run from its second: one run remains; then delete all of the gym.
    expect(
      (
        await t.call(ana, {
          method: 'DELETE',
          url: url(acme, `/${run.id}${q(occ(7).replace('T16', 'T15'), 'following')}`),
        })
      ).statusCode,
    ).toBe(204);
    expect(
      (
        await t.call(ana, {
          method: 'DELETE',
          url: url(acme, `/${e.id}${q(occ(2).replace('T16', 'T14'), 'all')}`),
        })
      ).statusCode,
    ).toBe(204);
    expect((await window()).map((x) => `${x.title}@${x.start_at.slice(8, 13)}`)).toEqual(['Run@06T15']);
  });

  it("answers 404 for another company's series and occurrences", async () => {
    const e = await create(
      { title: 'Beta series', start_at: '2034-01-02T09:00:00Z', recurrence: 'FREQ=DAILY' },
      beta,
      eva,
    );
    const o = q('2034-01-03T09:00:00.000Z', 'this');
    expect((await t.call(ana, { method: 'GET', url: url(beta, `/${e.id}${o}`) })).statusCode).toBe(403);
    expect((await t.call(ana, { method: 'GET', url: url(acme, `/${e.id}${o}`) })).statusCode).toBe(404);
    expect(
      (await t.call(ana, { method: 'PATCH', url: url(acme, `/${e.id}${o}`), payload: { title: 'x' } }))
        .statusCode,
    ).toBe(404);
    expect((await t.call(ana, { method: 'POST', url: url(acme, `/${e.id}/done${o}`) })).statusCode).toBe(404);
    expect((await t.call(ana, { method: 'DELETE', url: url(acme, `/${e.id}${o}`) })).statusCode).toBe(404);
    expect(mine(await range('2034-01-01T00:00:00Z', '2034-01-10T00:00:00Z'), 'Beta series')).toEqual([]);
  });
});

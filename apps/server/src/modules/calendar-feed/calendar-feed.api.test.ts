import type { CalendarFeed } from '@kontora/contract/calendar-feed';
import type { TodoEvent } from '@kontora/contract/events';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';

let t: TestApp;
let ana: string;
let eva: string;
let anaId: number;
let evaId: number;
let acme: number;
let beta: number;

beforeAll(async () => {
  t = await createTestApp();
  anaId = await t.user('ana@example.com');
  evaId = await t.user('eva@example.com');
  acme = await t.company(
    'Acme',
    [2],
    [
      { userId: anaId, role: 'owner' },
      { userId: evaId, role: 'member' },
    ],
  );
  beta = await t.company('Beta', [2], [{ userId: evaId, role: 'owner' }]);
  ana = await t.login('ana@example.com');
  eva = await t.login('eva@example.com');
});
afterAll(() => t.close());

const feedUrl = (company: number) => `/api/companies/${company}/calendar-feed`;
const pathOf = (url: string) => new URL(url).pathname;

async function turnOn(token: string, company: number, scope: 'all' | 'mine') {
  const res = await t.call(token, { method: 'POST', url: feedUrl(company), payload: { scope } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as CalendarFeed & { url: string };
}

async function create(body: Record<string, unknown>) {
  const res = await t.call(ana, { method: 'POST', url: `/api/companies/${acme}/events`, payload: body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as TodoEvent;
}

describe('calendar feed', () => {
  let series: TodoEvent;
  let single: TodoEvent;

  beforeAll(async () => {
    // Weekly on Monday 09:00 in Zagreb from 16 March 2026, across both clock changes, ten times.
    series = await create({
      title: 'Weekly; review, with \\ care',
      description: `Agenda:\n${'Überprüfung der Zahlen — '.repeat(8)}`,
      start_at: '2026-03-16T08:00:00Z',
      end_at: '2026-03-16T09:00:00Z',
      recurrence: 'FREQ=WEEKLY;BYDAY=MO;COUNT=40',
      assignee_id: anaId,
    });
    const occ = (_iso: string) => `/api/companies/${acme}/events/${series.id}`;
    await t.call(ana, {
      method: 'DELETE',
      url: `${occ('')}?occurrence=2026-03-23T08:00:00.000Z&scope=this`,
    });
    await t.call(ana, { method: 'POST', url: `${occ('')}/done?occurrence=2026-03-30T07:00:00.000Z` });
    single = await create({ title: 'Call Eva', start_at: '2030-05-05T10:00:00Z', assignee_id: evaId });
    await t.call(ana, { method: 'POST', url: `/api/companies/${acme}/events/${single.id}/done` });
  });

  it('is off until turned on; the address answers text/calendar that an independent parser reads', async () => {
    const off = await t.call(ana, { method: 'GET', url: feedUrl(acme) });
    expect(off.json().data).toMatchObject({ enabled: false, url: null });
    const feed = await turnOn(ana, acme, 'all');
    expect(feed.url).toMatch(/^http:\/\/kontora\.test\/api\/calendar-feeds\/[\w-]{43}$/);
    expect((await t.call(ana, { method: 'GET', url: feedUrl(acme) })).json().data.url).toBe(feed.url);

    const res = await t.app.inject({ method: 'GET', url: pathOf(feed.url) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/calendar/);
    // Folded at 75 octets, CRLF line ends.
    for (const line of res.body.split('\r\n')) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);

    const calendar = new ICAL.Component(ICAL.parse(res.body));
    const zone = calendar.getFirstSubcomponent('vtimezone');
    expect(zone?.getFirstPropertyValue('tzid')).toBe('Europe/Zagreb');
    if (zone) ICAL.TimezoneService.register(zone);
    const events = calendar.getAllSubcomponents('vevent');
    const master = events.find(
      (v) => v.getFirstPropertyValue('summary') === series.title && !v.hasProperty('recurrence-id'),
    );
    if (!master) throw new Error('series missing');
    // The rule round-trips, escaping and folding too.
    expect(String(master.getFirstPropertyValue('rrule'))).toBe('FREQ=WEEKLY;COUNT=40;BYDAY=MO');
    expect(master.getFirstPropertyValue('description')).toBe(series.description);

    // Expanded by ical.js: Monday 09:00 local before and after both clock changes, the deleted one missing.
    const event = new ICAL.Event(master, {
      exceptions: events.filter(
        (v) =>
          v.hasProperty('recurrence-id') &&
          v.getFirstPropertyValue('uid') === master.getFirstPropertyValue('uid'),
      ),
    });
    const it = event.iterator();
    const starts: string[] = [];
    for (let next = it.next(); next && starts.length < 40; next = it.next()) {
      const details = event.getOccurrenceDetails(next);
      starts.push(new Date(details.startDate.toUnixTime() * 1000).toISOString());
    }
    expect(starts).toHaveLength(39);
    expect(starts).not.toContain('2026-03-23T08:00:00.000Z');
    expect(starts).toContain('2026-03-30T07:00:00.000Z');
    expect(starts).toContain('2026-10-26T08:00:00.000Z');
    const api = await t.call(ana, {
      method: 'GET',
      url: `/api/companies/${acme}/events?limit=1000&from=2026-03-01T00:00:00Z&to=2027-01-01T00:00:00Z`,
    });
    const fromApi = (api.json().data.items as TodoEvent[])
      .filter((e) => e.id === series.id)
      .map((e) => e.start_at);
    expect(starts).toEqual(fromApi);

    // The completed occurrence and the completed single to-do read as done.
    const done = events.find((v) => v.hasProperty('recurrence-id'));
    expect(done?.getFirstPropertyValue('summary')).toBe(`✓ ${series.title}`);
    expect(events.some((v) => v.getFirstPropertyValue('summary') === '✓ Call Eva')).toBe(true);

    // As VTODO: STATUS:COMPLETED and COMPLETED.
    const todos = new ICAL.Component(
      ICAL.parse((await t.app.inject({ method: 'GET', url: `${pathOf(feed.url)}?as=todo` })).body),
    );
    const call = todos
      .getAllSubcomponents('vtodo')
      .find((v) => v.getFirstPropertyValue('summary') === 'Call Eva');
    expect(call?.getFirstPropertyValue('status')).toBe('COMPLETED');
    expect(call?.hasProperty('completed')).toBe(true);
  });

  it('"mine" holds only the caller\'s to-dos', async () => {
    const feed = await turnOn(eva, acme, 'mine');
    const body = (await t.app.inject({ method: 'GET', url: pathOf(feed.url) })).body;
    expect(body).toContain('SUMMARY:✓ Call Eva');
    expect(body).not.toContain('Weekly');
  });

  it('a new address kills the old one; turning off kills it too; unknown tokens are 404', async () => {
    const first = await turnOn(ana, acme, 'all');
    const second = await turnOn(ana, acme, 'all');
    expect(second.url).not.toBe(first.url);
    expect((await t.app.inject({ method: 'GET', url: pathOf(first.url) })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: pathOf(second.url) })).statusCode).toBe(200);
    expect((await t.call(ana, { method: 'DELETE', url: feedUrl(acme) })).statusCode).toBe(204);
    expect((await t.app.inject({ method: 'GET', url: pathOf(second.url) })).statusCode).toBe(404);
    expect((await t.call(ana, { method: 'GET', url: feedUrl(acme) })).json().data.enabled).toBe(false);
    expect((await t.app.inject({ method: 'GET', url: '/api/calendar-feeds/not-a-token' })).statusCode).toBe(
      404,
    );
  });

  it("another company's feed cannot be reached, and a feed shows only its own company's to-dos", async () => {
    expect((await t.call(ana, { method: 'GET', url: feedUrl(beta) })).statusCode).toBe(403);
    expect((await t.call(ana, { method: 'POST', url: feedUrl(beta), payload: {} })).statusCode).toBe(403);
    await t.call(eva, {
      method: 'POST',
      url: `/api/companies/${beta}/events`,
      // Within the feed's window whatever the day the suite runs (it reaches 180 days back).
      payload: {
        title: 'Beta secret',
        start_at: new Date(Date.now() + 7 * 86_400_000).toISOString(),
        assignee_id: evaId,
      },
    });
    const acmeFeed = await turnOn(eva, acme, 'all');
    expect((await t.app.inject({ method: 'GET', url: pathOf(acmeFeed.url) })).body).not.toContain(
      'Beta secret',
    );
    const betaFeed = await turnOn(eva, beta, 'all');
    expect((await t.app.inject({ method: 'GET', url: pathOf(betaFeed.url) })).body).toContain('Beta secret');
    // Eva's Acme feed is still its own (one feed per person and company).
    expect((await t.app.inject({ method: 'GET', url: pathOf(acmeFeed.url) })).statusCode).toBe(200);
  });
});

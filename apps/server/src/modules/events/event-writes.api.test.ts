import { afterAll, beforeAll, expect, it } from 'vitest';
import { expectSentAlong } from '../../test-support/same-statement.ts';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';
import { readChanges } from '../change-feed/change-feed.service.ts';

/**
 * Every to-do write goes through event-writes.ts: a to-do linked to a customer
 * sends its timeline entry in its change-feed row's own statement.
 */

let t: TestApp;
let ana: string;
let acme: number;
let customer: number;

beforeAll(async () => {
  t = await createTestApp();
  const anaId = await t.user('ana@example.com');
  acme = await t.company('Acme', [2], [{ userId: anaId, role: 'owner' }]);
  ana = await t.login('ana@example.com');
  const res = await t.call(ana, {
    method: 'POST',
    url: `/api/companies/${acme}/customers`,
    payload: { name: 'Linked' },
  });
  customer = res.json().data.id;
});
afterAll(() => t.close());

const events = (rest = '') => `/api/companies/${acme}/events${rest}`;

/** Does `write`, then answers its one change-feed row and the customer's newest timeline entry. */
async function written(write: () => Promise<{ statusCode: number; body: string }>, type: string) {
  const before = (await readChanges(t.ctx, acme, 0, 1000)).at(-1)?.id ?? 0;
  const res = await write();
  expect(res.statusCode, res.body).toBeLessThan(300);
  const changes = (await readChanges(t.ctx, acme, before, 1000)).filter((c) => c.type === type);
  expect(changes).toHaveLength(1);
  const entry = await t.ctx.db
    .selectFrom('customer_activities')
    .select(['id', 'kind'])
    .where('company_id', '=', acme)
    .where('customer_id', '=', customer)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  return { change: changes[0]?.id as number, entry };
}

it('creating, completing, reopening and deleting a linked to-do, and completing an occurrence', async () => {
  const create = await written(
    () =>
      t.call(ana, {
        method: 'POST',
        url: events(),
        payload: { title: 'Call', start_at: '2026-12-01T09:00:00Z', customer_id: customer },
      }),
    'event.created',
  );
  expect(create.entry.kind).toBe('todo_created');
  await expectSentAlong(t, acme, create.change, [create.entry.id]);
  const id = (await readChanges(t.ctx, acme, create.change - 1, 1))[0]?.entity.id as number;

  const done = await written(() => t.call(ana, { method: 'POST', url: events(`/${id}/done`) }), 'event.done');
  expect(done.entry.kind).toBe('todo_done');
  await expectSentAlong(t, acme, done.change, [done.entry.id]);

  const open = await written(
    () => t.call(ana, { method: 'DELETE', url: events(`/${id}/done`) }),
    'event.undone',
  );
  expect(open.entry.kind).toBe('todo_reopened');
  await expectSentAlong(t, acme, open.change, [open.entry.id]);

  const gone = await written(() => t.call(ana, { method: 'DELETE', url: events(`/${id}`) }), 'event.deleted');
  expect(gone.entry.kind).toBe('todo_deleted');
  await expectSentAlong(t, acme, gone.change, [gone.entry.id]);

  const series = await t.call(ana, {
    method: 'POST',
    url: events(),
    payload: {
      title: 'Daily',
      start_at: '2026-12-01T09:00:00Z',
      customer_id: customer,
      recurrence: 'FREQ=DAILY;COUNT=3',
    },
  });
  expect(series.statusCode, series.body).toBe(201);
  const occurrence = encodeURIComponent('2026-12-02T09:00:00.000Z');
  const first = await written(
    () =>
      t.call(ana, { method: 'POST', url: events(`/${series.json().data.id}/done?occurrence=${occurrence}`) }),
    'event.done',
  );
  expect(first.entry.kind).toBe('todo_done');
  await expectSentAlong(t, acme, first.change, [first.entry.id]);
});

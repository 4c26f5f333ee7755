import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';

let t: TestApp;
let acme: number;
let bistro: number;
let owner: string;
let companyAdmin: string;
let member: string;
let superuser: string;
beforeAll(async () => {
  t = await createTestApp();
  const ana = await t.user('ana@example.com');
  const ivo = await t.user('ivo@example.com');
  const marko = await t.user('marko@example.com');
  await t.user('root@example.com', { is_admin: true });
  acme = await t.company(
    'Acme',
    [2],
    [
      { userId: ana, role: 'owner' },
      { userId: ivo, role: 'admin' },
      { userId: marko, role: 'member' },
    ],
  );
  bistro = await t.company('Bistro', [2], [{ userId: marko, role: 'owner' }]);
  owner = await t.login('ana@example.com');
  companyAdmin = await t.login('ivo@example.com');
  member = await t.login('marko@example.com');
  superuser = await t.login('root@example.com');
});
afterAll(() => t.close());

const put = (token: string, companyId: number, payload: Record<string, unknown>) =>
  t.call(token, { method: 'PUT', url: `/api/companies/${companyId}/calendar-settings`, payload });
const workdayStartOf = async (token: string, companyId: number) =>
  (await t.call(token, { method: 'GET', url: `/api/companies/${companyId}` })).json().data.workday_start;

describe('PUT /api/companies/:companyId/calendar-settings', () => {
  it('lets an owner and an admin set when the working day starts; members read it in the profile', async () => {
    const res = await put(owner, acme, { workday_start: '07:30' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ workday_start: '07:30' });
    expect(await workdayStartOf(member, acme)).toBe('07:30');

    expect((await put(companyAdmin, acme, { workday_start: '09:00' })).statusCode).toBe(200);
    expect(await workdayStartOf(member, acme)).toBe('09:00');

    const audit = await t.ctx.db
      .selectFrom('audit_entries')
      .select(['action', 'before', 'after'])
      .where('company_id', '=', acme)
      .where('action', '=', 'company.update')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(audit.before ?? '{}')).toEqual({ workday_start: '07:30' });
    expect(JSON.parse(audit.after ?? '{}')).toEqual({ workday_start: '09:00' });
  });

  it('refuses a time that is not HH:MM with a 400 naming the field, and keeps the old one', async () => {
    for (const workday_start of ['8:00', '24:00', '08:60', '08:00:00', 'morning', '', 8]) {
      const res = await put(owner, acme, { workday_start });
      expect(res.statusCode, String(workday_start)).toBe(400);
      expect(res.json().details).toHaveProperty('workday_start');
    }
    expect((await put(owner, acme, {})).statusCode).toBe(400);
    expect((await put(owner, acme, { workday_start: '08:00', extra: 1 })).statusCode).toBe(400);
    expect(await workdayStartOf(owner, acme)).toBe('09:00');
  });

  it('is 403 for a member, and for another company; a superuser may set it; a missing company is 404', async () => {
    const asMember = await put(member, acme, { workday_start: '06:00' });
    expect(asMember.statusCode).toBe(403);
    // Marko owns Bistro but not Acme; Ana cannot touch Bistro.
    expect((await put(owner, bistro, { workday_start: '06:00' })).statusCode).toBe(403);
    expect(await workdayStartOf(member, bistro)).toBe('08:00');
    expect(await workdayStartOf(member, acme)).toBe('09:00');

    expect((await put(superuser, bistro, { workday_start: '10:15' })).statusCode).toBe(200);
    expect(await workdayStartOf(member, bistro)).toBe('10:15');
    expect((await put(superuser, 999_999, { workday_start: '10:15' })).statusCode).toBe(404);
  });
});

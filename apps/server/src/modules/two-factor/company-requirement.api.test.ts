import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, PASSWORD, type TestApp } from '../../test-support/test-app.ts';
import { enrol, totpCode } from '../../test-support/two-factor.ts';

let t: TestApp;
let acme: number;
let other: number;
const tokens: Record<string, string> = {};
let enrolledSecret = '';

beforeAll(async () => {
  t = await createTestApp();
  const owner = await t.user('owner@req.test');
  const member = await t.user('member@req.test');
  const enrolledId = await t.user('enrolled@req.test');
  await t.user('root@req.test', { is_admin: true });
  acme = await t.company(
    'Acme',
    [0, 2],
    [
      { userId: owner, role: 'owner' },
      { userId: member, role: 'member' },
      { userId: enrolledId, role: 'member' },
    ],
  );
  other = await t.company('Other', [0], [{ userId: member, role: 'owner' }]);
  tokens.member = await t.login('member@req.test');
  tokens.root = await t.login('root@req.test');
  const enrolled = await enrol(t, 'enrolled@req.test');
  tokens.enrolled = enrolled.token;
  enrolledSecret = enrolled.secret;
});
afterAll(() => t.close());

const setRequired = (token: string | undefined, required: boolean) =>
  t.call(token, {
    method: 'PUT',
    url: `/api/companies/${acme}/security`,
    payload: { require_two_factor: required },
  });

describe('a company that requires two-factor sign-in', () => {
  it('only an owner who has two-factor can require it; the change is audited', async () => {
    const ownerToken = await t.login('owner@req.test');
    const refused = await setRequired(ownerToken, true);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('two_factor_required');
    expect((await setRequired(tokens.enrolled, true)).statusCode).toBe(403);

    const { token } = await enrol(t, 'owner@req.test');
    tokens.owner = token;
    const ok = await setRequired(token, true);
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data).toEqual({ require_two_factor: true });
    const audit = await t.ctx.db
      .selectFrom('audit_entries')
      .select(['action', 'after'])
      .where('company_id', '=', acme)
      .execute();
    expect(audit).toContainEqual({ action: 'company.update', after: '{"require_two_factor":true}' });
  });

  it("refuses a member without two-factor that company's data with 403 two_factor_required, at once", async () => {
    for (const url of [
      `/api/companies/${acme}`,
      `/api/company-modules/${acme}`,
      `/api/companies/${acme}/customers`,
      `/api/companies/${acme}/members`,
    ]) {
      const res = await t.call(tokens.member, { method: 'GET', url });
      expect(res.statusCode, url).toBe(403);
      expect(res.json().code).toBe('two_factor_required');
    }
    // Their own account and other companies stay open, so they can enrol.
    expect((await t.call(tokens.member, { method: 'GET', url: '/api/me' })).statusCode).toBe(200);
    expect((await t.call(tokens.member, { method: 'GET', url: `/api/companies/${other}` })).statusCode).toBe(
      200,
    );
    expect(
      (await t.call(tokens.member, { method: 'GET', url: `/api/companies/${acme}/security` })).json().code,
    ).toBe('two_factor_required');
  });

  it('lets in members with two-factor, and superusers who are not members', async () => {
    expect((await t.call(tokens.enrolled, { method: 'GET', url: `/api/companies/${acme}` })).statusCode).toBe(
      200,
    );
    expect((await t.call(tokens.root, { method: 'GET', url: `/api/companies/${acme}` })).statusCode).toBe(
      200,
    );
  });

  it('opens the company in the same session as soon as the member enrols', async () => {
    const token = tokens.member as string;
    const setup = await t.call(token, { method: 'POST', url: '/api/me/two-factor/setup' });
    const secret = setup.json().data.secret;
    const enable = await t.call(token, {
      method: 'POST',
      url: '/api/me/two-factor/enable',
      payload: { code: await totpCode(secret) },
    });
    expect(enable.statusCode).toBe(200);
    expect((await t.call(token, { method: 'GET', url: `/api/companies/${acme}` })).statusCode).toBe(200);
  });

  it('closes the company again when a member turns two-factor off, and the owner can lift the rule', async () => {
    const off = await t.call(tokens.enrolled, {
      method: 'POST',
      url: '/api/me/two-factor/disable',
      payload: { password: PASSWORD, code: await totpCode(enrolledSecret) },
    });
    expect(off.statusCode).toBe(200);
    expect((await t.call(tokens.enrolled, { method: 'GET', url: `/api/companies/${acme}` })).statusCode).toBe(
      403,
    );
    expect((await setRequired(tokens.owner, false)).statusCode).toBe(200);
    expect((await t.call(tokens.enrolled, { method: 'GET', url: `/api/companies/${acme}` })).statusCode).toBe(
      200,
    );
  });
});

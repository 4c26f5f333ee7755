import type { CompanyRole } from '@kontora/contract/limits';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';
import { testDialect } from '../../test-support/test-database.ts';
import { insertMembership } from '../members/members.repository.ts';
import { insertUser } from '../users/users.repository.ts';

/**
 * Who may call which admin and team endpoint. Each row runs once per caller,
 * each time on fresh records (so a DELETE for one caller does not change what
 * the next one sees). The table is the specification; the suite prints it as
 * markdown once every row has passed.
 *
 * Callers: a superuser who is not a member of Acme; Acme's owner, admin and
 * member; an outsider who owns another company.
 */
const CALLERS = ['superuser', 'owner', 'admin', 'member', 'outsider'] as const;
type Caller = (typeof CALLERS)[number];
type Expected = Record<Caller, number>;

let t: TestApp;
let acme: number;
const tokens = {} as Record<Caller, string>;
let seq = 0;
const unique = (prefix: string) => `${prefix}-${++seq}@matrix.test`;

/** A fresh person, optionally a member of Acme with a role. */
async function person(role?: CompanyRole, status: 'active' | 'invited' | 'disabled' = 'active') {
  const id =
    status === 'active'
      ? await t.user(unique('p'))
      : await insertUser(t.ctx.db, {
          email: unique(status),
          full_name: 'Fresh',
          password_hash: null,
          is_admin: false,
          status,
          language: 'en',
        });
  if (role) await insertMembership(t.ctx.db, { company_id: acme, user_id: id, role });
  return id;
}
const freshCompany = () => t.company(`Fresh ${++seq}`, [0]);
/** A fresh pending invitation of Acme to a new email, made by its owner. */
async function invitation(role: CompanyRole): Promise<number> {
  const res = await t.call(tokens.owner, {
    method: 'POST',
    url: `/api/companies/${acme}/invitations`,
    payload: { email: unique('invited'), role },
  });
  return res.json().data.invitation.id;
}
/** A dead job of an unknown kind, so no worker picks it up again after a retry. */
async function deadJob(): Promise<number> {
  const now = new Date().toISOString();
  const row = await t.ctx.db
    .insertInto('jobs')
    .values({
      queue: 'matrix',
      name: 'matrix.noop',
      payload: '{}',
      state: 'dead',
      max_attempts: 1,
      run_at: now,
      created_at: now,
      finished_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

const all = (status: number): Expected => ({
  superuser: status,
  owner: status,
  admin: status,
  member: status,
  outsider: status,
});
const superOnly = (status: number): Expected => ({ ...all(403), superuser: status });
const team = (s: number, o: number, a: number, m: number, x: number): Expected => ({
  superuser: s,
  owner: o,
  admin: a,
  member: m,
  outsider: x,
});

interface Row {
  endpoint: string;
  /** What this row checks, when the endpoint alone does not say. */
  note?: string;
  request: () => Promise<InjectOptions>;
  expected: Expected;
}

const ROWS: Row[] = [
  // ---- Team: /api/companies/:companyId/members (Acme)
  {
    endpoint: 'GET /api/companies/:companyId/members',
    request: async () => ({ method: 'GET', url: `/api/companies/${acme}/members` }),
    expected: team(200, 200, 200, 200, 403),
  },
  // ---- Invitations: /api/companies/:companyId/invitations (Acme) and the invited person's side
  {
    endpoint: 'GET /api/companies/:companyId/invitations',
    request: async () => ({ method: 'GET', url: `/api/companies/${acme}/invitations` }),
    expected: team(200, 200, 200, 403, 403),
  },
  {
    endpoint: 'POST /api/companies/:companyId/invitations',
    note: 'invite a new email as member',
    request: async () => ({
      method: 'POST',
      url: `/api/companies/${acme}/invitations`,
      payload: { email: unique('new'), role: 'member' },
    }),
    expected: team(201, 201, 201, 403, 403),
  },
  {
    endpoint: 'POST /api/companies/:companyId/invitations',
    note: 'invite an existing person as admin',
    request: async () => {
      const id = await person();
      const email = (
        await t.ctx.db.selectFrom('users').select('email').where('id', '=', id).executeTakeFirst()
      )?.email;
      return { method: 'POST', url: `/api/companies/${acme}/invitations`, payload: { email, role: 'admin' } };
    },
    expected: team(201, 201, 201, 403, 403),
  },
  {
    endpoint: 'POST /api/companies/:companyId/invitations',
    note: 'invite as owner',
    request: async () => ({
      method: 'POST',
      url: `/api/companies/${acme}/invitations`,
      payload: { email: unique('new-owner'), role: 'owner' },
    }),
    expected: team(201, 201, 403, 403, 403),
  },
  {
    endpoint: 'POST /api/companies/:companyId/invitations/:invitationId/resend',
    request: async () => ({
      method: 'POST',
      url: `/api/companies/${acme}/invitations/${await invitation('member')}/resend`,
    }),
    expected: team(200, 200, 200, 403, 403),
  },
  {
    endpoint: 'DELETE /api/companies/:companyId/invitations/:invitationId',
    note: 'revoke a member invitation',
    request: async () => ({
      method: 'DELETE',
      url: `/api/companies/${acme}/invitations/${await invitation('member')}`,
    }),
    expected: team(204, 204, 204, 403, 403),
  },
  {
    endpoint: 'DELETE /api/companies/:companyId/invitations/:invitationId',
    note: 'revoke an owner invitation',
    request: async () => ({
      method: 'DELETE',
      url: `/api/companies/${acme}/invitations/${await invitation('owner')}`,
    }),
    expected: team(204, 204, 403, 403, 403),
  },
  {
    endpoint: 'GET /api/me/invitations',
    request: async () => ({ method: 'GET', url: '/api/me/invitations' }),
    expected: all(200),
  },
  {
    endpoint: 'POST /api/me/invitations/:invitationId/:answer',
    note: 'accept an invitation sent to someone else',
    request: async () => ({
      method: 'POST',
      url: `/api/me/invitations/${await invitation('member')}/accept`,
    }),
    expected: all(404),
  },
  {
    endpoint: 'POST /api/invitations/:token/:answer',
    note: 'a link that opens nothing',
    request: async () => ({ method: 'POST', url: `/api/invitations/${'x'.repeat(43)}/decline` }),
    expected: all(400),
  },

  {
    endpoint: 'PATCH /api/companies/:companyId/members/:userId',
    note: 'member → admin',
    request: async () => ({
      method: 'PATCH',
      url: `/api/companies/${acme}/members/${await person('member')}`,
      payload: { role: 'admin' },
    }),
    expected: team(200, 200, 200, 403, 403),
  },
  {
    endpoint: 'PATCH /api/companies/:companyId/members/:userId',
    note: 'member → owner',
    request: async () => ({
      method: 'PATCH',
      url: `/api/companies/${acme}/members/${await person('member')}`,
      payload: { role: 'owner' },
    }),
    expected: team(200, 200, 403, 403, 403),
  },
  {
    endpoint: 'PATCH /api/companies/:companyId/members/:userId',
    note: 'owner → member (another owner remains)',
    request: async () => ({
      method: 'PATCH',
      url: `/api/companies/${acme}/members/${await person('owner')}`,
      payload: { role: 'member' },
    }),
    expected: team(200, 200, 403, 403, 403),
  },
  {
    endpoint: 'PATCH /api/companies/:companyId/members/:userId',
    note: 'person not in this company',
    request: async () => ({
      method: 'PATCH',
      url: `/api/companies/${acme}/members/${await person()}`,
      payload: { role: 'admin' },
    }),
    expected: team(404, 404, 404, 403, 403),
  },
  {
    endpoint: 'DELETE /api/companies/:companyId/members/:userId',
    note: 'remove a member',
    request: async () => ({
      method: 'DELETE',
      url: `/api/companies/${acme}/members/${await person('member')}`,
    }),
    expected: team(204, 204, 204, 403, 403),
  },
  {
    endpoint: 'DELETE /api/companies/:companyId/members/:userId',
    note: 'remove an owner (another owner remains)',
    request: async () => ({
      method: 'DELETE',
      url: `/api/companies/${acme}/members/${await person('owner')}`,
    }),
    expected: team(204, 204, 403, 403, 403),
  },
  {
    endpoint: 'DELETE /api/companies/:companyId/members/:userId',
    note: 'person not in this company',
    request: async () => ({ method: 'DELETE', url: `/api/companies/${acme}/members/${await person()}` }),
    expected: team(404, 404, 404, 403, 403),
  },
  {
    endpoint: 'GET /api/companies/:companyId/members',
    note: 'company that does not exist',
    request: async () => ({ method: 'GET', url: '/api/companies/999999/members' }),
    expected: team(404, 403, 403, 403, 403),
  },

  {
    endpoint: 'GET /api/companies/:companyId/security',
    request: async () => ({ method: 'GET', url: `/api/companies/${acme}/security` }),
    expected: team(200, 200, 200, 200, 403),
  },
  {
    endpoint: 'PUT /api/companies/:companyId/security',
    note: 'stop requiring two-factor (owners)',
    request: async () => ({
      method: 'PUT',
      url: `/api/companies/${acme}/security`,
      payload: { require_two_factor: false },
    }),
    expected: team(200, 200, 403, 403, 403),
  },

  // ---- Admin: companies
  {
    endpoint: 'GET /api/admin/companies',
    request: async () => ({ method: 'GET', url: '/api/admin/companies?q=acme' }),
    expected: superOnly(200),
  },
  {
    endpoint: 'POST /api/admin/companies',
    request: async () => ({ method: 'POST', url: '/api/admin/companies', payload: { name: 'Made here' } }),
    expected: superOnly(201),
  },
  {
    endpoint: 'GET /api/admin/companies/:id',
    request: async () => ({ method: 'GET', url: `/api/admin/companies/${acme}` }),
    expected: superOnly(200),
  },
  {
    endpoint: 'GET /api/admin/companies/:id',
    note: 'unknown id',
    request: async () => ({ method: 'GET', url: '/api/admin/companies/999999' }),
    expected: superOnly(404),
  },
  {
    endpoint: 'PATCH /api/admin/companies/:id',
    request: async () => ({
      method: 'PATCH',
      url: `/api/admin/companies/${await freshCompany()}`,
      payload: { legal_name: 'Renamed d.o.o.' },
    }),
    expected: superOnly(200),
  },
  {
    endpoint: 'PATCH /api/admin/companies/:id',
    note: 'deactivate',
    request: async () => ({
      method: 'PATCH',
      url: `/api/admin/companies/${await freshCompany()}`,
      payload: { is_active: false },
    }),
    expected: superOnly(200),
  },
  {
    endpoint: 'PUT /api/admin/companies/:id/modules',
    request: async () => ({
      method: 'PUT',
      url: `/api/admin/companies/${await freshCompany()}/modules`,
      payload: { modules: [0, 2] },
    }),
    expected: superOnly(200),
  },
  {
    endpoint: 'POST /api/admin/companies/:id/members',
    request: async () => ({
      method: 'POST',
      url: `/api/admin/companies/${acme}/members`,
      payload: { user_id: await person(), role: 'member' },
    }),
    expected: superOnly(201),
  },
  {
    endpoint: 'PATCH /api/admin/companies/:id/members/:userId',
    request: async () => ({
      method: 'PATCH',
      url: `/api/admin/companies/${acme}/members/${await person('member')}`,
      payload: { role: 'owner' },
    }),
    expected: superOnly(200),
  },
  {
    endpoint: 'DELETE /api/admin/companies/:id/members/:userId',
    request: async () => ({
      method: 'DELETE',
      url: `/api/admin/companies/${acme}/members/${await person('admin')}`,
    }),
    expected: superOnly(204),
  },

  // ---- Admin: people
  {
    endpoint: 'GET /api/admin/users',
    request: async () => ({ method: 'GET', url: '/api/admin/users?status=active' }),
    expected: superOnly(200),
  },
  {
    endpoint: 'POST /api/admin/users',
    request: async () => ({
      method: 'POST',
      url: '/api/admin/users',
      payload: {
        email: unique('invite'),
        full_name: 'Invited',
        memberships: [{ company_id: acme, role: 'member' }],
      },
    }),
    expected: superOnly(201),
  },
  {
    endpoint: 'GET /api/admin/users/:id',
    request: async () => ({ method: 'GET', url: `/api/admin/users/${await person('member')}` }),
    expected: superOnly(200),
  },
  {
    endpoint: 'GET /api/admin/users/:id',
    note: 'unknown id',
    request: async () => ({ method: 'GET', url: '/api/admin/users/999999' }),
    expected: superOnly(404),
  },
  {
    endpoint: 'PATCH /api/admin/users/:id',
    request: async () => ({
      method: 'PATCH',
      url: `/api/admin/users/${await person()}`,
      payload: { full_name: 'Changed', memberships: [{ company_id: acme, role: 'admin' }] },
    }),
    expected: superOnly(200),
  },
  {
    endpoint: 'POST /api/admin/users/:id/disable',
    request: async () => ({ method: 'POST', url: `/api/admin/users/${await person('member')}/disable` }),
    expected: superOnly(200),
  },
  {
    endpoint: 'POST /api/admin/users/:id/enable',
    request: async () => ({
      method: 'POST',
      url: `/api/admin/users/${await person(undefined, 'disabled')}/enable`,
    }),
    expected: superOnly(200),
  },
  {
    endpoint: 'POST /api/admin/users/:id/resend-invitation',
    request: async () => ({
      method: 'POST',
      url: `/api/admin/users/${await person(undefined, 'invited')}/resend-invitation`,
    }),
    expected: superOnly(200),
  },

  {
    endpoint: 'POST /api/admin/users/:id/sessions/revoke',
    request: async () => ({
      method: 'POST',
      url: `/api/admin/users/${await person('member')}/sessions/revoke`,
    }),
    expected: superOnly(200),
  },

  // ---- Admin: audit
  {
    endpoint: 'GET /api/admin/audit',
    request: async () => ({ method: 'GET', url: `/api/admin/audit?company_id=${acme}` }),
    expected: superOnly(200),
  },

  // ---- Admin: background jobs
  {
    endpoint: 'GET /api/admin/jobs/overview',
    request: async () => ({ method: 'GET', url: '/api/admin/jobs/overview' }),
    expected: superOnly(200),
  },
  {
    endpoint: 'GET /api/admin/jobs',
    request: async () => ({ method: 'GET', url: '/api/admin/jobs?state=dead' }),
    expected: superOnly(200),
  },
  {
    endpoint: 'GET /api/admin/jobs/:id',
    request: async () => ({ method: 'GET', url: `/api/admin/jobs/${await deadJob()}` }),
    expected: superOnly(200),
  },
  {
    endpoint: 'POST /api/admin/jobs/:id/retry',
    request: async () => ({ method: 'POST', url: `/api/admin/jobs/${await deadJob()}/retry` }),
    expected: superOnly(200),
  },
  {
    endpoint: 'DELETE /api/admin/jobs/:id',
    request: async () => ({ method: 'DELETE', url: `/api/admin/jobs/${await deadJob()}` }),
    expected: superOnly(204),
  },
];

const results: { row: Row; actual: Expected }[] = [];

beforeAll(async () => {
  t = await createTestApp();
  await t.user('root@matrix.test', { is_admin: true });
  const owner = await t.user('owner@matrix.test');
  const admin = await t.user('admin@matrix.test');
  const member = await t.user('member@matrix.test');
  const outsider = await t.user('outsider@matrix.test');
  acme = await t.company(
    'Acme',
    [0, 2],
    [
      { userId: owner, role: 'owner' },
      { userId: admin, role: 'admin' },
      { userId: member, role: 'member' },
    ],
  );
  await t.company('Other', [0], [{ userId: outsider, role: 'owner' }]);
  for (const caller of CALLERS) {
    tokens[caller] = await t.login(`${caller === 'superuser' ? 'root' : caller}@matrix.test`);
  }
});

afterAll(async () => {
  await t.close();
  if (results.length !== ROWS.length) return;
  const mark = (status: number) => (status < 300 ? `✅ ${status}` : `⛔ ${status}`);
  const lines = [
    `Permission matrix (${testDialect()}), as tested:`,
    '',
    `| Endpoint | Case | ${CALLERS.join(' | ')} |`,
    `|---|---|${CALLERS.map(() => '---').join('|')}|`,
    ...results.map(
      ({ row, actual }) =>
        `| \`${row.endpoint}\` | ${row.note ?? ''} | ${CALLERS.map((c) => mark(actual[c])).join(' | ')} |`,
    ),
  ];
  console.log(lines.join('\n'));
});

describe('permission matrix: superuser, owner, admin, member, outsider', () => {
  for (const row of ROWS) {
    it(`${row.endpoint}${row.note ? ` (${row.note})` : ''}`, async () => {
      const actual = {} as Expected;
      for (const caller of CALLERS) {
        const res = await t.call(tokens[caller], await row.request());
        actual[caller] = res.statusCode;
        // A refusal is a clean JSON error with a code, never a crash.
        if (res.statusCode >= 400) expect(res.json()).toMatchObject({ code: expect.any(String) });
      }
      expect(actual).toEqual(row.expected);
      results.push({ row, actual });
    });
  }

  it('refuses every admin and team endpoint without a token (401)', async () => {
    for (const row of ROWS) {
      const res = await t.call(undefined, await row.request());
      expect(res.statusCode, row.endpoint).toBe(401);
    }
  });

  it('refuses members with role_too_low and outsiders with not_member', async () => {
    const req = async () => ({
      method: 'DELETE' as const,
      url: `/api/companies/${acme}/members/${await person('member')}`,
    });
    expect((await t.call(tokens.member, await req())).json().code).toBe('role_too_low');
    expect((await t.call(tokens.outsider, await req())).json().code).toBe('not_member');
    expect((await t.call(tokens.owner, { method: 'GET', url: '/api/admin/users' })).json().code).toBe(
      'forbidden',
    );
  });
});

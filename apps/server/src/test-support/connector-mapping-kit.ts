import { expect } from 'vitest';
import type { ConnectorSuite } from './connector-kit.ts';

/** A connection's field-mapping calls and the customers they touch, as Ana (owner) unless a token is given. */
export function mappingKit(suite: ConnectorSuite) {
  // The app starts in the suite's beforeAll: read it at each call.
  const t = {
    call: (...args: Parameters<typeof suite.t.call>) => suite.t.call(...args),
    get ctx() {
      return suite.t.ctx;
    },
  };
  const url = (company: number, id: number) => `/api/companies/${company}/connectors/${id}/field-mappings`;
  return {
    url,
    get: (company: number, id: number, token = suite.ana) =>
      t.call(token, { method: 'GET', url: url(company, id) }),
    put: (company: number, id: number, mappings: unknown[], token = suite.ana) =>
      t.call(token, { method: 'PUT', url: url(company, id), payload: { mappings } }),
    async customer(company: number, id: number) {
      const res = await t.call(suite.ana, {
        method: 'GET',
        url: `/api/companies/${company}/customers/${id}`,
      });
      return res.json().data as {
        id: number;
        version: number;
        custom: Record<string, unknown>;
        email: string;
      };
    },
    async editCustomer(company: number, id: number, body: Record<string, unknown>) {
      const res = await t.call(suite.ana, {
        method: 'PATCH',
        url: `/api/companies/${company}/customers/${id}`,
        payload: body,
      });
      expect(res.statusCode, res.body).toBe(200);
    },
    async customerByEmail(company: number, email: string) {
      const row = await t.ctx.db
        .selectFrom('customers')
        .select('id')
        .where('company_id', '=', company)
        .where('email', '=', email)
        .executeTakeFirstOrThrow();
      return row.id;
    },
  };
}

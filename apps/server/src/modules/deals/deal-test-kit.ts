import type { Pipeline } from '@kontora/contract/pipelines';
import { expect } from 'vitest';
import type { TestApp } from '../../test-support/test-app.ts';

/** Calls of the deal and pipeline routes as a signed-in person, for the deal API tests. */
export function dealKit(t: TestApp) {
  const deals = (company: number, rest = '') => `/api/companies/${company}/deals${rest}`;
  const pipelines = (company: number, rest = '') => `/api/companies/${company}/pipelines${rest}`;
  const call = (
    token: string,
    method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
    url: string,
    payload?: unknown,
  ) => t.call(token, { method, url, ...(payload === undefined ? {} : { payload: payload as object }) });
  async function ok(
    token: string,
    method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
    url: string,
    payload?: unknown,
  ) {
    const res = await call(token, method, url, payload);
    expect(res.statusCode, res.body).toBeLessThan(300);
    return res.statusCode === 204 ? null : res.json().data;
  }
  return {
    deals,
    pipelines,
    call,
    ok,
    async pipelineOf(token: string, company: number): Promise<Pipeline> {
      const list = await ok(token, 'GET', pipelines(company));
      return list.items[0] as Pipeline;
    },
    createDeal: (token: string, company: number, body: Record<string, unknown>) =>
      ok(token, 'POST', deals(company), body),
  };
}

import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { fakeApiFetch } from '../lib/fake-api-fetch.ts';

const STORED = { currentLeadUser: JSON.stringify({ token: 'token-a', email: 'ana@example.com' }) };
let sent: ReturnType<typeof fakeApiFetch>;
let asked: string[];

/** Records what is asked; `answers` answer their addresses. */
function answering(answers: Record<string, unknown> = {}): void {
  sent = fakeApiFetch((url) => answers[url] ?? {});
  asked = sent.asked;
}

beforeEach(() => {
  vi.resetModules();
  answering();
  // A fresh page: nothing asked yet.
  delete (globalThis as Record<string, unknown>).__kontoraEarlyRequests;
});

afterEach(() => vi.unstubAllGlobals());

function visit(hash: string, stored: Record<string, string>): void {
  vi.stubGlobal('location', { hash });
  vi.stubGlobal('localStorage', { getItem: (key: string) => stored[key] ?? null });
}

async function ask(): Promise<void> {
  const { askFirstScreenData } = await import('./first-screen-data.ts');
  askFirstScreenData('en');
}

it("asks a signed-in customer page's questions in one request, and only once a page", async () => {
  visit('#/company/customer/39', { ...STORED, currentCompany: JSON.stringify({ id: 1, name: 'Acme' }) });
  await ask();
  await vi.waitFor(() => expect(asked).toContain('/api/companies/1/customers/39'));
  expect(asked).toEqual(
    expect.arrayContaining([
      '/api/app-config',
      '/api/me',
      '/api/company-modules/1',
      '/api/me/notifications/unread-count',
      '/api/companies/1/customers/39/timeline',
      '/api/companies/1/custom-fields?record=customer',
    ]),
  );
  expect(sent.requests).toBe(1);
  const count = asked.length;
  // The entry calls it again after the inline script: nothing more is asked.
  await ask();
  await new Promise((resolve) => setTimeout(resolve, 10));
  expect(asked).toHaveLength(count);
  expect(new Set(asked).size).toBe(count);
});

it("leaves an address with a query the layout's questions only", async () => {
  visit('#/company/customer/list?q=ana', {
    ...STORED,
    currentCompany: JSON.stringify({ id: 1, name: 'Acme' }),
  });
  await ask();
  await new Promise((resolve) => setTimeout(resolve, 10));
  expect(asked).toContain('/api/company-modules/1');
  expect(asked.filter((url) => url.startsWith('/api/companies/'))).toEqual([]);
});

it('asks a signed-out visit for the configuration only', async () => {
  visit('#/company/dashboard', {});
  await ask();
  await new Promise((resolve) => setTimeout(resolve, 10));
  expect(asked).toEqual(['/api/app-config']);
});

it("asks a deal page's people once the deal has answered", async () => {
  visit('#/company/deal/30', { ...STORED, currentCompany: JSON.stringify({ id: 1, name: 'Acme' }) });
  answering({ '/api/companies/1/deals/30': { id: 30, customer_ids: [20, 21] } });
  await ask();
  await vi.waitFor(() => expect(asked).toContain('/api/companies/1/customers/21'));
  expect(asked.indexOf('/api/companies/1/customers/20')).toBeGreaterThan(
    asked.indexOf('/api/companies/1/deals/30'),
  );
});

it("asks the deals board's first pipeline once the pipelines have answered", async () => {
  visit('#/company/deals', { ...STORED, currentCompany: JSON.stringify({ id: 1, name: 'Acme' }) });
  answering({ '/api/companies/1/pipelines': { items: [{ id: 7 }, { id: 8 }] } });
  await ask();
  await vi.waitFor(() => expect(asked).toContain('/api/companies/1/pipelines/7/board?per_column=25'));
  expect(asked.filter((url) => url.includes('/board'))).toHaveLength(1);
});

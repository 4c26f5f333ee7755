import { afterEach, beforeEach, expect, it, vi } from 'vitest';

const STORED = { currentLeadUser: JSON.stringify({ token: 'token-a', email: 'ana@example.com' }) };
let asked: string[];

beforeEach(() => {
  vi.resetModules();
  asked = [];
  vi.stubGlobal('fetch', (url: string) => {
    asked.push(url);
    const modules = url.startsWith('/api/company-modules/') ? { modules: [{ id: 0 }, { id: 2 }] } : {};
    return Promise.resolve(new Response(JSON.stringify({ data: modules })));
  });
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

it("asks a signed-in customer page's questions once the modules allow, and only once a page", async () => {
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
  const count = asked.length;
  // The entry calls it again after the inline script: nothing more is asked.
  await ask();
  expect(asked).toHaveLength(count);
  expect(new Set(asked).size).toBe(count);
});

it('leaves the questions of a module the company lacks, and those of an address with a query', async () => {
  visit('#/company/social/posts', { ...STORED, currentCompany: JSON.stringify({ id: 1, name: 'Acme' }) });
  await ask();
  await vi.waitFor(() => expect(asked).toContain('/api/company-modules/1'));
  await new Promise((resolve) => setTimeout(resolve, 10));
  expect(asked.filter((url) => url.includes('social'))).toEqual([]);

  delete (globalThis as Record<string, unknown>).__kontoraEarlyRequests;
  vi.resetModules();
  asked = [];
  visit('#/company/customer/list?q=ana', {
    ...STORED,
    currentCompany: JSON.stringify({ id: 1, name: 'Acme' }),
  });
  await ask();
  await new Promise((resolve) => setTimeout(resolve, 10));
  expect(asked.filter((url) => url.startsWith('/api/companies/'))).toEqual([]);
});

it('asks a signed-out visit for the configuration only', async () => {
  visit('#/company/dashboard', {});
  await ask();
  expect(asked).toEqual(['/api/app-config']);
});

it("asks a deal page's people once the deal has answered", async () => {
  visit('#/company/deal/30', { ...STORED, currentCompany: JSON.stringify({ id: 1, name: 'Acme' }) });
  vi.stubGlobal('fetch', (url: string) => {
    asked.push(url);
    const data = url.startsWith('/api/company-modules/')
      ? { modules: [{ id: 2 }] }
      : url === '/api/companies/1/deals/30'
        ? { id: 30, customer_ids: [20, 21] }
        : {};
    return Promise.resolve(new Response(JSON.stringify({ data })));
  });
  await ask();
  await vi.waitFor(() => expect(asked).toContain('/api/companies/1/customers/21'));
  expect(asked.indexOf('/api/companies/1/customers/20')).toBeGreaterThan(
    asked.indexOf('/api/companies/1/deals/30'),
  );
});

import { beforeAll, describe, expect, it } from 'vitest';
import { type ApiClient, apiAs } from './fixtures/api.ts';
import { chooseCompany, loginAs, newPage, USERS } from './fixtures/browser.ts';
import { stackAndBrowserForFile } from './fixtures/suite.ts';

const e2e = stackAndBrowserForFile();
let ana: ApiClient;
let company: { id: number; name: string };

beforeAll(async () => {
  // A company with the integration module, Ana its owner and Marko a member.
  const admin = await apiAs(e2e.stack, USERS.superuser);
  const created = await admin.call<{ id: number }>('POST', '/admin/companies', {
    name: 'Integration Keys d.o.o.',
    country: 'HR',
    time_zone: 'Europe/Zagreb',
    currency: 'EUR',
    modules: [0, 1, 2],
  });
  company = { id: created.id, name: 'Integration Keys d.o.o.' };
  const users = await admin.call<{ items: { id: number; email: string }[] }>('GET', '/admin/users?limit=100');
  const idOf = (email: string) => {
    const user = users.items.find((u) => u.email === email);
    if (!user) throw new Error(`demo user ${email} missing`);
    return user.id;
  };
  const members = `/admin/companies/${company.id}/members`;
  await admin.call('POST', members, { user_id: idOf(USERS.ana), role: 'owner' });
  await admin.call('POST', members, { user_id: idOf(USERS.marko), role: 'member' });
  ana = await apiAs(e2e.stack, USERS.ana);
  // A key the member will see in the list.
  await ana.call('POST', `/companies/${company.id}/api-keys`, {
    name: 'Reporting',
    scopes: { events: 'read' },
  });
});

describe('CRM integration: API keys', () => {
  it('an owner creates a key, sees it once, copies it, uses it against the API and revokes it', async () => {
    const page = await newPage(e2e.browser, e2e.stack.baseUrl, {
      permissions: ['clipboard-read', 'clipboard-write'],
    });
    await loginAs(page, USERS.ana);
    await chooseCompany(page, company.name);
    await page.goto('/#/company/crm-integration');
    await page.getByRole('heading', { level: 1, name: 'CRM integration' }).waitFor();

    await page.getByRole('button', { name: 'New API key' }).click();
    const dialog = page.getByRole('dialog', { name: 'New API key' });
    await dialog.getByLabel('Name').fill('Web shop');
    await dialog.getByLabel('Customers').selectOption('write');
    await dialog.getByLabel('Expires in').selectOption('30');
    await dialog.getByLabel('Requests per minute').fill('120');
    await dialog.getByRole('button', { name: 'Create key' }).click();

    // Shown once: a read-only field, a warning and a copy button.
    const shown = page.getByRole('dialog', { name: 'Your new API key' });
    await shown
      .getByRole('alert')
      .getByText(/shown only this once/)
      .waitFor();
    const field = shown.getByLabel('API key');
    expect(await field.getAttribute('readonly')).not.toBeNull();
    const key = await field.inputValue();
    expect(key).toMatch(/^kon_[0-9A-Za-z]{36}$/);
    await shown.getByRole('button', { name: 'Copy' }).click();
    await shown.getByRole('button', { name: 'Copied' }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key);
    await shown.getByRole('button', { name: 'I have saved the key' }).click();

    // The list shows the prefix and last four, never the key again.
    const row = page.getByRole('row', { name: /Web shop/ });
    await row.getByText(`kon_…${key.slice(-4)}`).waitFor();
    await row.getByText('Customers: Read and write').waitFor();
    await row.getByText('120 requests a minute').waitFor();
    expect(await page.content()).not.toContain(key);

    // The key works from any client, here fetch in the page, with the key's rights only.
    const call = (method: string, path: string, body?: unknown) =>
      page.evaluate(
        async ({ method, path, body, key }) => {
          const response = await fetch(path, {
            method,
            headers: {
              Authorization: `Bearer ${key}`,
              ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
            },
            body: body === undefined ? undefined : JSON.stringify(body),
          });
          return { status: response.status, limit: response.headers.get('RateLimit-Limit') };
        },
        { method, path, body, key },
      );
    const customers = `/api/companies/${company.id}/customers`;
    expect(await call('GET', customers)).toEqual({ status: 200, limit: '120' });
    expect((await call('POST', customers, { name: 'Made by the shop' })).status).toBe(201);
    expect((await call('GET', `/api/companies/${company.id}/events`)).status).toBe(403);
    expect((await call('GET', '/api/me')).status).toBe(403);

    // Revoke, with confirmation: the very next request is refused.
    await row.getByRole('button', { name: 'Revoke Web shop' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Revoke API key?' });
    await confirm.getByRole('button', { name: 'Revoke key' }).click();
    await confirm.waitFor({ state: 'hidden' });
    await row.waitFor({ state: 'detached' });
    expect((await call('GET', customers)).status).toBe(401);
    await page.context().close();
  });

  it('a member sees the keys read-only', async () => {
    const page = await newPage(e2e.browser, e2e.stack.baseUrl);
    await loginAs(page, USERS.marko);
    await chooseCompany(page, company.name);
    // The dashboard's integration widget counts the active keys (Reporting; Web shop was revoked).
    const widget = page.getByRole('region', { name: 'CRM integration' });
    await widget.getByText('Active API keys').waitFor();
    expect(await widget.getByText('1', { exact: true }).count()).toBe(1);
    await widget.getByRole('link', { name: /CRM integration/ }).click();
    await page.getByRole('heading', { level: 1, name: 'CRM integration' }).waitFor();
    const row = page.getByRole('row', { name: /Reporting/ });
    await row.getByText('To-dos: Read').waitFor();
    await page.getByText('Only owners and admins can create or revoke keys.').waitFor();
    expect(await page.getByRole('button', { name: 'New API key' }).count()).toBe(0);
    expect(await row.getByRole('button').count()).toBe(0);

    // Import and export are reachable from here: the import opens on the customer list.
    await page.getByRole('tab', { name: 'Import / export' }).click();
    await page.getByRole('link', { name: 'Import customers' }).click();
    await page.getByRole('heading', { level: 1, name: 'Customers' }).waitFor();
    await page.getByRole('dialog').waitFor();
    await page.context().close();
  });
});

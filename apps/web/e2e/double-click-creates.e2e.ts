import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type HubspotStandin,
  startHubspotStandin,
} from '../../server/src/test-support/connector-standins/hubspot.ts';
import { startXStandin, type XStandin } from '../../server/src/test-support/social-standins/x-standin.ts';
import { type ApiClient, apiAs, createCrmCompany } from './fixtures/api.ts';
import { chooseCompany, loginAs, newPage, USERS } from './fixtures/browser.ts';
import { calendarDay } from './fixtures/calendar.ts';
import { stackAndBrowserForFile } from './fixtures/suite.ts';

/**
 * Every create button of the product, double-clicked: one request leaves the browser, it
 * carries an Idempotency-Key, and one record exists afterwards
 * (docs/decisions/053-one-create-per-click.md).
 */

// The stand-ins start first and the server of this file is told where they are (its environment is
// read at start); loopback addresses are refused to webhooks and connectors unless allowed.
let x: XStandin;
let hubspot: HubspotStandin;
beforeAll(async () => {
  x = await startXStandin({ id: 'x-e2e', secret: 'x-e2e-secret' });
  hubspot = await startHubspotStandin();
  Object.assign(process.env, {
    SOCIAL_X_API_URL: x.url,
    SOCIAL_X_AUTH_URL: `${x.url}/i/oauth2/authorize`,
    SOCIAL_X_CLIENT_ID: 'x-e2e',
    SOCIAL_X_CLIENT_SECRET: 'x-e2e-secret',
    WEBHOOK_ALLOWED_HOSTS: '127.0.0.1',
  });
});
const e2e = stackAndBrowserForFile();
afterAll(async () => {
  await x?.close();
  await hubspot?.close();
});

/** A story's own names: a retry of it counts only what it made itself (X refuses a repeated text, too). */
const stamp = () => Date.now().toString(36);
let company: { id: number; name: string };
let ana: ApiClient;
let root: ApiClient;

beforeAll(async () => {
  company = await createCrmCompany(e2e.stack, `Double Click ${stamp()} d.o.o.`, [0, 1, 2, 3]);
  ana = await apiAs(e2e.stack, USERS.ana);
  root = await apiAs(e2e.stack, USERS.superuser);
});

type Sent = { path: string; key: string | undefined };

/** The POSTs a page sends to the API from now on, with the Idempotency-Key each carried. */
function watchPosts(page: Page): Sent[] {
  const sent: Sent[] = [];
  page.on('request', (request) => {
    const path = new URL(request.url()).pathname;
    if (request.method() === 'POST' && path.startsWith('/api/'))
      sent.push({ path, key: request.headers()['idempotency-key'] });
  });
  return sent;
}

/** Double-clicks a create button and checks that one request with a key left for `path`. */
async function doubleClick(button: Locator, sent: Sent[], path: RegExp): Promise<void> {
  const before = sent.filter((s) => path.test(s.path)).length;
  await button.dblclick();
  // The caller then waits for the answer's effect (a dialog closing, a page opening): a second
  // request of the double click would have left before the first answer came.
  await expect.poll(() => sent.filter((s) => path.test(s.path)).length).toBeGreaterThan(before);
}

function expectOneKeyedPost(sent: Sent[], path: RegExp): void {
  const posts = sent.filter((s) => path.test(s.path));
  expect(posts, JSON.stringify(sent)).toHaveLength(1);
  expect(posts[0]?.key).toMatch(/^[0-9a-f]{32}$/);
}

async function items<T>(client: ApiClient, path: string): Promise<T[]> {
  return (await client.call<{ items: T[] }>('GET', path)).items;
}

async function anaInCompany(): Promise<Page> {
  const page = await newPage(e2e.browser, e2e.stack.baseUrl, { bypassCSP: true });
  await loginAs(page, USERS.ana);
  await chooseCompany(page, company.name);
  return page;
}

const base = () => `/companies/${company.id}`;

describe('a double click creates one record', () => {
  it('Social: Publish now sends one tweet; Schedule post and Save draft make one post each', async () => {
    const run = stamp();
    const page = await anaInCompany();
    // x.com's consent page (the stand-in) sends the browser back; a retry of the story finds it connected.
    if ((await items(ana, `${base()}/social/accounts`)).length === 0) {
      await page.goto('/#/company/social/accounts');
      await page.getByRole('button', { name: 'Connect X' }).click();
      await page.getByRole('status').filter({ hasText: 'Accounts connected: 1.' }).waitFor();
    }
    const sent = watchPosts(page);
    const postsPath = /\/social\/posts$/;
    const tweetsSent = () => x.calls.filter((c) => c.method === 'POST' && c.path === '/2/tweets').length;
    const postsWith = async (text: string) =>
      (await items<{ text: string }>(ana, `${base()}/social/posts`)).filter((p) => p.text === text);

    const compose = async (text: string, when: 'Publish now' | 'Schedule' | 'Save as draft') => {
      await page.goto('/#/company/social/compose');
      await page.getByLabel('Acme on X (X)').check();
      await page.getByLabel('Text', { exact: true }).fill(text);
      if (when !== 'Publish now') await page.getByLabel(when, { exact: true }).check();
      if (when === 'Schedule') await page.getByLabel(/Date and time/).fill('2030-07-01T09:30');
    };

    const published = `Once only ${run}`;
    const tweetsBefore = tweetsSent();
    await compose(published, 'Publish now');
    await doubleClick(page.getByRole('button', { name: 'Publish now' }), sent, postsPath);
    await page
      .getByTestId('post-target')
      .filter({ hasText: 'Acme on X' })
      .getByText('Published')
      .waitFor({ timeout: 30_000 });
    expectOneKeyedPost(sent, postsPath);
    expect(await postsWith(published)).toHaveLength(1);
    expect(tweetsSent()).toBe(tweetsBefore + 1);
    expect(x.tweets.filter((tweet) => tweet.text === published)).toHaveLength(1);

    sent.length = 0;
    const scheduled = `Later once ${run}`;
    await compose(scheduled, 'Schedule');
    await doubleClick(page.getByRole('button', { name: 'Schedule post' }), sent, postsPath);
    await page.getByText(/Scheduled for/).waitFor();
    expectOneKeyedPost(sent, postsPath);
    expect(await postsWith(scheduled)).toHaveLength(1);

    sent.length = 0;
    const draft = `Draft once ${run}`;
    await compose(draft, 'Save as draft');
    await doubleClick(page.getByRole('button', { name: 'Save draft' }), sent, postsPath);
    await page.waitForURL(/#\/company\/social\/posts\/\d+$/);
    expectOneKeyedPost(sent, postsPath);
    expect(await postsWith(draft)).toHaveLength(1);

    // Asking for approval replaces the pending link: one request, so the link shown is the one that works.
    const approvalPath = /\/request-approval$/;
    await page.getByRole('button', { name: 'Send for approval' }).dblclick();
    await page.getByLabel(/Send this link to the client/).waitFor();
    expect(sent.filter((s) => approvalPath.test(s.path))).toHaveLength(1);

    // An upload has no button to press twice; it still carries its own key, and stores one medium.
    sent.length = 0;
    const mediaBefore = (await items(ana, `${base()}/social/media`)).length;
    await page.goto('/#/company/social/media');
    const library = page.getByRole('region', { name: 'Media library' });
    await library.getByLabel('Upload files').setInputFiles({
      name: 'pixel.png',
      mimeType: 'image/png',
      buffer: Buffer.from(
        'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
        'base64',
      ),
    });
    await expect.poll(async () => (await items(ana, `${base()}/social/media`)).length).toBe(mediaBefore + 1);
    expectOneKeyedPost(sent, /\/social\/media$/);
    await page.context().close();
  });

  it('CRM: a customer, a note, a to-do, a calendar to-do and a saved view, one each', async () => {
    const run = stamp();
    const page = await anaInCompany();
    const sent = watchPosts(page);
    const customerName = `Kovač ${run}`;

    await page.goto('/#/company/customer/list');
    await page.getByRole('button', { name: 'New customer' }).click();
    const create = page.getByRole('dialog', { name: 'New customer' });
    await create.getByLabel('First name').fill('Ivo');
    await create.getByLabel('Last name').fill(customerName);
    await doubleClick(create.getByRole('button', { name: 'Add customer' }), sent, /\/customers$/);
    await page.waitForURL(/#\/company\/customer\/\d+$/);
    expectOneKeyedPost(sent, /\/customers$/);
    const customers = await items<{ id: number; name: string }>(
      ana,
      `${base()}/customers?q=${encodeURIComponent(customerName)}`,
    );
    expect(customers.map((c) => c.name)).toEqual([`Ivo ${customerName}`]);
    const customerId = customers[0]?.id as number;

    const timeline = page.getByRole('region', { name: 'Timeline' });
    await timeline.getByLabel('New note').fill('Called once.');
    await doubleClick(timeline.getByRole('button', { name: 'Add note' }), sent, /\/timeline$/);
    await page.getByRole('status').filter({ hasText: 'Note added.' }).first().waitFor();
    expectOneKeyedPost(sent, /\/timeline$/);
    const notes = await items<{ kind: string; body: string | null }>(
      ana,
      `${base()}/customers/${customerId}/timeline`,
    );
    expect(notes.filter((n) => n.kind === 'note').map((n) => n.body)).toEqual(['Called once.']);

    const todosIn2030 = async (title: string) =>
      (
        await items<{ title: string }>(
          ana,
          `${base()}/events?from=2030-01-01T00:00:00Z&to=2031-01-01T00:00:00Z`,
        )
      ).filter((e) => e.title === title);
    const eventsPath = /\/events$/;
    await page.goto('/#/company/customer/events');
    await page.getByRole('button', { name: 'New to-do' }).click();
    const todo = page.getByRole('dialog', { name: 'New to-do' });
    await todo.getByLabel('Title').fill(`Call once ${run}`);
    await todo.getByLabel('All day').check();
    await todo.getByLabel('First day').fill('2030-06-10');
    await doubleClick(todo.getByRole('button', { name: 'Create to-do' }), sent, eventsPath);
    await todo.waitFor({ state: 'hidden' });
    expectOneKeyedPost(sent, eventsPath);
    expect(await todosIn2030(`Call once ${run}`)).toHaveLength(1);

    sent.length = 0;
    await page.goto('/#/company/calendar?view=dayGridMonth&date=2030-06-12');
    await page.getByRole('heading', { level: 2, name: 'June 2030' }).waitFor();
    const box = await calendarDay(page, '2030-06-12').boundingBox();
    if (!box) throw new Error('2030-06-12 not visible');
    // Press and release inside the day's empty area: FullCalendar selects that day.
    await page.mouse.move(box.x + box.width / 2, box.y + box.height * 0.75);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2 + 2, box.y + box.height * 0.75 + 1);
    await page.mouse.up();
    const quick = page.getByRole('dialog', { name: 'New to-do' });
    await quick.getByLabel('Title').fill(`Visit once ${run}`);
    await doubleClick(quick.getByRole('button', { name: 'Create to-do' }), sent, eventsPath);
    await quick.waitFor({ state: 'hidden' });
    expectOneKeyedPost(sent, eventsPath);
    expect(await todosIn2030(`Visit once ${run}`)).toHaveLength(1);

    await page.goto('/#/company/customer/list?q=kova');
    await page.getByRole('button', { name: 'Save view' }).click();
    const save = page.getByRole('dialog', { name: 'Save this view' });
    await save.getByLabel('Name').fill(`Once ${run}`);
    await doubleClick(save.getByRole('button', { name: 'Save view' }), sent, /\/customer-views$/);
    await save.waitFor({ state: 'hidden' });
    expectOneKeyedPost(sent, /\/customer-views$/);
    const views = await items<{ name: string }>(ana, `${base()}/customer-views`);
    expect(views.filter((v) => v.name === `Once ${run}`)).toHaveLength(1);
    await page.context().close();
  });

  it('a create the server still holds under its key (409) is asked again with that key and makes one record', async () => {
    const run = stamp();
    const page = await anaInCompany();
    const sent = watchPosts(page);
    // As when a first request with this key is still running on the server: the client waits and asks again.
    let held = 0;
    await page.route(/\/api\/companies\/\d+\/customers$/, async (route) => {
      if (route.request().method() !== 'POST' || held++ > 0) return route.fallback();
      await route.fulfill({
        status: 409,
        contentType: 'application/json',
        body: JSON.stringify({ message: 'Still running.', code: 'idempotency_key_in_use' }),
      });
    });
    await page.goto('/#/company/customer/list');
    await page.getByRole('button', { name: 'New customer' }).click();
    const create = page.getByRole('dialog', { name: 'New customer' });
    await create.getByLabel('First name').fill('Held');
    await create.getByLabel('Last name').fill(`Back ${run}`);
    await create.getByRole('button', { name: 'Add customer' }).click();
    await page.waitForURL(/#\/company\/customer\/\d+$/);
    const posts = sent.filter((s) => /\/customers$/.test(s.path));
    expect(posts).toHaveLength(2);
    expect(posts[1]?.key).toBe(posts[0]?.key);
    const found = await items<{ name: string }>(ana, `${base()}/customers?q=${run}`);
    expect(found.map((c) => c.name)).toEqual([`Held Back ${run}`]);
    await page.context().close();
  });

  it('CRM import: “Import valid rows” double-clicked imports once and is not stopped by the second click', async () => {
    const run = stamp();
    const page = await anaInCompany();
    const sent = watchPosts(page);
    await page.goto('/#/company/customer/list');
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    const wizard = page.getByRole('dialog', { name: 'Import customers' });
    await wizard.getByLabel('CSV file').setInputFiles({
      name: 'two.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(
        `Name;E-mail\r\nFirst ${run};a-${run}@example.com\r\nSecond ${run};b-${run}@example.com\r\n`,
      ),
    });
    await wizard.getByRole('button', { name: 'Next' }).click();
    await wizard.getByRole('button', { name: 'Check file' }).click();
    await wizard.getByRole('heading', { name: 'Result of the check' }).waitFor();
    const importPath = /\/customers\/import$/;
    sent.length = 0;
    await wizard.getByRole('button', { name: 'Import valid rows (2)' }).dblclick();
    await wizard.getByRole('heading', { name: 'Import report' }).waitFor();
    expect(sent.filter((s) => importPath.test(s.path))).toHaveLength(1);
    const imported = await items<{ name: string }>(ana, `${base()}/customers?q=${run}`);
    expect(imported.map((c) => c.name).sort()).toEqual([`First ${run}`, `Second ${run}`]);
    await page.context().close();
  });

  it('CRM integration: an API key, a webhook endpoint and a connection, one each', async () => {
    const run = stamp();
    const page = await anaInCompany();
    const sent = watchPosts(page);
    await page.goto('/#/company/crm-integration');
    await page.getByRole('heading', { level: 1, name: 'CRM integration' }).waitFor();

    await page.getByRole('button', { name: 'New API key' }).click();
    const keyDialog = page.getByRole('dialog', { name: 'New API key' });
    await keyDialog.getByLabel('Name').fill(`Shop ${run}`);
    await keyDialog.getByLabel('Customers').selectOption('read');
    await doubleClick(keyDialog.getByRole('button', { name: 'Create key' }), sent, /\/api-keys$/);
    const shown = page.getByRole('dialog', { name: 'Your new API key' });
    await shown.waitFor();
    expectOneKeyedPost(sent, /\/api-keys$/);
    const keys = await items<{ name: string }>(ana, `${base()}/api-keys`);
    expect(keys.filter((k) => k.name === `Shop ${run}`)).toHaveLength(1);
    await shown.getByRole('button', { name: 'I have saved the key' }).click();

    await page.getByRole('tab', { name: 'Webhooks' }).click();
    await page.getByRole('button', { name: 'Add endpoint' }).click();
    const hook = page.getByRole('dialog', { name: 'Add webhook endpoint' });
    const target = `${hubspot.url}/hook-${run}`;
    await hook.getByLabel('URL').fill(target);
    await doubleClick(hook.getByRole('button', { name: 'Add endpoint' }), sent, /\/webhooks$/);
    const secret = page.getByRole('dialog', { name: 'Signing secret' });
    await secret.waitFor();
    expectOneKeyedPost(sent, /\/webhooks$/);
    const hooks = await items<{ url: string }>(ana, `${base()}/webhooks`);
    expect(hooks.filter((h) => h.url === target)).toHaveLength(1);
    await secret.getByRole('button', { name: 'Done' }).click();

    const connectorsBefore = (await items(ana, `${base()}/connectors`)).length;
    await page.goto('/#/company/crm-integration?tab=connectors');
    await page.getByRole('button', { name: 'Connect', exact: true }).click();
    const connect = page.getByRole('dialog', { name: 'Connect a CRM' });
    await connect.getByLabel('Provider').selectOption('hubspot');
    await connect.getByLabel('Private app access token').fill(hubspot.token);
    await connect.getByLabel('Base URL (optional)').fill(hubspot.url);
    await doubleClick(connect.getByRole('button', { name: 'Connect' }), sent, /\/connectors$/);
    await connect.waitFor({ state: 'hidden', timeout: 20_000 });
    expectOneKeyedPost(sent, /\/connectors$/);
    expect(await items(ana, `${base()}/connectors`)).toHaveLength(connectorsBefore + 1);
    await page.context().close();
  });

  it('Team and admin: an invitation, a company, a person and a member, one each', async () => {
    const run = stamp();
    const page = await anaInCompany();
    const sent = watchPosts(page);
    const invited = `once-${run}@example.com`;
    await page.goto('/#/company/team');
    const team = page.getByRole('region', { name: `Team of ${company.name}` });
    await team.getByRole('button', { name: 'Add a person' }).click();
    const add = page.getByRole('dialog', { name: `Add a person to ${company.name}` });
    await add.getByLabel('Email').fill(invited);
    await doubleClick(add.getByRole('button', { name: 'Send invitation' }), sent, /\/invitations$/);
    await add.waitFor({ state: 'hidden' });
    expectOneKeyedPost(sent, /\/invitations$/);
    const invitations = await items<{ email: string }>(ana, `${base()}/invitations`);
    expect(invitations.filter((i) => i.email === invited)).toHaveLength(1);
    await page.context().close();

    const admin = await newPage(e2e.browser, e2e.stack.baseUrl);
    const adminSent = watchPosts(admin);
    await loginAs(admin, USERS.superuser);
    const newCompany = `Once Studio ${run}`;
    await admin.goto('/#/admin/companies');
    await admin.getByRole('button', { name: 'New company' }).click();
    const create = admin.getByRole('dialog', { name: 'New company' });
    await create.getByLabel('Name', { exact: true }).fill(newCompany);
    await doubleClick(
      create.getByRole('button', { name: 'Create company' }),
      adminSent,
      /\/admin\/companies$/,
    );
    await admin.waitForURL(/#\/admin\/companies\/\d+$/);
    expectOneKeyedPost(adminSent, /\/admin\/companies$/);
    const companies = await items<{ name: string }>(
      root,
      `/admin/companies?q=${encodeURIComponent(newCompany)}`,
    );
    expect(companies.map((c) => c.name)).toEqual([newCompany]);

    // The new company's page: a person invited to it from its members card.
    const member = `member-${run}@example.com`;
    await admin.getByRole('button', { name: 'Add a person' }).click();
    const addMember = admin.getByRole('dialog', { name: `Add a person to ${newCompany}` });
    await addMember.getByLabel('Email').fill(member);
    await doubleClick(
      addMember.getByRole('button', { name: 'Send invitation' }),
      adminSent,
      /\/companies\/\d+\/invitations$/,
    );
    await addMember.waitFor({ state: 'hidden' });
    expectOneKeyedPost(adminSent, /\/companies\/\d+\/invitations$/);
    const companyId = Number(admin.url().split('/').pop());
    const pending = await items<{ email: string }>(root, `/companies/${companyId}/invitations`);
    expect(pending.filter((i) => i.email === member)).toHaveLength(1);

    const person = `person-${run}@example.com`;
    await admin.goto('/#/admin/users');
    await admin.getByRole('button', { name: 'Invite a person' }).click();
    const invite = admin.getByRole('dialog', { name: 'Invite a person' });
    await invite.getByLabel('Email').fill(person);
    await invite.getByLabel('Full name').fill('Once Only');
    await invite.getByLabel('Find a company…').fill('Once Studio');
    await invite.getByRole('combobox', { name: 'Add to company' }).selectOption({ label: newCompany });
    await invite.getByRole('button', { name: 'Add', exact: true }).click();
    await doubleClick(invite.getByRole('button', { name: 'Send invitation' }), adminSent, /\/admin\/users$/);
    await admin.getByRole('heading', { level: 1, name: 'Once Only' }).waitFor();
    expectOneKeyedPost(adminSent, /\/admin\/users$/);
    const users = await items<{ email: string }>(root, `/admin/users?q=${encodeURIComponent(person)}`);
    expect(users.map((u) => u.email)).toEqual([person]);
    await admin.context().close();
  });
});

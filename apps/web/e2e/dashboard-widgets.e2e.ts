import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startXStandin, type XStandin } from '../../server/src/test-support/social-standins/x-standin.ts';
import {
  startWebhookReceiver,
  type WebhookReceiver,
} from '../../server/src/test-support/webhook-receiver.ts';
import { type ApiClient, addMember, apiAs, createCrmCompany } from './fixtures/api.ts';
import {
  chooseCompany,
  countApiRequests,
  loginAs,
  newPage,
  seriousViolations,
  USERS,
} from './fixtures/browser.ts';
import { stackAndBrowserForFile } from './fixtures/suite.ts';

// Stand-ins start first: the server of this file reads its environment at start.
let x: XStandin;
let ok: WebhookReceiver;
let failing: WebhookReceiver;
beforeAll(async () => {
  x = await startXStandin({ id: 'x-widgets', secret: 'x-widgets-secret' });
  ok = await startWebhookReceiver({ respond: () => ({ status: 200, body: '{"ok":true}' }) });
  failing = await startWebhookReceiver({ respond: () => ({ status: 500, body: 'down' }) });
  Object.assign(process.env, {
    WEBHOOK_ALLOWED_HOSTS: '127.0.0.1',
    SOCIAL_X_API_URL: x.url,
    SOCIAL_X_AUTH_URL: `${x.url}/i/oauth2/authorize`,
    SOCIAL_X_CLIENT_ID: 'x-widgets',
    SOCIAL_X_CLIENT_SECRET: 'x-widgets-secret',
  });
});
const e2e = stackAndBrowserForFile();
afterAll(async () => {
  await x?.close();
  await ok?.close();
  await failing?.close();
});

const ALL_MODULES = [0, 1, 2, 3];
const DAY = 24 * 3600_000;

/** Adds the demo member Marko to a company, as a member (read-only on both modules). */
const addMarko = (companyId: number) => addMember(e2e.stack, companyId, USERS.marko, 'member');

async function waitUntil<T>(
  read: () => Promise<T>,
  done: (value: T) => boolean,
  timeoutMs = 40_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`not reached: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
}

type Page = Awaited<ReturnType<typeof newPage>>;

async function hasNoSidewaysScroll(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
}

const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };

/** A fresh browser profile of `email`, in the company, on the dashboard. */
async function dashboardAs(email: string, company: string, viewport: { width: number; height: number }) {
  const page = await newPage(e2e.browser, e2e.stack.baseUrl, { bypassCSP: true, viewport });
  await loginAs(page, email);
  await chooseCompany(page, company);
  await page.goto('/#/company/dashboard');
  return page;
}

describe('company dashboard widgets', () => {
  it('show webhook figures, troubled endpoints, next scheduled posts, failures and reconnects, on desktop and phone', async () => {
    const name = `Widgets ${Date.now()}`;
    const company = await createCrmCompany(e2e.stack, name, ALL_MODULES);
    await addMarko(company.id);
    const api: ApiClient = await apiAs(e2e.stack, USERS.ana);
    const base = `/companies/${company.id}`;

    await api.call('POST', `${base}/webhooks`, {
      url: `${ok.url}/hook`,
      event_types: ['customer.created'],
      description: 'Healthy receiver',
    });
    await api.call('POST', `${base}/webhooks`, {
      url: `${failing.url}/hook`,
      event_types: ['customer.created'],
      description: 'Broken receiver',
    });
    await api.call('POST', `${base}/customers`, { type: 'person', first_name: 'Iva', last_name: 'Kovač' });
    await waitUntil(
      () =>
        api.call<{ items: { attempts_24h: number; failing_since: string | null }[] }>(
          'GET',
          `${base}/webhooks`,
        ),
      (list) =>
        list.items.every((hook) => hook.attempts_24h > 0) && list.items.some((hook) => hook.failing_since),
    );

    // The account is connected in the browser, through the stand-in's consent, as a person does it.
    const page = await newPage(e2e.browser, e2e.stack.baseUrl, { bypassCSP: true, viewport: DESKTOP });
    await loginAs(page, USERS.ana);
    await chooseCompany(page, name);
    await page.goto('/#/company/social/accounts');
    await page.getByRole('button', { name: 'Connect X' }).click();
    await page.getByRole('status').filter({ hasText: 'Accounts connected: 1.' }).waitFor();
    const accounts = await api.call<{ items: { id: number }[] }>('GET', `${base}/social/accounts`);
    const accountId = accounts.items[0]?.id;

    const stamp = Date.now();
    for (const [days, text] of [
      [3, `Third launch ${stamp}`],
      [1, `First launch ${stamp}`],
      [2, `Second launch ${stamp}`],
    ] as const) {
      await api.call('POST', `${base}/social/posts`, {
        text,
        account_ids: [accountId],
        scheduled_at: new Date(Date.now() + days * DAY).toISOString(),
      });
    }
    // X stops accepting the account's tokens: the next publish fails and the account needs reconnecting.
    x.revokeAll();
    const broken = await api.call<{ id: number }>('POST', `${base}/social/posts`, {
      text: `Goes nowhere ${stamp}`,
      account_ids: [accountId],
      scheduled_at: null,
    });
    await waitUntil(
      () => api.call<{ status: string }>('GET', `${base}/social/posts/${broken.id}`),
      (post) => post.status === 'failed',
    );

    await waitUntil(
      () => api.call<{ items: { status: string }[] }>('GET', `${base}/social/accounts`),
      (list) => list.items[0]?.status === 'reconnect_needed',
    );
    // A fresh load: the accounts screen left the account (as it was then) in the page's cache.
    await page.goto('/#/company/dashboard');
    await page.reload();
    const integration = page.getByRole('region', { name: 'CRM integration' });
    const social = page.getByRole('region', { name: 'Social' });

    const success = integration.getByTestId('widget-webhook-success');
    await success.waitFor();
    expect(await success.textContent()).toMatch(/^\d+ %$/);
    expect(await success.textContent()).not.toBe('100 %');
    const brokenLink = integration.getByRole('link', { name: 'Broken receiver' });
    await brokenLink.waitFor();
    expect(await brokenLink.getAttribute('href')).toBe('#/company/crm-integration?tab=webhooks');
    expect(await integration.getByRole('link', { name: 'Healthy receiver' }).count()).toBe(0);

    const next = social.getByTestId('widget-scheduled-post');
    await next.nth(2).waitFor();
    expect(await next.allTextContents()).toEqual([
      expect.stringContaining(`First launch ${stamp}`),
      expect.stringContaining(`Second launch ${stamp}`),
      expect.stringContaining(`Third launch ${stamp}`),
    ]);
    expect(await next.first().textContent()).toContain('Acme on X');
    const failedLink = social.getByRole('link', { name: `Goes nowhere ${stamp}` });
    await failedLink.waitFor();
    expect(await failedLink.getAttribute('href')).toBe(`#/company/social/posts/${broken.id}`);
    const reconnect = social.getByRole('region', { name: 'Accounts to reconnect' });
    await reconnect.getByRole('link', { name: 'Acme on X' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.setViewportSize(PHONE);
    await success.waitFor();
    await next.first().waitFor();
    expect(await hasNoSidewaysScroll(page)).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);
    await failedLink.click();
    await page.waitForURL(new RegExp(`#/company/social/posts/${broken.id}$`));
    await page.context().close();

    // A member reads the same widgets.
    const member = await dashboardAs(USERS.marko, name, PHONE);
    await member
      .getByRole('region', { name: 'CRM integration' })
      .getByRole('link', { name: 'Broken receiver' })
      .waitFor();
    await member
      .getByRole('region', { name: 'Social' })
      .getByTestId('widget-scheduled-post')
      .first()
      .waitFor();
    await member.context().close();
  });

  it('offer owners a way to start when nothing is set up; members only read', async () => {
    const name = `Empty widgets ${Date.now()}`;
    const company = await createCrmCompany(e2e.stack, name, ALL_MODULES);
    await addMarko(company.id);

    const owner = await dashboardAs(USERS.ana, name, DESKTOP);
    const connect = owner
      .getByRole('region', { name: 'Social' })
      .getByRole('link', { name: 'Connect an account' });
    const add = owner
      .getByRole('region', { name: 'CRM integration' })
      .getByRole('link', { name: 'Add a webhook' });
    // The dashboard shown by the address change has asked its questions before counting starts,
    // so only the reload's are counted.
    await connect.waitFor();
    await add.waitFor();
    // A first load asks each widget's questions once (the entry asked them early). Checked on this
    // quiet company: in the other story the failing webhook's retries refetch lists through the
    // live updates, which would count twice for a good reason.
    const asked = countApiRequests(owner);
    await owner.reload();
    await connect.waitFor();
    expect(await connect.getAttribute('href')).toBe('#/company/social/accounts');
    await add.waitFor();
    expect(await add.getAttribute('href')).toBe('#/company/crm-integration?tab=webhooks');
    await owner.waitForLoadState('networkidle');
    // The three post lists share their path; they were asked at all, so the check below is not empty.
    expect(asked.get(`/api/companies/${company.id}/social/posts`)).toBe(3);
    expect([...asked].filter(([path, n]) => n !== (path.endsWith('/social/posts') ? 3 : 1))).toEqual([]);
    expect(await seriousViolations(owner)).toEqual([]);
    await owner.context().close();

    const member = await dashboardAs(USERS.marko, name, PHONE);
    const social = member.getByRole('region', { name: 'Social' });
    await social.getByText('No social accounts are connected yet.', { exact: false }).waitFor();
    await member
      .getByRole('region', { name: 'CRM integration' })
      .getByText('No webhook is set up yet.')
      .waitFor();
    expect(await member.getByRole('link', { name: 'Connect an account' }).count()).toBe(0);
    expect(await member.getByRole('link', { name: 'Add a webhook' }).count()).toBe(0);
    expect(await seriousViolations(member)).toEqual([]);
    await member.context().close();
  });
});

import { TOTP } from 'otpauth';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { appLinksIn } from '../../server/src/test-support/smtp-capture.ts';
import { addMember, apiAs, createCrmCompany } from './fixtures/api.ts';
import { chooseCompany, loginAs, newPage, seriousViolations, signIn, USERS } from './fixtures/browser.ts';
import { stackAndBrowserForFile } from './fixtures/suite.ts';

const e2e = stackAndBrowserForFile();

const PHONE = { width: 390, height: 844 };

async function axeClean(page: Page, screen: string): Promise<void> {
  const violations = await seriousViolations(page);
  expect(violations, `${screen}: ${JSON.stringify(violations, null, 2)}`).toEqual([]);
}

/** The company the browser has made current (the session's stored `{id, name}`). */
async function currentCompany(page: Page): Promise<{ id: number; name: string } | null> {
  return page.evaluate(() => JSON.parse(localStorage.getItem('currentCompany') ?? 'null'));
}

/** The id of a demo company, by the start of its name. */
async function companyId(name: string): Promise<number> {
  const admin = await apiAs(e2e.stack, USERS.superuser);
  const found = await admin.call<{ items: { id: number; name: string }[] }>(
    'GET',
    `/admin/companies?q=${encodeURIComponent(name)}`,
  );
  const company = found.items.find((c) => c.name.startsWith(name));
  if (!company) throw new Error(`no company ${name}`);
  return company.id;
}

/** A customer made through the API by this person in this company. */
async function customerIn(email: string, company: number, lastName: string): Promise<number> {
  const api = await apiAs(e2e.stack, email);
  const created = await api.call<{ id: number }>('POST', `/companies/${company}/customers`, {
    first_name: 'Linda',
    last_name: lastName,
  });
  return created.id;
}

/**
 * What the authenticator app shows now. Near the end of a step it waits for the next one,
 * so the server sees the step the code was made for.
 */
async function appCode(secret: string, offset = 0): Promise<string> {
  const intoStep = Date.now() % 30_000;
  if (intoStep > 28_000) await new Promise((r) => setTimeout(r, 30_000 - intoStep + 50));
  return new TOTP({ secret }).generate({ timestamp: Date.now() + offset * 30_000 });
}

describe('links that carry their company', () => {
  it('a reminder mail opened signed out leads through sign-in to its day, in its company', async () => {
    const bistro = await companyId('Bistro Mare');
    const ana = await apiAs(e2e.stack, USERS.ana);
    const me = await ana.call<{ id: number }>('GET', '/me');
    const title = `Linked reminder ${Date.now()}`;
    const since = e2e.stack.mailCount(USERS.ana);
    await ana.call('POST', `/companies/${bistro}/events`, {
      title,
      start_at: new Date(Date.now() + 2_000).toISOString(),
      assignee_id: me.id,
      reminders: [0],
    });
    const mail = await e2e.stack.readMail(USERS.ana, { since, timeoutMs: 30_000 });
    const [link = ''] = appLinksIn(mail.text);
    expect(link).toMatch(new RegExp(`^#/company/calendar\\?date=\\d{4}-\\d{2}-\\d{2}&company=${bistro}$`));
    expect(mail.text).toContain(`${e2e.stack.baseUrl}/${link}`);

    const page = await newPage(e2e.browser, e2e.stack.baseUrl, { viewport: { width: 1440, height: 900 } });
    await page.goto(`${e2e.stack.baseUrl}/${link}`);
    await page.waitForURL(/#\/login$/);
    await signIn(page, USERS.ana);
    // Straight to the calendar on that day in Bistro Mare: no company chooser, no other company's calendar.
    const day = /date=([\d-]+)/.exec(link)?.[1] ?? '';
    await page.waitForURL(
      (url) =>
        url.hash.startsWith('#/company/calendar?') &&
        url.hash.includes(`date=${day}`) &&
        !url.hash.includes('company='),
    );
    await page.getByRole('heading', { level: 1, name: 'Calendar' }).waitFor();
    // The month may fold a busy day's to-dos under "+N more" (a long title wraps): that day's own
    // view, in the company the link chose, shows them all.
    await page.goto(`${e2e.stack.baseUrl}/#/company/calendar?view=timeGridDay&date=${day}`);
    await page.getByText(title).first().waitFor();
    expect(await currentCompany(page)).toEqual({ id: bistro, name: 'Bistro Mare' });
    await page.context().close();
  });

  it('signed in with another company, a customer link and a social link switch to their company and show', async () => {
    const acme = await companyId('Acme');
    const bistro = await companyId('Bistro Mare');
    const customer = await customerIn(USERS.ana, bistro, `Bistro ${Date.now()}`);
    const page = await newPage(e2e.browser, e2e.stack.baseUrl, { viewport: { width: 1440, height: 900 } });
    await loginAs(page, USERS.ana);
    await chooseCompany(page, 'Acme d.o.o.');
    await page.waitForURL(/#\/company\/dashboard$/);

    // Acme is current; the link names Bistro Mare: it opens there, not "belongs to another company".
    await page.goto(`/#/company/customer/${customer}?company=${bistro}`);
    await page.getByRole('heading', { level: 1, name: /^Linda Bistro/ }).waitFor();
    await page.waitForURL(new RegExp(`#/company/customer/${customer}$`));
    expect(await currentCompany(page)).toEqual({ id: bistro, name: 'Bistro Mare' });
    expect(await page.getByText('Customer not found').count()).toBe(0);

    // Bistro Mare has no social module; a social link of Acme opens Acme's posts instead of "Module not enabled".
    await page.goto(`/#/company/social/posts?company=${acme}`);
    await page.getByRole('heading', { level: 1, name: 'Social' }).waitFor();
    await page.waitForURL(/#\/company\/social\/posts$/);
    expect(await currentCompany(page)).toEqual({ id: acme, name: 'Acme d.o.o.' });
    expect(await page.getByText('Module not enabled').count()).toBe(0);

    // Choosing another company afterwards sticks: going Back to the followed link does not switch again.
    await chooseCompany(page, 'Bistro Mare');
    await page.waitForURL(/#\/company\/crm$/);
    await page.goBack(); // the chooser
    await page.goBack(); // the social posts, as the link left them
    await page.waitForURL(/#\/company\/social\/posts$/);
    await page.getByRole('heading', { level: 1, name: 'Module not enabled' }).waitFor();
    expect((await currentCompany(page))?.id).toBe(bistro);
    await page.context().close();
  });

  it("a link to a company the person is not in says so plainly, and keeps the person's company", async () => {
    const acme = await companyId('Acme');
    const bistro = await companyId('Bistro Mare');
    const customer = await customerIn(USERS.ana, acme, `Acme ${Date.now()}`);
    for (const [viewport, colorScheme] of [
      [{ width: 1440, height: 900 }, 'light'],
      [PHONE, 'dark'],
    ] as const) {
      const page = await newPage(e2e.browser, e2e.stack.baseUrl, { viewport, colorScheme, bypassCSP: true });
      await page.goto(`/#/company/customer/${customer}?company=${acme}`);
      await page.waitForURL(/#\/login$/);
      await axeClean(page, `login, ${colorScheme}`);
      await signIn(page, USERS.marko);
      await page.getByRole('heading', { level: 1, name: 'This link is for another company' }).waitFor();
      await page.getByText('It leads to a page of a company you are not a member of').waitFor();
      expect(await page.getByText(/^Linda Acme/).count()).toBe(0);
      await axeClean(page, `link of another company, ${colorScheme}`);
      await page.getByRole('main').getByRole('link', { name: 'Change company' }).click();
      await page.waitForURL(/#\/companies$/);
      expect((await currentCompany(page))?.id ?? null).not.toBe(acme);
      await chooseCompany(page, 'Bistro Mare');
      expect((await currentCompany(page))?.id).toBe(bistro);
      await page.context().close();
    }
  });
  it('an invitation mail opened signed out leads through sign-in to the invitation, and accepting opens the company', async () => {
    const company = await createCrmCompany(e2e.stack, `Invited Foods ${Date.now()}`);
    const ana = await apiAs(e2e.stack, USERS.ana);
    const since = e2e.stack.mailCount(USERS.marko);
    await ana.call('POST', `/companies/${company.id}/invitations`, { email: USERS.marko, role: 'member' });
    const mail = await e2e.stack.readMail(USERS.marko, { since });
    const link = appLinksIn(mail.text).find((l) => l.startsWith('#/invitation/')) ?? '';

    const page = await newPage(e2e.browser, e2e.stack.baseUrl, { viewport: PHONE });
    await page.goto(`${e2e.stack.baseUrl}/${link}`);
    await page.getByRole('link', { name: 'Sign in' }).click();
    await page.waitForURL(/#\/login$/);
    await signIn(page, USERS.marko);
    await page.getByRole('button', { name: 'Accept' }).click();
    await page.waitForURL(/#\/company\/dashboard$/);
    expect(await currentCompany(page)).toEqual({ id: company.id, name: company.name });
    await page.context().close();
  });

  it('a link to a company that requires two-factor sign-in switches there and leads a member without it to enrol', async () => {
    const strict = await createCrmCompany(e2e.stack, `Strict Books ${Date.now()}`);
    const customer = await customerIn(USERS.ana, strict.id, `Strict ${Date.now()}`);
    const admin = await apiAs(e2e.stack, USERS.superuser);
    await admin.call('PUT', `/companies/${strict.id}/security`, { require_two_factor: true });
    const page = await newPage(e2e.browser, e2e.stack.baseUrl, { viewport: { width: 1440, height: 900 } });
    await loginAs(page, USERS.ana);
    await chooseCompany(page, 'Acme d.o.o.');
    await page.waitForURL(/#\/company\/dashboard$/);
    await page.goto(`/#/company/customer/${customer}?company=${strict.id}`);
    await page.waitForURL(/#\/company\/profile$/);
    await page.getByText(`${strict.name} requires two-factor sign-in.`, { exact: false }).waitFor();
    expect(await currentCompany(page)).toEqual({ id: strict.id, name: strict.name });
    await page.context().close();
  });

  it('with two-factor sign-in on, the link survives both steps', async () => {
    // Marko belongs to two companies (the chooser would ask) and signs in with an authenticator app.
    const second = await createCrmCompany(e2e.stack, `Marko Second ${Date.now()}`);
    await addMember(e2e.stack, second.id, USERS.marko, 'member');
    const customer = await customerIn(USERS.ana, second.id, `Second ${Date.now()}`);
    const marko = await apiAs(e2e.stack, USERS.marko);
    const { secret } = await marko.call<{ secret: string }>('POST', '/me/two-factor/setup');
    await marko.call('POST', '/me/two-factor/enable', { code: await appCode(secret) });

    const page = await newPage(e2e.browser, e2e.stack.baseUrl, { viewport: PHONE });
    await page.goto(`/#/company/customer/${customer}?company=${second.id}`);
    await page.waitForURL(/#\/login$/);
    await signIn(page, USERS.marko);
    await page.getByRole('heading', { level: 1, name: 'Two-factor sign-in' }).waitFor();
    // The step after the one used to turn it on (a used step is refused).
    await page.getByLabel('Authentication code').fill(await appCode(secret, 1));
    await page.getByRole('button', { name: 'Verify and sign in' }).click();
    await page.getByRole('heading', { level: 1, name: /^Linda Second/ }).waitFor();
    await page.waitForURL(new RegExp(`#/company/customer/${customer}$`));
    expect(await currentCompany(page)).toEqual({ id: second.id, name: second.name });
    await page.context().close();
  });
});

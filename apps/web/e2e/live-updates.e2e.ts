import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { addMember, apiAs, createCrmCompany } from './fixtures/api.ts';
import { loginAs, newPage, USERS } from './fixtures/browser.ts';
import { calendarDay, dragTo } from './fixtures/calendar.ts';
import { companyOfAnaAndMarko, customerRow, liveDot, personIn } from './fixtures/live.ts';
import { stackAndBrowserForFile } from './fixtures/suite.ts';

const e2e = stackAndBrowserForFile();

/** "Follows by itself" (decision 017): within a second of the other person's change, with no reload. */
const FOLLOWS_MS = 1_000;
/** A job queued now has been picked up and run by then. */
const JOB_RUNS_MS = 10_000;

/** A second superuser, invited by the demo one and activated through the API; answers the password. */
async function newSuperuser(email: string, fullName: string): Promise<string> {
  const admin = await apiAs(e2e.stack, USERS.superuser);
  await admin.call('POST', '/admin/users', { email, full_name: fullName, is_admin: true, language: 'en' });
  const mail = await e2e.stack.readMail(email);
  const token = /#\/activate\/([A-Za-z0-9_-]+)/.exec(mail.text)?.[1];
  if (!token) throw new Error(`no activation link in ${mail.text}`);
  const password = 'a second superuser passphrase';
  const res = await fetch(`${e2e.stack.baseUrl}/api/activate/${token}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ full_name: fullName, password }),
  });
  if (!res.ok) throw new Error(`activate ${email}: ${res.status} ${await res.text()}`);
  return password;
}

/** A superuser on an admin screen, with no company chosen, the live connection up. */
async function superuserOn(hash: string, email: string = USERS.superuser, password?: string): Promise<Page> {
  const page = await newPage(e2e.browser, e2e.stack.baseUrl);
  await loginAs(page, email, password);
  await page.goto(`/#${hash}`);
  await liveDot(page, 'live').waitFor();
  return page;
}

describe('live updates', () => {
  it('Ana creates, renames and deletes a customer and drags a to-do in her browser; Marko’s list, customer page and calendar follow within a second without a reload, and his half-typed form stays', async () => {
    const { company, ana } = await companyOfAnaAndMarko(e2e, `Živo ${Date.now()} d.o.o.`);
    const base = `/companies/${company.id}`;

    const markoPage = await personIn(e2e, USERS.marko, company.name, '/company/customer/list');
    const anaPage = await personIn(e2e, USERS.ana, company.name, '/company/customer/list');
    await expect(markoPage.getByRole('status', { name: /Live/ }).count()).resolves.toBe(1);

    // Ana adds a customer in her browser: it appears in Marko's list.
    await anaPage.getByRole('button', { name: 'New customer' }).click();
    const create = anaPage.getByRole('dialog', { name: 'New customer' });
    await create.getByLabel('First name').fill('Lena');
    await create.getByLabel('Last name').fill('Lukić');
    await create.getByRole('button', { name: 'Add customer' }).click();
    await anaPage.getByRole('heading', { level: 1, name: 'Lena Lukić' }).waitFor();
    await customerRow(markoPage, 'Lena Lukić').waitFor({ timeout: FOLLOWS_MS });

    // Marko opens her page and starts editing; Ana renames her meanwhile.
    await customerRow(markoPage, 'Lena Lukić')
      .getByRole('link', { name: /Lena Lukić/ })
      .click();
    await markoPage.getByRole('heading', { level: 1, name: 'Lena Lukić' }).waitFor();
    await markoPage.getByRole('button', { name: 'Edit' }).click();
    // Its title follows the record's name, which Ana is about to change.
    const edit = markoPage.getByRole('dialog', { name: /^Edit “Lena Lukić/ });
    await edit.getByLabel('Email').fill('lena@exam');
    // Ana renames her on her own screen meanwhile.
    await anaPage.getByRole('button', { name: 'Edit' }).click();
    const anaEdit = anaPage.getByRole('dialog', { name: /^Edit “Lena Lukić/ });
    await anaEdit.getByLabel('Last name').fill('Lukić-Horvat');
    await anaEdit.getByRole('button', { name: 'Save' }).click();
    await anaPage.getByRole('heading', { level: 1, name: 'Lena Lukić-Horvat' }).waitFor();

    // His form says who changed it, and keeps what he typed.
    await edit.getByText(/Changed by .+ — reload or keep editing/).waitFor({ timeout: FOLLOWS_MS });
    expect(await edit.getByLabel('Email').inputValue()).toBe('lena@exam');
    await edit.getByRole('button', { name: 'Keep editing' }).click();
    expect(await edit.getByLabel('Email').inputValue()).toBe('lena@exam');
    await edit.getByRole('button', { name: 'Cancel' }).click();
    // What he typed is not saved: the form asks first.
    await markoPage
      .getByRole('alertdialog', { name: 'Discard changes?' })
      .getByRole('button', { name: 'Discard' })
      .click();
    await edit.waitFor({ state: 'hidden' });
    // The page behind the dialog followed.
    await markoPage
      .getByRole('heading', { level: 1, name: 'Lena Lukić-Horvat' })
      .waitFor({ timeout: FOLLOWS_MS });

    // A to-do on both calendars: Ana drags it to another day, and it moves on Marko's.
    const id = Number(/customer\/(\d+)/.exec(anaPage.url())?.[1]);
    await ana.call('POST', `${base}/events`, {
      title: 'Call Lena',
      type: 'call',
      all_day: true,
      start_at: '2030-06-04T22:00:00Z',
      customer_id: id,
    });
    const month = '/#/company/calendar?view=dayGridMonth&date=2030-06-05';
    const onDay = (page: Page, date: string) =>
      calendarDay(page, date).getByRole('button', { name: /Call Lena/ });
    await markoPage.goto(month);
    await anaPage.goto(month);
    await onDay(markoPage, '2030-06-05').waitFor();
    await dragTo(anaPage, onDay(anaPage, '2030-06-05'), calendarDay(anaPage, '2030-06-11'));
    await onDay(anaPage, '2030-06-11').waitFor();
    await onDay(markoPage, '2030-06-11').waitFor({ timeout: FOLLOWS_MS });
    expect(await onDay(markoPage, '2030-06-05').count()).toBe(0);

    // Ana deletes her from her customer page: she goes from Marko's list.
    await markoPage.goto('/#/company/customer/list');
    await customerRow(markoPage, 'Lena Lukić-Horvat').waitFor();
    await anaPage.goto(`/#/company/customer/${id}`);
    await anaPage.getByRole('button', { name: 'Delete' }).click();
    await anaPage
      .getByRole('alertdialog', { name: 'Delete “Lena Lukić-Horvat”?' })
      .getByRole('button', { name: 'Delete' })
      .click();
    await anaPage.waitForURL(/#\/company\/customer\/list/);
    await customerRow(markoPage, 'Lena Lukić-Horvat').waitFor({ state: 'detached', timeout: FOLLOWS_MS });
  });

  it('Ana renames a to-do while Marko has it open in the edit form: his form says who changed it, Reload takes her title in and keeps his location, and his save keeps both', async () => {
    const { company, ana } = await companyOfAnaAndMarko(e2e, `Živi to-do ${Date.now()} d.o.o.`);
    const todo = await ana.call<{ id: number }>('POST', `/companies/${company.id}/events`, {
      title: 'Send the offer',
      start_at: new Date(Date.now() + 2 * 86_400_000).toISOString(),
    });
    const markoPage = await personIn(e2e, USERS.marko, company.name, '/company/customer/events');
    await markoPage
      .getByRole('region', { name: 'Open' })
      .getByRole('button', { name: 'Send the offer', exact: true })
      .click();
    const edit = markoPage.getByRole('dialog', { name: 'Edit to-do' });
    await edit.getByLabel('Location').fill('Meeting room 2');

    await ana.call('PATCH', `/companies/${company.id}/events/${todo.id}`, { title: 'Send the signed offer' });

    const notice = edit.getByText(/Changed by .+ — reload or keep editing/);
    await notice.waitFor({ timeout: FOLLOWS_MS });
    expect(await edit.getByLabel('Title').inputValue()).toBe('Send the offer');
    await edit.getByRole('button', { name: 'Reload' }).click();
    await notice.waitFor({ state: 'detached' });
    expect(await edit.getByLabel('Title').inputValue()).toBe('Send the signed offer');
    expect(await edit.getByLabel('Location').inputValue()).toBe('Meeting room 2');

    // Saved over her version: no 409, and her title stays.
    await edit.getByRole('button', { name: 'Save' }).click();
    await edit.waitFor({ state: 'hidden' });
    const saved = await ana.call<{ title: string; location: string | null }>(
      'GET',
      `/companies/${company.id}/events/${todo.id}`,
    );
    expect(saved).toMatchObject({ title: 'Send the signed offer', location: 'Meeting room 2' });
  });

  it('two superusers: one invites a person, disables her and creates a company in his browser; the other’s open people and company lists follow within a second, without a reload', async () => {
    // Unique, so that a retry of the story meets nothing of its first run.
    const stamp = Date.now();
    const password = await newSuperuser(`vera.${stamp}@example.com`, 'Vera Vukić');
    const vera = await superuserOn('/admin/users', `vera.${stamp}@example.com`, password);
    await vera.getByLabel('Search by name or email').fill(`petra.${stamp}`);
    await vera.getByText('Nobody matches the filters.').waitFor();
    const admin = await superuserOn('/admin/users');

    await admin.getByRole('button', { name: 'Invite a person' }).click();
    const invite = admin.getByRole('dialog', { name: 'Invite a person' });
    await invite.getByLabel('Email').fill(`petra.${stamp}@example.com`);
    await invite.getByLabel('Full name').fill('Petra Perić');
    await invite.getByLabel('Find a company…').fill('Bistro');
    await invite.getByRole('combobox', { name: 'Add to company' }).selectOption({ label: 'Bistro Mare' });
    await invite.getByRole('button', { name: 'Add', exact: true }).click();
    await invite.getByRole('button', { name: 'Send invitation' }).click();
    await admin.getByRole('heading', { level: 1, name: 'Petra Perić' }).waitFor();
    const petra = vera.getByRole('row', { name: /Petra Perić/ });
    await petra.getByText('Invited').waitFor({ timeout: FOLLOWS_MS });

    await admin.getByRole('button', { name: 'Disable account' }).click();
    await admin
      .getByRole('alertdialog', { name: 'Disable Petra Perić?' })
      .getByRole('button', { name: 'Disable account' })
      .click();
    await admin.getByRole('button', { name: 'Enable account' }).waitFor();
    await petra.getByText('Disabled').waitFor({ timeout: FOLLOWS_MS });

    const company = `Lumen ${stamp} d.o.o.`;
    await vera.goto('/#/admin/companies');
    await vera.getByLabel('Search by name, legal name or OIB').fill(`Lumen ${stamp}`);
    await vera.getByText('No company matches the filters.').waitFor();
    await admin.goto('/#/admin/companies');
    await admin.getByRole('button', { name: 'New company' }).click();
    const create = admin.getByRole('dialog', { name: 'New company' });
    await create.getByLabel('Name', { exact: true }).fill(company);
    await create.getByRole('button', { name: 'Create company' }).click();
    await admin.getByRole('heading', { level: 1, name: company }).waitFor();
    await vera.getByRole('row', { name: new RegExp(company) }).waitFor({ timeout: FOLLOWS_MS });
    await Promise.all([vera.context().close(), admin.context().close()]);
  });

  it('Ana adds, turns off and removes a webhook endpoint through the API; Marko’s Webhooks tab and dashboard widget follow within a second, without a reload', async () => {
    const { company, ana } = await companyOfAnaAndMarko(e2e, `Živi webhook ${Date.now()} d.o.o.`, [0, 1, 2]);
    const dashboard = await personIn(e2e, USERS.marko, company.name, '/company/dashboard');
    const tab = await personIn(e2e, USERS.marko, company.name, '/company/crm-integration?tab=webhooks');
    await dashboard.getByText('No webhook is set up yet.').waitFor();
    await tab.getByRole('heading', { level: 2, name: 'Webhooks' }).waitFor();
    const url = 'https://hooks.example.com/kontora-live';

    const hook = await ana.call<{ id: number }>('POST', `/companies/${company.id}/webhooks`, {
      url,
      description: 'Live story hook',
      event_types: ['customer.created'],
    });
    const row = tab.getByTestId('webhook-row').filter({ hasText: url });
    await row.waitFor({ timeout: FOLLOWS_MS });
    await dashboard.getByTestId('widget-webhook-success').waitFor({ timeout: FOLLOWS_MS });

    // Turned off: the widget lists it among the endpoints needing attention.
    await ana.call('PATCH', `/companies/${company.id}/webhooks/${hook.id}`, { enabled: false });
    await dashboard.getByRole('link', { name: 'Live story hook' }).waitFor({ timeout: FOLLOWS_MS });

    await ana.call('DELETE', `/companies/${company.id}/webhooks/${hook.id}`);
    await row.waitFor({ state: 'detached', timeout: FOLLOWS_MS });
    await dashboard.getByText('No webhook is set up yet.').waitFor({ timeout: FOLLOWS_MS });
    await Promise.all([dashboard.context().close(), tab.context().close()]);
  });

  it('Ana runs a duplicate scan through the API; Marko’s open duplicates screen follows it to its groups, without a reload', async () => {
    const { company, ana } = await companyOfAnaAndMarko(e2e, `Živi duplikati ${Date.now()} d.o.o.`);
    for (const last_name of ['Horvat', 'Kos'])
      await ana.call('POST', `/companies/${company.id}/customers`, {
        first_name: 'Ivana',
        last_name,
        email: 'ivana@example.com',
      });
    const marko = await personIn(e2e, USERS.marko, company.name, '/company/customer/duplicates');
    await marko.getByText('No scan yet.', { exact: false }).waitFor();
    await ana.call('POST', `/companies/${company.id}/customers/duplicate-groups`);
    // The scan is a job: it waits for a worker, then its end reaches Marko as its live message does.
    await marko.getByRole('status').filter({ hasText: 'Groups found: 1.' }).waitFor({ timeout: JOB_RUNS_MS });
    await marko.getByRole('list', { name: 'Groups of possible duplicates' }).waitFor();
    await marko.context().close();
  });

  it('the team list follows a member added by someone else', async () => {
    const company = await createCrmCompany(e2e.stack, `Tim ${Date.now()} d.o.o.`);
    const ana = await personIn(e2e, USERS.ana, company.name, '/company/team');
    const team = ana.getByRole('region', { name: `Team of ${company.name}` });
    await team.getByRole('row', { name: new RegExp(USERS.ana) }).waitFor();
    await addMember(e2e.stack, company.id, USERS.marko, 'member');
    await team.getByRole('row', { name: new RegExp(USERS.marko) }).waitFor({ timeout: FOLLOWS_MS });
    await ana.context().close();
  });
});

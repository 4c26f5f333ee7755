import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { type ApiClient, apiAs, createCrmCompany } from './fixtures/api.ts';
import { chooseCompany, loginAs, newPage, seriousViolations, USERS } from './fixtures/browser.ts';
import { stackAndBrowserForFile } from './fixtures/suite.ts';

const e2e = stackAndBrowserForFile();
let ana: ApiClient;
let company: { id: number; name: string };

beforeAll(async () => {
  company = await createCrmCompany(e2e.stack, 'Todo Works d.o.o.');
  ana = await apiAs(e2e.stack, USERS.ana);
});

async function openTodos(): Promise<Page> {
  const page = await newPage(e2e.browser, e2e.stack.baseUrl, { bypassCSP: true });
  await loginAs(page, USERS.ana);
  await chooseCompany(page, company.name);
  await page.goto('/#/company/customer/events');
  await page.getByRole('heading', { level: 1, name: 'To-dos' }).waitFor();
  return page;
}

const todoList = (page: Page, name: string) => page.getByRole('region', { name });

describe('to-do events', () => {
  it('a member creates a to-do for a customer, marks it done and sees it leave the open list', async () => {
    await ana.call('POST', `/companies/${company.id}/customers`, { first_name: 'Marin', last_name: 'Kovač' });
    const page = await openTodos();

    await page.getByRole('button', { name: 'New to-do' }).click();
    const dialog = page.getByRole('dialog', { name: 'New to-do' });
    await dialog.getByLabel('Title').fill('Call about the offer');
    await dialog.getByLabel('Type').selectOption({ label: 'Call' });
    await dialog.getByRole('combobox', { name: 'Customer' }).fill('kova');
    await dialog.getByRole('option', { name: /Marin Kovač/ }).click();
    await dialog.getByRole('button', { name: 'Create to-do' }).click();
    await dialog.waitFor({ state: 'hidden' });

    const open = todoList(page, 'Open');
    const row = open.getByRole('listitem').filter({ hasText: 'Call about the offer' });
    await row.getByRole('link', { name: 'Marin Kovač' }).waitFor();

    await row.getByRole('checkbox', { name: 'Mark "Call about the offer" done' }).click();
    await row.waitFor({ state: 'detached' });

    await page.getByRole('button', { name: 'Done', exact: true }).click();
    const done = todoList(page, 'Done').getByRole('listitem').filter({ hasText: 'Call about the offer' });
    await done.getByRole('checkbox', { name: 'Mark "Call about the offer" not done' }).click();
    await done.waitFor({ state: 'detached' });

    await page.getByRole('button', { name: 'Open', exact: true }).click();
    await todoList(page, 'Open').getByText('Call about the offer').waitFor();
    const saved = await ana.call<{ items: { title: string; done: boolean; customer_name: string }[] }>(
      'GET',
      `/companies/${company.id}/events?filter=open`,
    );
    expect(saved.items.find((e) => e.title === 'Call about the offer')).toMatchObject({
      done: false,
      customer_name: 'Marin Kovač',
    });
  });

  it('the overdue view shows a past open to-do and not a future one', async () => {
    const day = 86_400_000;
    await ana.call('POST', `/companies/${company.id}/events`, {
      title: 'Send the contract (late)',
      start_at: new Date(Date.now() - 3 * day).toISOString(),
    });
    await ana.call('POST', `/companies/${company.id}/events`, {
      title: 'Quarterly review (later)',
      start_at: new Date(Date.now() + 5 * day).toISOString(),
    });
    const page = await openTodos();
    await page.getByRole('button', { name: 'Overdue' }).click();
    const overdue = todoList(page, 'Overdue');
    await overdue.getByText('Send the contract (late)').waitFor();
    expect(await overdue.getByText('Quarterly review (later)').count()).toBe(0);

    await page.getByRole('button', { name: 'Upcoming' }).click();
    const upcoming = todoList(page, 'Upcoming');
    await upcoming.getByText('Quarterly review (later)').waitFor();
    expect(await upcoming.getByText('Send the contract (late)').count()).toBe(0);
  });

  it('the dialog refuses an end before the start, next to the end field', async () => {
    const page = await openTodos();
    await page.getByRole('button', { name: 'New to-do' }).click();
    const dialog = page.getByRole('dialog', { name: 'New to-do' });
    await dialog.getByLabel('Title').fill('Backwards meeting');
    await dialog.getByLabel('Start').fill('2026-12-10T10:00');
    await dialog.getByLabel('End').fill('2026-12-10T09:00');
    await dialog.getByRole('button', { name: 'Create to-do' }).click();
    const end = dialog.getByLabel('End');
    await expect.poll(() => end.getAttribute('aria-invalid')).toBe('true');
    await dialog.getByText('The end must come after the start.').waitFor();
  });

  it('a member edits a to-do, is told when someone else changed it meanwhile, and deletes it', async () => {
    const created = await ana.call<{ id: number }>('POST', `/companies/${company.id}/events`, {
      title: 'Prepare the demo',
      start_at: new Date(Date.now() + 2 * 86_400_000).toISOString(),
    });
    const page = await openTodos();
    const open = todoList(page, 'Open');

    await open.getByRole('button', { name: 'Prepare the demo', exact: true }).click();
    let dialog = page.getByRole('dialog', { name: 'Edit to-do' });
    await dialog.getByLabel('Title').fill('Prepare the product demo');
    await dialog.getByLabel('Priority').selectOption({ label: 'Urgent' });
    expect(await seriousViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'hidden' });
    const row = open.getByRole('listitem').filter({ hasText: 'Prepare the product demo' });
    await row.getByText('Urgent').waitFor();
    expect(await seriousViolations(page)).toEqual([]);

    // Someone else renames it while the dialog is open: the save is refused, not lost silently.
    await row.getByRole('button', { name: 'Prepare the product demo' }).click();
    dialog = page.getByRole('dialog', { name: 'Edit to-do' });
    await dialog.getByLabel('Location').fill('Meeting room 2');
    await ana.call('PATCH', `/companies/${company.id}/events/${created.id}`, {
      title: 'Prepare the demo day',
    });
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByText('Someone else changed this meanwhile. Reload and try again.').waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    await open.getByRole('button', { name: 'Prepare the demo day' }).click();
    dialog = page.getByRole('dialog', { name: 'Edit to-do' });
    await dialog.getByRole('button', { name: 'Delete to-do' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete this to-do?' });
    await confirm.getByRole('button', { name: 'Delete to-do' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await open.getByText('Prepare the demo day').waitFor({ state: 'detached' });
    const left = await ana.call<{ items: { id: number }[] }>('GET', `/companies/${company.id}/events`);
    expect(left.items.map((e) => e.id)).not.toContain(created.id);
  });
  it('"Only mine" and the customer filter narrow the list, and the address keeps them', async () => {
    const me = await ana.call<{ id: number }>('GET', '/me');
    const buyer = await ana.call<{ id: number }>('POST', `/companies/${company.id}/customers`, {
      organisation_name: 'Filter Buyer d.o.o.',
    });
    const soon = new Date(Date.now() + 86_400_000).toISOString();
    await ana.call('POST', `/companies/${company.id}/events`, {
      title: 'Mine, for the buyer',
      start_at: soon,
      assignee_id: me.id,
      customer_id: buyer.id,
    });
    await ana.call('POST', `/companies/${company.id}/events`, {
      title: 'Mine, no customer',
      start_at: soon,
      assignee_id: me.id,
    });
    await ana.call('POST', `/companies/${company.id}/events`, { title: "Nobody's job", start_at: soon });
    const page = await openTodos();
    const open = todoList(page, 'Open');
    await open.getByText("Nobody's job").waitFor();

    await page.getByRole('switch', { name: 'Only mine' }).click();
    await open.getByText('Mine, no customer').waitFor();
    await open.getByText("Nobody's job").waitFor({ state: 'detached' });
    expect(await open.getByText('Mine, for the buyer').count()).toBe(1);

    await page.getByRole('combobox', { name: 'Customer' }).fill('filter buyer');
    await page.getByRole('option', { name: /Filter Buyer d\.o\.o\./ }).click();
    await open.getByText('Mine, no customer').waitFor({ state: 'detached' });
    await open.getByText('Mine, for the buyer').waitFor();

    await page.reload();
    await todoList(page, 'Open').getByText('Mine, for the buyer').waitFor();
    expect(await page.getByRole('switch', { name: 'Only mine' }).isChecked()).toBe(true);
    expect(await todoList(page, 'Open').getByText("Nobody's job").count()).toBe(0);
  });
});

import { describe, expect, it } from 'vitest';
import { USERS } from './fixtures/browser.ts';
import { card, column, companyWithDeals, sumOf } from './fixtures/deals.ts';
import { personIn } from './fixtures/live.ts';
import { stackAndBrowserForFile } from './fixtures/suite.ts';

const e2e = stackAndBrowserForFile();

describe('deal screens', () => {
  it('a deal made with a column’s “+” lands in that column and its sum', async () => {
    const { company, second } = await companyWithDeals(e2e, `Novi ${Date.now()} d.o.o.`);
    const page = await personIn(e2e, USERS.ana, company.name, '/company/deals');
    await column(page, second)
      .getByRole('button', { name: `New deal in ${second}` })
      .click();
    const dialog = page.getByRole('dialog', { name: 'New deal' });
    await dialog.getByLabel('Title').fill('Windows');
    await dialog.getByLabel('Value').fill('12,5');
    await dialog.getByRole('button', { name: 'Create deal' }).click();
    await card(page, second, 'Windows').waitFor();
    await expect.poll(() => sumOf(page, second).textContent()).toBe('€12.50');
    await page.context().close();
  });

  it('the list moves chosen deals to another stage at once, and keeps its filter in the address', async () => {
    const { company, pipeline } = await companyWithDeals(e2e, `Popis ${Date.now()} d.o.o.`);
    const won = pipeline.stages.find((stage) => stage.kind === 'won');
    if (!won) throw new Error('no won stage');
    const page = await personIn(e2e, USERS.ana, company.name, '/company/deals/list?q=garden');
    await page.getByRole('link', { name: 'Garden fence' }).waitFor();
    expect(await page.getByRole('link', { name: 'Roof repair' }).count()).toBe(0);
    await page.goto('/#/company/deals/list');
    await page.getByRole('link', { name: 'Roof repair' }).waitFor();
    await page.getByLabel('Choose Roof repair').check();
    await page.getByLabel('Choose Garden fence').check();
    await page
      .getByRole('region', { name: 'Change chosen deals' })
      .getByLabel('Move to stage')
      .selectOption(String(won.id));
    await page.getByText('Deals changed: 2').waitFor();
    await expect.poll(() => page.getByRole('row').filter({ hasText: won.name }).count()).toBe(2);
    await page.context().close();
  });

  it('Marko’s open edit is told of Ana’s change, refused over it, then saved over the latest with what he typed', async () => {
    const { company, ana, deals } = await companyWithDeals(e2e, `Izmjena ${Date.now()} d.o.o.`);
    const deal = deals['Roof repair'];
    if (!deal) throw new Error('no deal');
    const page = await personIn(e2e, USERS.marko, company.name, `/company/deal/${deal.id}`);
    await page.getByRole('heading', { level: 1, name: 'Roof repair' }).waitFor();
    await page.getByRole('button', { name: 'Edit' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit “Roof repair”' });
    await dialog.getByLabel('Title').fill('Roof repair and gutters');
    await ana.call('PATCH', `/companies/${company.id}/deals/${deal.id}`, {
      notes: 'Call first',
      version: deal.version,
    });
    await dialog.getByText(/Changed by Ana Horvat/).waitFor();
    await dialog.getByRole('button', { name: 'Keep editing' }).click();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByRole('button', { name: 'Load the latest and keep my changes' }).click();
    expect(await dialog.getByLabel('Title').inputValue()).toBe('Roof repair and gutters');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('heading', { level: 1, name: 'Roof repair and gutters' }).waitFor();
    await page.getByText('Call first').waitFor();
    await page.context().close();
  });

  it('an owner removes a stage that holds deals, is asked where they go, and finds them there', async () => {
    const { company, first, second, pipeline } = await companyWithDeals(e2e, `Faze ${Date.now()} d.o.o.`);
    const page = await personIn(e2e, USERS.ana, company.name, '/company/settings');
    await page.getByRole('button', { name: `Stages of ${pipeline.name}` }).click();
    const editor = page.getByRole('form', { name: `Stages of ${pipeline.name}` });
    await editor.getByRole('button', { name: `Remove ${first}` }).click();
    await editor.getByRole('button', { name: 'Save' }).click();
    await editor.getByLabel(`Deals of ${first} go to`).selectOption({ label: second });
    await editor.getByRole('button', { name: 'Save and move the deals' }).click();
    await editor.getByRole('status').getByText('Saved.').waitFor();

    await page.goto('/#/company/deals');
    await card(page, second, 'Solar panels').waitFor();
    expect(await column(page, first).count()).toBe(0);
    await expect.poll(() => sumOf(page, second).textContent()).toBe('€600.00');
    await page.context().close();
  });

  it('an owner adds, renames and reorders pipelines and sets the lost reasons; a member sees none of it', async () => {
    const { company, pipeline } = await companyWithDeals(e2e, `Tokovi ${Date.now()} d.o.o.`);
    const page = await personIn(e2e, USERS.ana, company.name, '/company/settings');
    const section = page.getByRole('region', { name: 'Sales pipelines' });
    await section.getByLabel('New pipeline').fill('Renewals');
    await section.getByRole('button', { name: 'Add pipeline' }).click();
    const names = section.getByLabel('Pipeline name');
    await expect.poll(() => names.count()).toBe(2);
    await names.nth(1).fill('Contract renewals');
    await section.getByRole('button', { name: 'Rename' }).click();
    await section.getByRole('button', { name: 'Move Contract renewals up' }).click();
    await expect.poll(() => names.first().inputValue()).toBe('Contract renewals');
    expect(await names.nth(1).inputValue()).toBe(pipeline.name);

    const reasons = page.getByRole('region', { name: 'Lost reasons' });
    await reasons.getByLabel('Reasons, one a line').fill('Too expensive\nChose a competitor');
    await reasons.getByRole('button', { name: 'Save' }).click();
    await reasons.getByRole('status').getByText('Saved.').waitFor();

    // The board opens on the first pipeline; the picker switches to the other.
    await page.goto('/#/company/deals');
    const picker = page.getByLabel('Pipeline', { exact: true });
    await expect.poll(() => picker.locator('option:checked').textContent()).toBe('Contract renewals');
    expect(await page.getByRole('listitem').filter({ hasText: 'Roof repair' }).count()).toBe(0);
    await picker.selectOption({ label: pipeline.name });
    await page.getByRole('listitem').filter({ hasText: 'Roof repair' }).waitFor();
    await page.context().close();

    const marko = await personIn(e2e, USERS.marko, company.name, '/company/settings');
    await marko.getByRole('heading', { level: 1, name: 'Settings' }).waitFor();
    expect(await marko.getByRole('region', { name: 'Sales pipelines' }).count()).toBe(0);
    await marko.context().close();
  });

  it('an owner deletes a pipeline, chooses where its deals go, and finds them there', async () => {
    const { company, pipeline } = await companyWithDeals(e2e, `Brisanje ${Date.now()} d.o.o.`);
    const page = await personIn(e2e, USERS.ana, company.name, '/company/settings');
    const section = page.getByRole('region', { name: 'Sales pipelines' });
    // The only pipeline cannot be deleted: a company keeps one.
    await section.getByLabel('Pipeline name').first().waitFor();
    expect(await section.getByRole('button', { name: `Delete ${pipeline.name}` }).count()).toBe(0);
    await section.getByLabel('New pipeline').fill('Partners');
    await section.getByRole('button', { name: 'Add pipeline' }).click();
    await section.getByRole('button', { name: `Delete ${pipeline.name}` }).click();
    const ask = section.getByRole('group', { name: /Delete the pipeline/ });
    await ask.getByLabel('Its deals go to').selectOption({ label: 'Partners' });
    await ask.getByRole('button', { name: 'Delete', exact: true }).click();
    await expect.poll(() => section.getByLabel('Pipeline name').count()).toBe(1);
    expect(await section.getByLabel('Pipeline name').inputValue()).toBe('Partners');

    await page.goto('/#/company/deals');
    await page.getByRole('listitem').filter({ hasText: 'Roof repair' }).waitFor();
    await page.context().close();
  });

  it('a to-do made on a deal’s page is the deal’s, and the to-do list links the deal', async () => {
    const { company, deals } = await companyWithDeals(e2e, `Zadaci ${Date.now()} d.o.o.`);
    const page = await personIn(e2e, USERS.ana, company.name, `/company/deal/${deals['Garden fence']?.id}`);
    const todos = page.getByRole('region', { name: 'To-dos' });
    await todos.getByText('No open to-dos for this deal.').waitFor();
    await todos.getByRole('button', { name: 'New to-do' }).click();
    const dialog = page.getByRole('dialog', { name: 'New to-do' });
    await dialog.getByLabel('Title').fill('Measure the fence');
    await dialog.getByRole('button', { name: 'Create to-do' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await todos.getByText('Measure the fence').waitFor();

    await page.goto('/#/company/customer/events');
    await page.getByText('Measure the fence').first().waitFor();
    await page.getByRole('link', { name: 'Garden fence' }).click();
    await page.getByRole('heading', { level: 1, name: 'Garden fence' }).waitFor();
    await page.context().close();
  });

  it('a customer’s page lists the deals it is in', async () => {
    const { company, ana } = await companyWithDeals(e2e, `Kupac ${Date.now()} d.o.o.`);
    const customer = await ana.call<{ id: number }>('POST', `/companies/${company.id}/customers`, {
      type: 'organisation',
      organisation_name: 'Kuće Horvat',
    });
    await ana.call('POST', `/companies/${company.id}/deals`, {
      title: 'New roof',
      organisation_id: customer.id,
    });
    const page = await personIn(e2e, USERS.ana, company.name, `/company/customer/${customer.id}`);
    const section = page.getByRole('region', { name: 'Deals' });
    await section.getByRole('link', { name: 'New roof' }).click();
    await page.getByRole('heading', { level: 1, name: 'New roof' }).waitFor();
    await page.getByRole('link', { name: 'Kuće Horvat' }).waitFor();
    await page.context().close();
  });
});

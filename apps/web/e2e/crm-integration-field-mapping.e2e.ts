import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type HubspotStandin,
  startHubspotStandin,
} from '../../server/src/test-support/connector-standins/hubspot.ts';
import { LOYALTY_TIER } from '../../server/src/test-support/connector-standins/hubspot-properties.ts';
import { apiAs, createCrmCompany } from './fixtures/api.ts';
import { chooseCompany, loginAs, newPage, USERS, violationsInBothThemes } from './fixtures/browser.ts';
import { stackAndBrowserForFile } from './fixtures/suite.ts';

// The stand-in listens on loopback, which connections refuse unless allowed (as webhooks do): the
// server this file starts inherits the environment (each test file runs in its own worker).
process.env.WEBHOOK_ALLOWED_HOSTS = '127.0.0.1';

const e2e = stackAndBrowserForFile();
let hubspot: HubspotStandin;

beforeAll(async () => {
  hubspot = await startHubspotStandin();
  hubspot.defineProperty('contacts', LOYALTY_TIER);
  hubspot.defineProperty('contacts', {
    name: 'favourite_colour',
    label: 'Favourite colour',
    type: 'string',
    fieldType: 'text',
  });
  // A "HubSpot user" property (an owner's id), and the owner who is Ana by her email.
  hubspot.owners.push({ id: '501', email: USERS.ana });
  hubspot.defineProperty('contacts', {
    name: 'account_manager',
    label: 'Account manager',
    type: 'enumeration',
    fieldType: 'select',
    referencedObjectType: 'OWNER',
  });
  hubspot.put('contacts', {
    firstname: 'Gita',
    lastname: 'Gold',
    email: 'gita.gold@example.com',
    loyalty_tier: 'gold_tier',
    account_manager: '501',
  });
});
afterAll(async () => {
  await hubspot?.close();
});

describe('connector field mapping', () => {
  it('an owner maps own fields, a person among them, to HubSpot properties and their values come in', async () => {
    const company = await createCrmCompany(e2e.stack, `Mapiranje ${Date.now()} d.o.o.`, [0, 1, 2]);
    const ana = await apiAs(e2e.stack, USERS.ana);
    await ana.call('POST', `/companies/${company.id}/custom-fields`, {
      record: 'customer',
      key: 'tier',
      label: 'Tier',
      type: 'single_select',
      options: [
        { value: 'gold', label: 'Gold' },
        { value: 'silver', label: 'Silver' },
      ],
    });
    await ana.call('POST', `/companies/${company.id}/custom-fields`, {
      record: 'customer',
      key: 'manager',
      label: 'Manager',
      type: 'person',
    });
    const connector = await ana.call<{ id: number }>('POST', `/companies/${company.id}/connectors`, {
      provider: 'hubspot',
      token: hubspot.token,
      base_url: hubspot.url,
    });

    const page = await newPage(e2e.browser, e2e.stack.baseUrl, { bypassCSP: true, reducedMotion: 'reduce' });
    await loginAs(page, USERS.ana);
    await chooseCompany(page, company.name);
    await page.waitForURL(/#\/company\/dashboard$/);
    await page.goto('/#/company/crm-integration?tab=connectors');
    const row = page.getByTestId('connector-row').filter({ hasText: hubspot.url });
    await row.getByTestId('connector-state').getByText('Connected').waitFor({ timeout: 60_000 });

    await row.getByRole('button', { name: 'Field mapping' }).click();
    const section = page.getByRole('region', { name: 'Field mapping with HubSpot' });
    const unmapped = section.getByTestId('unmapped-remote');
    await unmapped.getByText('Loyalty tier').waitFor({ timeout: 20_000 });
    await unmapped.getByText('Favourite colour').waitFor();
    await unmapped.getByText('Account manager').waitFor();
    expect(await violationsInBothThemes(page)).toEqual({ light: [], dark: [] });

    // Only properties whose values fit a single choice are offered for Tier.
    const tierRow = section.getByTestId('field-mapping-row').filter({ hasText: 'Tier' });
    const contactSelect = tierRow.getByLabel('Contact (person)');
    const offered = await contactSelect.locator('option').allTextContents();
    expect(offered).toContain('Loyalty tier');
    expect(offered).not.toContain('Favourite colour');
    expect(offered).not.toContain('Account manager');
    await contactSelect.selectOption({ label: 'Loyalty tier' });
    // A person field is offered the properties of HubSpot users only (decision 093).
    const managerSelect = section
      .getByTestId('field-mapping-row')
      .filter({ hasText: 'Manager' })
      .getByLabel('Contact (person)');
    const users = await managerSelect.locator('option').allTextContents();
    expect(users).toContain('Account manager');
    expect(users).not.toContain('Loyalty tier');
    expect(users).not.toContain('Favourite colour');
    await managerSelect.selectOption({ label: 'Account manager' });
    await section.getByRole('button', { name: 'Save mapping' }).click();
    await page.getByText('Field mapping saved. A full sync has started.').waitFor({ timeout: 20_000 });
    await unmapped.getByText('Loyalty tier').waitFor({ state: 'detached' });
    await unmapped.getByText('Account manager').waitFor({ state: 'detached' });
    await unmapped.getByText('Favourite colour').waitFor();
    expect(await violationsInBothThemes(page)).toEqual({ light: [], dark: [] });

    // The full pass the save started brings HubSpot's values in: the option as the field's
    // own, the owner as the member of the same email.
    const me = await ana.call<{ id: number }>('GET', '/me');
    let custom: Record<string, unknown> = {};
    const arrived = () => custom.tier === 'gold' && custom.manager === me.id;
    for (let i = 0; i < 120 && !arrived(); i++) {
      const list = await ana.call<{ items: { email: string | null; custom: Record<string, unknown> }[] }>(
        'GET',
        `/companies/${company.id}/customers?q=gita`,
      );
      custom = list.items.find((c) => c.email === 'gita.gold@example.com')?.custom ?? {};
      if (!arrived()) await new Promise((r) => setTimeout(r, 500));
    }
    expect(custom).toMatchObject({ tier: 'gold', manager: me.id });
    expect(connector.id).toBeGreaterThan(0);
    await page.context().close();
  });
});

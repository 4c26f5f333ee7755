import { describe, expect, it } from 'vitest';
import { apiAs } from './fixtures/api.ts';
import { chooseCompany, loginAs, newPage, USERS } from './fixtures/browser.ts';
import { anaWithX, storiesWithX } from './fixtures/social.ts';

const { e2e, x } = storiesWithX();

describe('social publishing', () => {
  it('an owner connects X, composes a post that is too long for it, fixes it and sees it published with its link', async () => {
    // x.com's consent page (the stand-in) sends the browser back through the OAuth callback.
    const page = await anaWithX(e2e);

    await page.getByRole('link', { name: 'Compose' }).click();
    await page.getByLabel('Acme on X (X)').check();
    await page.getByLabel('Text', { exact: true }).fill(`${'Launch day! '.repeat(25)}`);
    await page.getByRole('alert').filter({ hasText: 'Too long for X (at most 280).' }).waitFor();
    const publish = page.getByRole('button', { name: 'Publish now' });
    expect(await publish.isDisabled()).toBe(true);

    const text = `Launch day at Acme ${Date.now()}`;
    await page.getByLabel('Text', { exact: true }).fill(text);
    await page.getByRole('alert').filter({ hasText: 'Too long for X' }).waitFor({ state: 'detached' });
    await publish.click();

    const result = page.getByTestId('post-target').filter({ hasText: 'Acme on X' });
    await result.getByText('Published').waitFor({ timeout: 30_000 });
    const tweet = x().tweets.find((t) => t.text === text);
    expect(tweet).toBeTruthy();
    expect(await result.getByRole('link', { name: 'Open on the network' }).getAttribute('href')).toBe(
      `https://x.com/acme/status/${tweet?.id}`,
    );
    // Out it went: the post page says why it offers no Edit, and the composer refuses it too.
    await page.getByText('a published post can no longer be edited').waitFor();
    expect(await page.getByRole('link', { name: 'Edit' }).count()).toBe(0);
    await page.goto(`/#/company/social/compose?edit=${page.url().split('/').pop()}`);
    await page.getByRole('alert').filter({ hasText: 'a published post can no longer be edited' }).waitFor();
  });

  it('opens a scheduled post in the composer with its accounts, text and override, and saves the changes', async () => {
    const page = await newPage(e2e.browser, e2e.stack.baseUrl, { bypassCSP: true });
    await loginAs(page, USERS.ana);
    await chooseCompany(page, 'Acme d.o.o.');
    await page.goto('/#/company/social/compose');
    await page.getByLabel('Acme on X (X)').check();
    const text = `Opening hours at Acme ${Date.now()}`;
    await page.getByLabel('Text', { exact: true }).fill(text);
    await page.getByText('Own text for X').click();
    await page.getByRole('textbox', { name: 'Own text for X' }).fill(`${text} (X)`);
    await page.getByLabel('Schedule', { exact: true }).check();
    await page.getByLabel(/Date and time/).fill('2030-07-01T09:30');
    await page.getByRole('button', { name: 'Schedule post' }).click();
    await page.getByText(/Scheduled for/).waitFor();

    await page.getByRole('link', { name: 'Edit' }).click();
    expect(await page.getByLabel('Text', { exact: true }).inputValue()).toBe(text);
    expect(await page.getByRole('textbox', { name: 'Own text for X' }).inputValue()).toBe(`${text} (X)`);
    expect(await page.getByLabel('Acme on X (X)').isChecked()).toBe(true);
    expect(await page.getByLabel(/Date and time/).inputValue()).toBe('2030-07-01T09:30');
    // The same rules as a new post, as you type.
    await page.getByRole('textbox', { name: 'Own text for X' }).fill('x'.repeat(281));
    await page.getByRole('alert').filter({ hasText: 'Too long for X (at most 280).' }).waitFor();
    await page.getByRole('textbox', { name: 'Own text for X' }).fill(`${text}, changed (X)`);
    await page.getByLabel(/Date and time/).fill('2030-07-02T10:15');
    await page.getByRole('button', { name: 'Schedule post' }).click();
    await page.getByText(`${text}`, { exact: true }).waitFor();
    await page.getByText(/Scheduled for .*2030/).waitFor();
    const id = Number(page.url().split('/').pop());
    const api = await apiAs(e2e.stack, USERS.ana);
    const companies = await api.call<{ items: { id: number; name: string }[] }>('GET', '/me/companies');
    const acme = companies.items.find((c) => c.name === 'Acme d.o.o.')?.id as number;
    const saved = await api.call<{ scheduled_at: string; overrides: Record<string, string> }>(
      'GET',
      `/companies/${acme}/social/posts/${id}`,
    );
    // 10:15 in Zagreb in July (UTC+2).
    expect(saved.scheduled_at).toBe('2030-07-02T08:15:00.000Z');
    expect(saved.overrides).toEqual({ x: `${text}, changed (X)` });

    // Someone else saved the post first: the server answers 409 stale_update, and the composer says so.
    await page.getByRole('link', { name: 'Edit' }).click();
    let refused = 0;
    await page.route(/\/api\/companies\/\d+\/social\/posts\/\d+$/, async (route) => {
      if (route.request().method() !== 'PATCH') return route.fallback();
      refused++;
      await route.fulfill({
        status: 409,
        contentType: 'application/json',
        body: JSON.stringify({ message: 'Someone else changed this post meanwhile.', code: 'stale_update' }),
      });
    });
    await page.getByLabel('Text', { exact: true }).fill(`${text}, once more`);
    await page.getByRole('button', { name: 'Schedule post' }).click();
    await page.getByRole('alert').filter({ hasText: 'Someone else saved this post meanwhile' }).waitFor();
    expect(refused).toBe(1);
    expect(page.url()).toContain('compose?edit=');
  });

  it('schedules a post at a time in the company’s zone and lists it as scheduled', async () => {
    const page = await newPage(e2e.browser, e2e.stack.baseUrl, { bypassCSP: true });
    await loginAs(page, USERS.ana);
    await chooseCompany(page, 'Acme d.o.o.');
    await page.goto('/#/company/social/compose');
    await page.getByLabel('Acme on X (X)').check();
    await page.getByLabel('Text', { exact: true }).fill(`Next week at Acme ${Date.now()}`);
    await page.getByLabel('Schedule', { exact: true }).check();
    await page.getByLabel(/Date and time/).fill('2030-06-01T09:30');
    await page.getByRole('button', { name: 'Schedule post' }).click();
    await page.getByText(/Scheduled for/).waitFor();
    await page.getByRole('link', { name: 'Posts' }).click();
    await page.getByRole('list', { name: 'Posts' }).getByText('Scheduled').first().waitFor();
  });

  it('a refused post shows our reason and the status, never the network’s words; a dead token asks to reconnect, with the reason', async () => {
    const page = await newPage(e2e.browser, e2e.stack.baseUrl, { bypassCSP: true });
    await loginAs(page, USERS.ana);
    await chooseCompany(page, 'Acme d.o.o.');
    const marker = 'qz7-remote-words';
    x().failNext('POST', /^\/2\/tweets$/, {
      status: 403,
      json: { detail: `You are not allowed to create a Tweet with duplicate content. ${marker}` },
    });
    const publishNow = async (text: string) => {
      await page.goto('/#/company/social/compose');
      await page.getByLabel('Acme on X (X)').check();
      await page.getByLabel('Text', { exact: true }).fill(text);
      await page.getByRole('button', { name: 'Publish now' }).click();
      return page.getByTestId('post-target').filter({ hasText: 'Acme on X' });
    };
    const refused = await publishNow(`Said before ${Date.now()}`);
    await refused.getByText('as a duplicate of an earlier one').waitFor({ timeout: 30_000 });
    await refused.getByText('(the network answered HTTP 403)').waitFor();
    expect(await page.content()).not.toContain(marker);

    x().revokeAll();
    const dead = await publishNow(`With a dead token ${Date.now()}`);
    await dead.getByText("The account's access expired", { exact: false }).waitFor({ timeout: 30_000 });
    await page.goto('/#/company/social/accounts');
    await page
      .getByRole('list', { name: 'Accounts' })
      .getByText("Reason: The account's access expired; connect it again.")
      .waitFor();
  });
});

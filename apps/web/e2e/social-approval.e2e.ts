import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiAs } from './fixtures/api.ts';
import { newPage, seriousViolations, USERS } from './fixtures/browser.ts';
import { dragTo } from './fixtures/calendar.ts';
import { anaWithX, storiesWithX } from './fixtures/social.ts';

const { e2e, x } = storiesWithX();

async function expectNoSeriousViolations(page: Page) {
  const violations = await seriousViolations(page);
  expect(violations, JSON.stringify(violations, null, 2)).toEqual([]);
}

describe('social approval and the posts calendar', () => {
  it('Ana composes a draft for a date, sends it for approval; the client approves it without signing in and Ana sees it scheduled', async () => {
    const page = await anaWithX(e2e);
    await page.getByRole('link', { name: 'Compose' }).click();
    await page.getByLabel('Acme on X (X)').check();
    const text = `Summer offer at Acme ${Date.now()}`;
    await page.getByLabel('Text', { exact: true }).fill(text);
    // The composer previews the post as X will show it (the component the client sees too).
    await page.getByText('Preview on each network').click();
    await page
      .getByRole('article', { name: /Preview on X as Acme on X/ })
      .getByText(text)
      .waitFor();
    await page.getByLabel('Save as draft').check();
    await page.getByLabel(/Date and time/).fill('2030-06-01T09:30');
    await page.getByRole('button', { name: 'Save draft' }).click();

    await page.getByRole('button', { name: 'Send for approval' }).click();
    const link = await page.getByLabel(/Send this link to the client/).inputValue();
    expect(link).toMatch(/#\/approve\/[\w-]{43}$/);
    await page.getByTestId('approval-state').waitFor({ state: 'detached' });
    await page.getByText('Sent to the client for approval').waitFor();

    // The client: a fresh browser profile, never signed in.
    const client = await newPage(e2e.browser, e2e.stack.baseUrl, { bypassCSP: true });
    await client.goto(link.slice(link.indexOf('/#/')));
    await client.getByRole('heading', { name: 'Approve a post' }).waitFor();
    await client.getByText('Acme d.o.o. asks you to approve this post before it goes out.').waitFor();
    const preview = client.getByRole('article', { name: /Preview on X as Acme on X/ });
    await preview.getByText(text).waitFor();
    await client.getByText(/It goes out on .*2030.*\(Europe\/Zagreb\)/).waitFor();
    await expectNoSeriousViolations(client);
    await client.getByRole('button', { name: 'Approve' }).click();
    await client
      .getByRole('status')
      .filter({ hasText: /approved and will go out on .*2030/ })
      .waitFor();

    // Used: the same link now says so.
    await client.reload();
    await client.getByRole('alert').filter({ hasText: 'already used' }).waitFor();
    await client.context().close();

    await page.reload();
    await page.getByText(/Scheduled for .*2030/).waitFor();
    await page.getByTestId('approval-state').filter({ hasText: 'The client approved the post' }).waitFor();
    await page.getByText('Approved by the client').waitFor();
    await page.getByTestId('post-target').getByText('Queued').waitFor();
    expect(x().tweets.some((t) => t.text === text)).toBe(false);
    await page.context().close();
  });

  it('the client asks for changes with a comment; Ana sees the comment and the post stays a draft', async () => {
    const page = await anaWithX(e2e);
    await page.getByRole('link', { name: 'Compose' }).click();
    await page.getByLabel('Acme on X (X)').check();
    await page.getByLabel('Text', { exact: true }).fill(`Autumn offer at Acme ${Date.now()}`);
    await page.getByLabel('Save as draft').check();
    await page.getByRole('button', { name: 'Save draft' }).click();
    await page.getByRole('button', { name: 'Send for approval' }).click();
    const link = await page.getByLabel(/Send this link to the client/).inputValue();

    const client = await newPage(e2e.browser, e2e.stack.baseUrl, { bypassCSP: true });
    await client.goto(link.slice(link.indexOf('/#/')));
    await client.getByText('It goes out as soon as you approve it.').waitFor();
    await client.getByRole('button', { name: 'Ask for changes' }).click();
    await client.getByRole('button', { name: 'Send the comment' }).click();
    await client.getByText('This field is required.').waitFor();
    await client.getByLabel('What should change?').fill('Please mention the opening hours.');
    await client.getByRole('button', { name: 'Send the comment' }).click();
    await client.getByRole('status').filter({ hasText: 'Your comment was sent to the author' }).waitFor();
    await client.context().close();

    await page.reload();
    const state = page.getByTestId('approval-state');
    await state.filter({ hasText: 'The client asked for changes' }).waitFor();
    await state.getByText('Please mention the opening hours.').waitFor();
    await page.getByText('The client asked for changes: Please mention the opening hours.').waitFor();
    await page.getByRole('button', { name: 'Send for approval' }).waitFor();
    await expectNoSeriousViolations(page);
    await page.context().close();
  });

  it('Ana drags a scheduled post to another day in the posts calendar and it is rescheduled', async () => {
    const page = await anaWithX(e2e);
    const api = await apiAs(e2e.stack, USERS.ana);
    const companies = await api.call<{ items: { id: number; name: string }[] }>('GET', '/me/companies');
    const acme = companies.items.find((c) => c.name === 'Acme d.o.o.')?.id as number;
    const accounts = await api.call<{ items: { id: number; type: string }[] }>(
      'GET',
      `/companies/${acme}/social/accounts`,
    );
    const xId = accounts.items.find((a) => a.type === 'x')?.id as number;
    const title = `Calendar post ${Date.now()}`;
    // 09:30 in Zagreb (summer time, UTC+2) on 12 June 2030.
    const post = await api.call<{ id: number }>('POST', `/companies/${acme}/social/posts`, {
      text: title,
      account_ids: [xId],
      scheduled_at: '2030-06-12T07:30:00Z',
    });

    await page.goto('/#/company/social/posts?view=calendar&date=2030-06-01');
    const calendar = page.getByTestId('posts-calendar');
    const day = (date: string) => calendar.locator(`[role="cell"][data-date="${date}"]`);
    const event = day('2030-06-12').getByRole('button', { name: new RegExp(title) });
    await event.waitFor();
    await dragTo(page, event, day('2030-06-19'));
    await page.getByRole('status').filter({ hasText: 'was rescheduled' }).waitFor();
    const moved = await api.call<{ scheduled_at: string }>(
      'GET',
      `/companies/${acme}/social/posts/${post.id}`,
    );
    expect(moved.scheduled_at).toBe('2030-06-19T07:30:00.000Z');
    await page.reload();
    await day('2030-06-19')
      .getByRole('button', { name: new RegExp(title) })
      .waitFor();
    await page.context().close();
  });
});

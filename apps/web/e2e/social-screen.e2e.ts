import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { type ApiClient, apiAs } from './fixtures/api.ts';
import { seriousViolations, USERS } from './fixtures/browser.ts';
import { dragTo } from './fixtures/calendar.ts';
import { anaWithX, storiesWithX } from './fixtures/social.ts';

const { e2e } = storiesWithX();

const SIZES = [
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
];

/** No serious axe finding at the desktop and the phone size, in the light and the dark theme. */
async function accessibleEverywhere(page: Page) {
  for (const size of SIZES) {
    await page.setViewportSize(size);
    for (const theme of ['light', 'dark']) {
      await page.evaluate((t) => document.documentElement.setAttribute('data-bs-theme', t), theme);
      const violations = await seriousViolations(page);
      expect(violations, `${size.width} ${theme}: ${JSON.stringify(violations, null, 2)}`).toEqual([]);
    }
  }
  await page.evaluate(() => document.documentElement.setAttribute('data-bs-theme', 'light'));
  await page.setViewportSize(SIZES[0] as (typeof SIZES)[0]);
}

async function acmeAndX(api: ApiClient): Promise<{ acme: number; xId: number }> {
  const companies = await api.call<{ items: { id: number; name: string }[] }>('GET', '/me/companies');
  const acme = companies.items.find((c) => c.name === 'Acme d.o.o.')?.id as number;
  const accounts = await api.call<{ items: { id: number; type: string }[] }>(
    'GET',
    `/companies/${acme}/social/accounts`,
  );
  return { acme, xId: accounts.items.find((a) => a.type === 'x')?.id as number };
}

/** Uploads a plain-coloured PNG into the company's media library, as the library's upload does. */
async function uploadImage(api: ApiClient, acme: number, name: string): Promise<number> {
  const png = await sharp({
    create: { width: 400, height: 300, channels: 3, background: { r: 20, g: 110, b: 180 } },
  })
    .png()
    .toBuffer();
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), name);
  const response = await fetch(`${e2e.stack.baseUrl}/api/companies/${acme}/social/media`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${api.token}` },
    body: form,
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`upload: ${response.status} ${text}`);
  return (JSON.parse(text) as { data: { id: number } }).data.id;
}

const loaded = (img: ReturnType<Page['getByRole']>) =>
  img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0);

describe('the social screen', () => {
  it('the composer shows the library as thumbnails, asks for the time inline, and the post page shows its media', async () => {
    const page = await anaWithX(e2e, { reducedMotion: 'reduce' });
    const api = await apiAs(e2e.stack, USERS.ana);
    const { acme } = await acmeAndX(api);
    const name = `harbour-${Date.now()}.png`;
    await uploadImage(api, acme, name);

    // The tab bar: a bar of buttons whose active tab stands out in both themes.
    const tabs = page.getByRole('navigation', { name: 'Social sections' });
    await tabs.getByRole('link', { name: 'Compose' }).click();
    const compose = tabs.getByRole('link', { name: 'Compose' });
    // The click starts a navigation; the tab is current once it lands.
    await expect.poll(() => compose.getAttribute('aria-current')).toBe('page');
    for (const theme of ['light', 'dark']) {
      await page.evaluate((t) => document.documentElement.setAttribute('data-bs-theme', t), theme);
      const [active, idle] = await Promise.all(
        [compose, tabs.getByRole('link', { name: 'Media' })].map((link) =>
          link.evaluate((el) => getComputedStyle(el).backgroundColor),
        ),
      );
      expect(active, theme).not.toBe(idle);
    }
    await page.evaluate(() => document.documentElement.setAttribute('data-bs-theme', 'light'));

    // The picker: each medium by its picture, chosen by its name.
    const tile = page.getByTestId('picker-medium').filter({ hasText: name });
    await tile.waitFor();
    const picture = tile.locator('img');
    await expect.poll(() => picture.getAttribute('src')).toMatch(/^blob:/);
    await expect.poll(() => loaded(picture)).toBe(true);
    await page.getByLabel(name).check();
    await page.getByLabel('Acme on X (X)').check();
    const text = `Harbour at dusk ${Date.now()}`;
    await page.getByLabel('Text', { exact: true }).fill(text);

    // Schedule without a time: the field says so in the app's way, not the browser's tooltip.
    await page.getByLabel('Schedule', { exact: true }).check();
    await page.getByRole('button', { name: 'Schedule post' }).click();
    const at = page.getByLabel(/Date and time/);
    await expect.poll(() => at.getAttribute('aria-invalid')).toBe('true');
    const described = (await at.getAttribute('aria-describedby')) ?? '';
    expect(await page.locator(`[id="${described}"]`).textContent()).toBe(
      'Choose the date and time to publish at.',
    );
    expect(await at.evaluate((el: HTMLInputElement) => el.validationMessage)).toBe('');
    expect(await at.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(page.url()).toContain('/social/compose');
    await accessibleEverywhere(page);

    // A time already gone: the same place, the same style.
    await at.fill('2020-01-01T09:00');
    await page.getByRole('button', { name: 'Schedule post' }).click();
    await page.getByText('This time has already passed.').waitFor();
    expect(await at.getAttribute('aria-invalid')).toBe('true');

    await at.fill('2030-09-01T08:00');
    await expect.poll(() => at.getAttribute('aria-invalid')).toBeNull();
    await page.getByRole('button', { name: 'Schedule post' }).click();
    await page.getByText(/Scheduled for/).waitFor();

    // The post page shows the picture it carries.
    const media = page.getByRole('list', { name: 'Media' });
    const image = media.getByRole('img', { name });
    await image.waitFor();
    await expect.poll(() => image.getAttribute('src')).toMatch(/^blob:/);
    await expect.poll(() => loaded(image)).toBe(true);
    await accessibleEverywhere(page);
    await page.context().close();
  });

  it('drags a scheduled post to another day, keeps it after a reload, and refuses what may not move', async () => {
    const page = await anaWithX(e2e, { reducedMotion: 'reduce' });
    const api = await apiAs(e2e.stack, USERS.ana);
    const { acme, xId } = await acmeAndX(api);
    const title = `Moving post ${Date.now()}`;
    // 09:30 in Zagreb (summer time, UTC+2) on 10 July 2030.
    const post = await api.call<{ id: number }>('POST', `/companies/${acme}/social/posts`, {
      text: title,
      account_ids: [xId],
      scheduled_at: '2030-07-10T07:30:00Z',
    });

    await page.goto('/#/company/social/posts?view=calendar&date=2030-07-01');
    const calendar = page.getByRole('region', { name: 'Calendar' });
    // In a card, as the CRM calendar.
    expect(await calendar.evaluate((el) => el.classList.contains('card'))).toBe(true);
    const day = (date: string) => calendar.locator(`[role="cell"][data-date="${date}"]`);
    const event = (date: string) => day(date).getByRole('button', { name: new RegExp(title) });
    await event('2030-07-10').waitFor();
    // English writes its times with am/pm.
    expect(await event('2030-07-10').textContent()).toMatch(/9:30\s?am/i);
    await accessibleEverywhere(page);

    // Someone else saved the post meanwhile: the server's 409 is said, and the post goes back.
    await page.route(/\/api\/companies\/\d+\/social\/posts\/\d+$/, async (route) => {
      if (route.request().method() !== 'PATCH') return route.fallback();
      await route.fulfill({
        status: 409,
        contentType: 'application/json',
        body: JSON.stringify({ message: 'Stale.', code: 'stale_update' }),
      });
    });
    await dragTo(page, event('2030-07-10'), day('2030-07-16'));
    await page
      .getByRole('alert')
      .filter({ hasText: 'Someone else changed this meanwhile. Reload and try again.' })
      .waitFor();
    await event('2030-07-10').waitFor();
    await page.unroute(/\/api\/companies\/\d+\/social\/posts\/\d+$/);

    const patches: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'PATCH') patches.push(r.url());
    });
    await dragTo(page, event('2030-07-10'), day('2030-07-17'));
    await page.getByRole('status').filter({ hasText: 'was rescheduled' }).waitFor();
    const moved = await api.call<{ scheduled_at: string }>(
      'GET',
      `/companies/${acme}/social/posts/${post.id}`,
    );
    expect(moved.scheduled_at).toBe('2030-07-17T07:30:00.000Z');
    expect(patches).toHaveLength(1);
    await page.reload();
    await event('2030-07-17').waitFor();
    expect(await event('2030-07-10').count()).toBe(0);

    // A published post stays where it went out: dropping it elsewhere sends nothing.
    const sentText = `Out already ${Date.now()}`;
    const sent = await api.call<{ id: number }>('POST', `/companies/${acme}/social/posts`, {
      text: sentText,
      account_ids: [xId],
    });
    await expect
      .poll(
        async () =>
          (await api.call<{ status: string }>('GET', `/companies/${acme}/social/posts/${sent.id}`)).status,
        { timeout: 30_000 },
      )
      .toBe('published');
    // Today's month: the calendar opens where the address says when it is drawn.
    await page.goto('/#/company/social/posts?view=calendar');
    await page.reload();
    const published = calendar.getByRole('button', { name: new RegExp(sentText) });
    await published.waitFor();
    const today = await published.evaluate((el) => el.closest('[role="cell"]')?.getAttribute('data-date'));
    const otherDay = calendar.locator('[role="cell"][data-date]').filter({
      hasNot: page.getByRole('button', { name: new RegExp(sentText) }),
    });
    await dragTo(page, published, otherDay.nth(3));
    await page.waitForTimeout(500);
    expect(patches).toHaveLength(1);
    expect(
      await calendar
        .getByRole('button', { name: new RegExp(sentText) })
        .evaluate((el) => el.closest('[role="cell"]')?.getAttribute('data-date')),
    ).toBe(today);
    await page.context().close();
  });

  it('writes the calendar’s times as the person’s language does', async () => {
    const page = await anaWithX(e2e, { reducedMotion: 'reduce' });
    // German chosen in this browser from now on.
    await page.context().addCookies([{ name: 'lang', value: 'de', url: e2e.stack.baseUrl }]);
    const api = await apiAs(e2e.stack, USERS.ana);
    const { acme, xId } = await acmeAndX(api);
    const title = `Zeitformat ${Date.now()}`;
    await api.call('POST', `/companies/${acme}/social/posts`, {
      text: title,
      account_ids: [xId],
      scheduled_at: '2030-08-06T07:05:00Z',
    });
    await page.goto('/#/company/social/posts?view=calendar&date=2030-08-01');
    await page.reload();
    const event = page.getByTestId('posts-calendar').getByRole('button', { name: new RegExp(title) });
    await event.waitFor();
    // 09:05 in Zagreb, 24-hour with the leading zero German writes.
    expect(await event.textContent()).toContain('09:05');
    expect(await event.textContent()).not.toMatch(/am|pm/i);
    await page.context().close();
  });
});

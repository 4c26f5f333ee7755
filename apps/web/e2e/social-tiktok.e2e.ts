import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mp4Container } from '../../server/src/test-support/media-fixtures.ts';
import {
  startTikTokStandin,
  type TikTokStandin,
} from '../../server/src/test-support/social-standins/tiktok-standin.ts';
import { chooseCompany, loginAs, newPage, USERS } from './fixtures/browser.ts';
import { stackAndBrowserForFile } from './fixtures/suite.ts';

// The TikTok stand-in starts first and the server of this file is told where it is (its environment is read at start).
let tiktok: TikTokStandin;
beforeAll(async () => {
  tiktok = await startTikTokStandin({ key: 'tt-e2e', secret: 'tt-e2e-secret' });
  // A connection TikTok lets live 3 more days: inside the 7-day notice, so the account says so.
  tiktok.controls.refreshExpiresIn = 3 * 86_400;
  // A creator who may not post to everyone (TikTok's creator info lists what is allowed).
  tiktok.controls.privacyLevelOptions = ['MUTUAL_FOLLOW_FRIENDS', 'SELF_ONLY'];
  Object.assign(process.env, {
    SOCIAL_TIKTOK_API_URL: tiktok.url,
    SOCIAL_TIKTOK_AUTH_URL: `${tiktok.url}/v2/auth/authorize/`,
    SOCIAL_TIKTOK_CLIENT_ID: 'tt-e2e',
    SOCIAL_TIKTOK_CLIENT_SECRET: 'tt-e2e-secret',
    WEBHOOK_ALLOWED_HOSTS: '127.0.0.1',
  });
});
const e2e = stackAndBrowserForFile();
afterAll(async () => {
  await tiktok?.close();
});

describe('social publishing to TikTok', () => {
  it('an account close to its end says when; the composer offers TikTok’s privacy choices and the video goes out with the chosen one and its link', async () => {
    const page = await newPage(e2e.browser, e2e.stack.baseUrl, { bypassCSP: true });
    await loginAs(page, USERS.ana);
    await chooseCompany(page, 'Acme d.o.o.');
    await page.goto('/#/company/social/accounts');
    await page.getByRole('button', { name: 'Connect TikTok' }).click();
    await page.getByRole('status').filter({ hasText: 'Accounts connected: 1.' }).waitFor();
    const account = page.getByRole('list', { name: 'Accounts' }).getByRole('listitem').filter({
      hasText: 'Acme on TikTok',
    });
    await account.getByText(/Access ends on .+: connect the account again before then\./).waitFor();

    await page.getByRole('link', { name: 'Media' }).click();
    await page
      .getByLabel('Upload files')
      .setInputFiles({ name: 'clip.mp4', mimeType: 'video/mp4', buffer: mp4Container(4096) });
    await page.getByTestId('media-item').filter({ hasText: 'clip.mp4' }).waitFor({ timeout: 60_000 });

    await page.getByRole('link', { name: 'Compose' }).click();
    await page.getByLabel('Acme on TikTok (TikTok)').check();
    const text = `Behind the scenes at Acme ${Date.now()}`;
    await page.getByLabel('Text', { exact: true }).fill(text);
    await page.getByLabel('clip.mp4').check();
    const privacy = page.getByLabel('Who can see it on TikTok');
    // Only what TikTok offers this creator, and no preset choice: publishing waits for one.
    await page.getByText('This TikTok account may post videos of up to 600 seconds.').waitFor();
    expect(await privacy.locator('option').allTextContents()).toEqual([
      'Choose…',
      'Friends (followers you follow back)',
      'Only me',
    ]);
    const publish = page.getByRole('button', { name: 'Publish now' });
    expect(await publish.isDisabled()).toBe(true);
    await privacy.selectOption({ label: 'Only me' });
    await publish.click();

    const result = page.getByTestId('post-target').filter({ hasText: 'Acme on TikTok' });
    await result.getByText('Published').waitFor({ timeout: 30_000 });
    const upload = tiktok.completed().find((p) => p.title === text);
    expect(upload?.privacyLevel).toBe('SELF_ONLY');
    // TikTok names the video only after moderation: until then the link opens the account.
    expect(await result.getByRole('link', { name: 'Open on the network' }).getAttribute('href')).toBe(
      'https://www.tiktok.com/@acme.tt',
    );
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startTikTokStandin,
  type TikTokStandin,
} from '../../server/src/test-support/social-standins/tiktok-standin.ts';
import { chooseCompany, loginAs, newPage, USERS } from './fixtures/browser.ts';
import { companyOfAnaAndMarko } from './fixtures/live.ts';
import { stackAndBrowserForFile } from './fixtures/suite.ts';

// Only TikTok has an app here (its stand-in on loopback, which the guarded client may reach).
let tiktok: TikTokStandin;
beforeAll(async () => {
  for (const key of Object.keys(process.env)) if (key.startsWith('SOCIAL_')) delete process.env[key];
  tiktok = await startTikTokStandin({ key: 'tt-setup', secret: 'tt-setup-secret' });
  Object.assign(process.env, {
    SOCIAL_TIKTOK_API_URL: tiktok.url,
    SOCIAL_TIKTOK_AUTH_URL: `${tiktok.url}/v2/auth/authorize/`,
    SOCIAL_TIKTOK_CLIENT_ID: 'tt-setup',
    SOCIAL_TIKTOK_CLIENT_SECRET: 'tt-setup-secret',
    WEBHOOK_ALLOWED_HOSTS: '127.0.0.1',
  });
});
const e2e = stackAndBrowserForFile();
afterAll(async () => {
  await tiktok?.close();
});

describe('social set-up with one network configured', () => {
  it('an owner gets Connect for TikTok only; a member is told who connects; the others are named as not set up', async () => {
    const { company } = await companyOfAnaAndMarko(e2e, `Setup Partial ${Date.now().toString(36)}`, [0, 3]);
    const owner = await newPage(e2e.browser, e2e.stack.baseUrl);
    await loginAs(owner, USERS.ana);
    await chooseCompany(owner, company.name);
    await owner.goto('/#/company/social/accounts');
    await owner.getByRole('button', { name: 'Connect TikTok' }).waitFor();
    expect(await owner.getByRole('button', { name: /^Connect / }).count()).toBe(1);
    await owner
      .getByRole('note')
      .getByText('Not set up on this server yet: Facebook, Instagram, LinkedIn, X, and YouTube.')
      .waitFor();
    await owner.getByText('To connect one of them, ask your administrator to set it up.').waitFor();
    await owner.context().close();

    const member = await newPage(e2e.browser, e2e.stack.baseUrl);
    await loginAs(member, USERS.marko);
    await chooseCompany(member, company.name);
    await member.goto('/#/company/social/accounts');
    await member.getByText("The company's owners and admins can connect accounts on TikTok.").waitFor();
    expect(await member.getByRole('button', { name: /^Connect / }).count()).toBe(0);
    await member.context().close();
  });

  it("a superuser's Check asks TikTok for an app token and reports that the credentials work", async () => {
    const page = await newPage(e2e.browser, e2e.stack.baseUrl);
    await loginAs(page, USERS.superuser);
    await page.goto('/#/admin/social/tiktok');
    await page.getByRole('heading', { name: 'Set up TikTok', level: 1 }).waitFor();
    await page
      .getByRole('list', { name: '2. Set the variables on the server' })
      .getByRole('listitem')
      .filter({ hasText: 'SOCIAL_TIKTOK_CLIENT_SECRET' })
      .getByText('Set', { exact: true })
      .waitFor();
    expect(await page.content()).not.toContain('tt-setup-secret');
    const before = tiktok.calls.length;
    await page.getByRole('button', { name: 'Check' }).click();
    await page.getByRole('status').filter({ hasText: 'TikTok accepted the client ID and secret.' }).waitFor();
    expect(tiktok.calls.slice(before)).toEqual([{ method: 'POST', path: '/v2/oauth/token/' }]);
    await page.context().close();
  });
});

import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { apiAs, createCrmCompany } from './fixtures/api.ts';
import { chooseCompany, loginAs, newPage, seriousViolations, USERS } from './fixtures/browser.ts';
import { stackAndBrowserForFile } from './fixtures/suite.ts';

const e2e = stackAndBrowserForFile();

/** A PNG of random pixels (about 1 MB: noise does not compress), so the upload takes a while on a slow line. */
function noisyPng(size: number): Promise<Buffer> {
  return sharp(randomBytes(size * size * 3), { raw: { width: size, height: size, channels: 3 } })
    .png()
    .toBuffer();
}

describe('social media library', () => {
  it('uploads an image with a progress bar, shows it in the grid with its facts, and deletes it after confirmation', async () => {
    const companyName = `Media Story ${Date.now().toString(36)}`;
    await createCrmCompany(e2e.stack, companyName, [0, 3]);
    const page = await newPage(e2e.browser, e2e.stack.baseUrl);
    await loginAs(page, USERS.ana);
    await chooseCompany(page, companyName);
    await page.waitForURL(/#\/company\/dashboard/);
    await page.goto('/#/company/social/media');
    const library = page.getByRole('region', { name: 'Media library' });
    await library.getByRole('heading', { name: 'No media yet' }).waitFor();

    // A slow uplink (256 KB/s), so the bar is seen moving between 0 and 100 %.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: 256 * 1024,
    });
    const png = await noisyPng(600);
    await library
      .getByLabel('Upload files')
      .setInputFiles({ name: 'harbour.png', mimeType: 'image/png', buffer: png });
    const bar = library.getByRole('progressbar', { name: 'Uploading harbour.png' });
    await bar.waitFor();
    await expect
      .poll(async () => Number((await bar.getAttribute('aria-valuenow').catch(() => null)) ?? 0), {
        timeout: 30_000,
      })
      .toBeGreaterThan(0);
    const midway = Number((await bar.getAttribute('aria-valuenow').catch(() => '100')) ?? 100);
    expect(midway).toBeLessThan(100);
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });

    // In the grid: the thumbnail, the type, the size and the dimensions.
    const item = library.getByTestId('media-item').filter({ hasText: 'harbour.png' });
    await item.waitFor({ timeout: 60_000 });
    await expect.poll(() => library.getByTestId('media-upload').count()).toBe(0);
    const facts = await item.textContent();
    expect(facts).toContain('Image');
    expect(facts).toContain('PNG');
    expect(facts).toMatch(/\d(\.\d)? MB|\d+ kB/);
    expect(facts).toContain('600 × 600');
    const thumbnail = item.getByRole('img', { name: 'harbour.png' });
    await thumbnail.waitFor();
    expect(await thumbnail.getAttribute('src')).toMatch(/^blob:/);
    expect(await thumbnail.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(320);

    // A renamed page is refused with the server's reason, shown on that file.
    await library.getByLabel('Upload files').setInputFiles({
      name: 'cat.jpg',
      mimeType: 'image/jpeg',
      buffer: Buffer.from('<!DOCTYPE html><p>hi</p>'),
    });
    const refused = library.getByTestId('media-upload').filter({ hasText: 'cat.jpg' });
    await refused
      .getByRole('alert')
      .getByText('This file is not an image or video the networks accept.')
      .waitFor();
    await refused.getByRole('button', { name: 'Dismiss: cat.jpg' }).click();
    await expect.poll(() => library.getByTestId('media-upload').count()).toBe(0);

    // Delete, after confirming.
    await item.getByRole('button', { name: 'Delete harbour.png' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Delete this medium?' });
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await library.getByRole('heading', { name: 'No media yet' }).waitFor();
    await page.close();
  });

  it('has no serious accessibility violations with media in the grid and a refused upload', async () => {
    const companyName = `Media A11y ${Date.now().toString(36)}`;
    const company = await createCrmCompany(e2e.stack, companyName, [0, 3]);
    const ana = await apiAs(e2e.stack, USERS.ana);
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(await noisyPng(64))]), 'tiny.png');
    const uploaded = await fetch(`${e2e.stack.baseUrl}/api/companies/${company.id}/social/media`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${ana.token}` },
      body: form,
    });
    expect(uploaded.status).toBe(201);
    // axe-core is injected as a script: this page needs the CSP bypass.
    const page = await newPage(e2e.browser, e2e.stack.baseUrl, { bypassCSP: true });
    await loginAs(page, USERS.ana);
    await chooseCompany(page, companyName);
    await page.waitForURL(/#\/company\/dashboard/);
    await page.goto('/#/company/social/media');
    const library = page.getByRole('region', { name: 'Media library' });
    await library.getByTestId('media-item').getByRole('img', { name: 'tiny.png' }).waitFor();
    await library
      .getByLabel('Upload files')
      .setInputFiles({ name: 'x.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('plain text') });
    await library.getByRole('alert').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.close();
  });
});

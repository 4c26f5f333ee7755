import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startWebhookReceiver,
  type WebhookReceiver,
} from '../../server/src/test-support/webhook-receiver.ts';
import { chooseCompany, loginAs, newPage, seriousViolations, USERS } from './fixtures/browser.ts';
import { stackAndBrowserForFile } from './fixtures/suite.ts';

// The receiver listens on loopback, which webhooks refuse unless allowed: the server this file starts
// inherits the environment (each test file runs in its own worker, with its own copy of it).
process.env.WEBHOOK_ALLOWED_HOSTS = '127.0.0.1';

const e2e = stackAndBrowserForFile();
let receiver: WebhookReceiver;

beforeAll(async () => {
  receiver = await startWebhookReceiver({ respond: () => ({ status: 200, body: '{"received":true}' }) });
});
afterAll(async () => {
  await receiver?.close();
});

describe('webhooks', () => {
  it('an owner adds an endpoint, copies its secret, sends a test event, sees it in the log and replays it', async () => {
    // Its own path and counts, so a retry of the story does not meet the first try's endpoint.
    const target = `${receiver.url}/kontora-${Date.now()}`;
    const start = receiver.received.length;
    const page = await newPage(e2e.browser, e2e.stack.baseUrl, { bypassCSP: true });
    await loginAs(page, USERS.ana);
    await chooseCompany(page, 'Acme d.o.o.');
    await page.goto('/#/company/crm-integration');
    await page.getByRole('tab', { name: 'Webhooks' }).click();
    await page.getByRole('heading', { level: 2, name: 'Webhooks' }).waitFor();

    await page.getByRole('button', { name: 'Add endpoint' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add webhook endpoint' });
    await dialog.getByLabel('URL').fill(target);
    await dialog.getByLabel('Description').fill('Story receiver');
    await dialog.getByLabel('customer.deleted').check();
    // Deal changes are chosen as customers' are, an import's batch entry among them (decision 091).
    await dialog.getByLabel('deal.imported').check();
    await dialog.getByRole('button', { name: 'Add endpoint' }).click();

    const secretDialog = page.getByRole('dialog', { name: 'Signing secret' });
    const secret = await secretDialog.getByLabel('Secret').inputValue();
    expect(secret).toMatch(/^whsec_/);
    receiver.setSecrets([secret]);
    expect(await seriousViolations(page)).toEqual([]);
    await secretDialog.getByRole('button', { name: 'Done' }).click();
    await secretDialog.waitFor({ state: 'hidden' });

    const row = page.getByTestId('webhook-row').filter({ hasText: target });
    await row.getByText('Story receiver').waitFor();
    const log = page.getByRole('region', { name: 'Delivery log' });
    await log.getByText('No deliveries yet.').waitFor();

    await log.getByRole('button', { name: 'Send test event' }).click();
    await receiver.waitFor(start + 1);
    expect(receiver.received[start]?.verifiedWith).toBe(0);
    expect(receiver.received[start]?.payload?.type).toBe('webhook.test');
    const deliveries = log.getByTestId('webhook-delivery');
    await deliveries.first().getByText('200').waitFor({ timeout: 20_000 });
    await deliveries.first().getByText('{"received":true}').waitFor();
    expect(await deliveries.first().getByText('webhook.test').count()).toBe(1);

    await deliveries
      .first()
      .getByRole('button', { name: /^Replay webhook\.test/ })
      .click();
    await receiver.waitFor(start + 2);
    expect(receiver.received[start + 1]?.verifiedWith).toBe(0);
    expect(receiver.received[start + 1]?.id).toBe(receiver.received[start]?.id);
    await deliveries.nth(1).waitFor({ timeout: 20_000 });
    await deliveries.first().getByText('replay', { exact: true }).waitFor();
    await row.getByText(/100 %/).waitFor({ timeout: 20_000 });
    expect(await seriousViolations(page)).toEqual([]);
  });
});

import { DatabaseSync } from 'node:sqlite';
import { describe, expect, it } from 'vitest';
import { loginAs, newPage, seriousViolations, USERS } from './fixtures/browser.ts';
import { stackAndBrowserForFile } from './fixtures/suite.ts';

const e2e = stackAndBrowserForFile();

/** A mail job that ran out of attempts, as an SMTP outage would leave it. */
function insertDeadMailJob(to: string): number {
  const db = new DatabaseSync(e2e.stack.databaseFile);
  try {
    db.exec('PRAGMA busy_timeout = 5000');
    const now = new Date().toISOString();
    const payload = JSON.stringify({ to, subject: 'Weekly summary', text: 'Hello', html: '<p>Hello</p>' });
    const row = db
      .prepare(
        `INSERT INTO jobs (queue, name, payload, state, attempts, max_attempts, run_at, last_error, created_at, finished_at)
         VALUES ('mail', 'mail.send', ?, 'dead', 8, 8, ?, '451 Try again later', ?, ?) RETURNING id`,
      )
      .get(payload, now, now, now) as { id: number };
    return row.id;
  } finally {
    db.close();
  }
}

describe('background jobs', () => {
  it('a superuser sees a dead mail job with its error, retries it (the mail arrives) and discards another; axe finds no serious problem', async () => {
    const retried = insertDeadMailJob('summary@example.com');
    const discarded = insertDeadMailJob('nobody@example.com');
    const page = await newPage(e2e.browser, e2e.stack.baseUrl, { bypassCSP: true });
    await loginAs(page, USERS.superuser);
    await page.getByRole('link', { name: 'Background jobs' }).click();
    await page.getByRole('heading', { level: 1, name: 'Background jobs' }).waitFor();

    const counts = page.getByRole('table', { name: /Jobs per queue and state/ });
    const mailRow = counts.getByRole('row', { name: /mail\.send/ });
    await mailRow.waitFor();
    expect(await mailRow.getByRole('cell').last().textContent()).toBe('2');

    const list = page.getByRole('list', { name: 'Jobs' });
    await list.getByText('451 Try again later').first().waitFor();
    expect(await list.getByText('Attempt 8 of 8').count()).toBe(2);
    expect(await seriousViolations(page)).toEqual([]);

    const before = e2e.stack.mailCount('summary@example.com');
    await list.getByRole('button', { name: `Retry mail.send #${retried}` }).click();
    await page.getByRole('status').filter({ hasText: 'mail.send will run again now.' }).first().waitFor();
    const mail = await e2e.stack.readMail('summary@example.com', { since: before });
    expect(mail.text).toContain('Hello');

    await list.getByRole('button', { name: `Discard mail.send #${discarded}` }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Discard this job?' });
    await dialog.getByRole('button', { name: 'Discard' }).click();
    await page.getByRole('status').filter({ hasText: 'mail.send was discarded.' }).first().waitFor();
    await list
      .getByRole('button', { name: `Discard mail.send #${discarded}` })
      .waitFor({ state: 'detached' });

    await page.getByLabel('Show').selectOption('completed');
    await list.getByText(`#${retried}`).waitFor();
    await page.context().close();
  });
});

import { describe, expect, it } from 'vitest';
import { USERS } from './fixtures/browser.ts';
import { companyOfAnaAndMarko, customerRow, liveDot, personIn } from './fixtures/live.ts';
import { lastFeedId, liveCable } from './fixtures/live-cable.ts';
import { stackAndBrowserForFile } from './fixtures/suite.ts';

const e2e = stackAndBrowserForFile();

/** The indicator's accessible labels (live.status.* in en.json). */
const LABEL = {
  live: 'Live: changes by others appear by themselves',
  reconnecting: 'Reconnecting: changes by others will appear again shortly',
  offline: 'Offline: changes by others do not appear by themselves for now',
};

/** Longer than the longest back-off (30 s): the client comes back by itself within it. */
const BACK_WITHIN_MS = 35_000;

describe('the live connection drops and comes back', () => {
  it('while the socket cannot connect the top bar says reconnecting; once it can, live again, and Ana’s change made meanwhile shows in Marko’s list (resumed from his last event)', async () => {
    const { company, ana } = await companyOfAnaAndMarko(e2e, `Prekid ${Date.now()} d.o.o.`);
    const lena = await ana.call<{ id: number; version: number }>(
      'POST',
      `/companies/${company.id}/customers`,
      {
        name: 'Lena Lukić',
      },
    );
    let cable: Awaited<ReturnType<typeof liveCable>> | undefined;
    const marko = await personIn(e2e, USERS.marko, company.name, '/company/customer/list', async (page) => {
      cable = await liveCable(page);
    });
    if (!cable) throw new Error('no cable');
    await customerRow(marko, 'Lena Lukić').waitFor();

    cable.pullOut();
    await marko.getByRole('status', { name: LABEL.reconnecting }).waitFor();
    await liveDot(marko, 'reconnecting').waitFor();
    const before = cable.connections.length;
    const seen = lastFeedId(cable.connections.at(-1)?.heard ?? []);
    await ana.call('PATCH', `/companies/${company.id}/customers/${lena.id}`, {
      name: 'Lena Lukić-Horvat',
      version: lena.version,
    });

    cable.plugIn();
    await marko.getByRole('status', { name: LABEL.live }).waitFor({ timeout: BACK_WITHIN_MS });
    await customerRow(marko, 'Lena Lukić-Horvat').waitFor();
    // The connection that came back asked for what followed the last event Marko had.
    const back = cable.connections.slice(before);
    expect(back).toHaveLength(1);
    expect(back[0]?.said.slice(0, 2)).toEqual([
      { type: 'auth', token: expect.any(String) },
      { type: 'subscribe', company_id: company.id, after: seen },
    ]);
    await marko.context().close();
  });

  it('while the browser is offline the top bar says offline; back online, live again', async () => {
    const { company } = await companyOfAnaAndMarko(e2e, `Izvan mreže ${Date.now()} d.o.o.`);
    const marko = await personIn(e2e, USERS.marko, company.name, '/company/customer/list');

    await marko.context().setOffline(true);
    await marko.getByRole('status', { name: LABEL.offline }).waitFor();
    await liveDot(marko, 'offline').waitFor();

    await marko.context().setOffline(false);
    await marko.getByRole('status', { name: LABEL.live }).waitFor({ timeout: BACK_WITHIN_MS });
    await marko.context().close();
  });
});

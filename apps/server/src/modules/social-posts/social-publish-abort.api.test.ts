import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  eventually,
  type NetworkSuite,
  startNetworkSuite,
} from '../../test-support/social-standins/social-test-kit.ts';

// A publish job aborted by the engine (here its shutdown; a timeout aborts the same signal)
// ends the network request it is waiting on, rather than leaving it to the HTTP deadline.
let suite: NetworkSuite;

beforeAll(async () => {
  suite = await startNetworkSuite('x');
});
afterAll(() => suite.kit.close());

it('aborting the publish job ends the adapter’s request to the network', async () => {
  const { kit, account, posts } = suite;
  const hung = kit.x.hangNext('POST', /^\/2\/tweets$/);
  const id = await posts.create({ text: `Never answered ${Date.now()}`, account_ids: [account] });
  await hung.arrived;

  const aborted = Date.now();
  await kit.t.ctx.jobs.stop(0);
  await hung.closed;
  // The HTTP deadline of the test networks is 1.5 s: well before it, the request is gone.
  expect(Date.now() - aborted).toBeLessThan(700);
  // The attempt's outcome is unknown (the request went out): it waits for a status check, never re-posts blindly.
  const post = await eventually(posts.read(id), (p) => p.targets[0]?.status !== 'publishing');
  expect(post.targets[0]?.status).toBe('unconfirmed');
});

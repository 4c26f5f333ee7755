import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addMedium,
  connectFacebook,
  eventually,
  type SocialKit,
  startSocialKit,
} from '../../test-support/social-standins/social-test-kit.ts';

let kit: SocialKit;
let ana: string;
let acme: number;
let page: number;

beforeAll(async () => {
  kit = await startSocialKit();
  const anaId = await kit.t.user('ana@example.com');
  acme = await kit.t.company('Acme', [3], [{ userId: anaId, role: 'owner' }]);
  ana = await kit.t.login('ana@example.com');
  page = await connectFacebook(kit, ana, acme);
});
afterAll(() => kit.close());

const posts = (rest = '') => `/api/companies/${acme}/social/posts${rest}`;
const read = (id: number) => async () =>
  (await kit.t.call(ana, { method: 'GET', url: posts(`/${id}`) })).json().data;
const publish = async (body: Record<string, unknown>) => {
  const res = await kit.t.call(ana, {
    method: 'POST',
    url: posts(),
    payload: { account_ids: [page], ...body },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.id as number;
};

describe('Facebook pages', () => {
  it('connects the page the person manages, with its own page token', async () => {
    const list = await kit.t.call(ana, { method: 'GET', url: `/api/companies/${acme}/social/accounts` });
    expect(list.json().data.items).toEqual([
      expect.objectContaining({
        id: page,
        type: 'facebook',
        name: 'Acme Page',
        handle: 'acmepage',
        status: 'active',
      }),
    ]);
  });

  it('publishes text with photos (uploaded unpublished, attached to the feed post) and records the link', async () => {
    const photos = [await addMedium(kit, acme), await addMedium(kit, acme)];
    const id = await publish({ text: 'Two photos from the fair', media_ids: photos });
    const post = await eventually(read(id), (p) => p.status === 'published');
    const remote = kit.facebook.posts.find((p) => p.message === 'Two photos from the fair');
    expect(remote?.photos).toHaveLength(2);
    expect(post.targets[0].remote_url).toBe(`https://www.facebook.com/${remote?.id}`);
  });

  it('publishes a video through the resumable upload, chunk by chunk', async () => {
    const bytes = Buffer.alloc(3_000, 7);
    const video = await addMedium(kit, acme, { kind: 'video', mime: 'video/mp4', bytes });
    const id = await publish({ text: 'Our video', media_ids: [video] });
    await eventually(read(id), (p) => p.status === 'published');
    const uploaded = [...kit.facebook.videos.values()].find((v) => v.description === 'Our video');
    expect(uploaded).toEqual(expect.objectContaining({ size: 3_000, received: 3_000, finished: true }));
  });

  it('retries a Graph rate limit, and a revoked token fails at once and asks to reconnect', async () => {
    kit.facebook.failNext('POST', /\/feed$/, {
      status: 400,
      json: { error: { message: 'Application request limit reached', code: 4 } },
    });
    const limited = await publish({ text: 'After the limit' });
    const done = await eventually(read(limited), (p) => p.status === 'published');
    expect(done.targets[0].attempts).toBe(2);
    expect(kit.facebook.posts.filter((p) => p.message === 'After the limit')).toHaveLength(1);

    kit.facebook.revokeAll();
    const revoked = await publish({ text: 'After the revoke' });
    const failed = await eventually(read(revoked), (p) => p.status === 'failed');
    expect(failed.targets[0]).toEqual(expect.objectContaining({ error_code: 'auth_expired', attempts: 1 }));
    const list = await kit.t.call(ana, { method: 'GET', url: `/api/companies/${acme}/social/accounts` });
    expect(list.json().data.items[0].status).toBe('reconnect_needed');
  });
});

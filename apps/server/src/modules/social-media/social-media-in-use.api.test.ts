import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { filesUnder, multipartFile, pngImage } from '../../test-support/media-fixtures.ts';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';

/**
 * The delete refuses a medium that `mediaInUse` reports (the posts module fills it in);
 * here it reports every medium named `in-use.png` as used by post 42.
 */
vi.mock('./media-in-use.ts', () => ({
  async mediaInUse(db: TestApp['ctx']['db'], companyId: number, mediaId: number) {
    const row = await db
      .selectFrom('social_media')
      .select('original_name')
      .where('company_id', '=', companyId)
      .where('id', '=', mediaId)
      .executeTakeFirst();
    return row?.original_name === 'in-use.png' ? { postId: 42, title: 'Summer sale' } : null;
  },
}));

let t: TestApp;
let mediaDir: string;
let token: string;
let company: number;

beforeAll(async () => {
  mediaDir = await mkdtemp(path.join(tmpdir(), 'kontora-media-'));
  t = await createTestApp({ media: { dir: mediaDir, s3: undefined } });
  const userId = await t.user('ana@example.com');
  company = await t.company('Acme', [3], [{ userId, role: 'member' }]);
  token = await t.login('ana@example.com');
});
afterAll(async () => {
  await t.close();
  await rm(mediaDir, { recursive: true, force: true });
});

describe('deleting a medium a post uses', () => {
  it('is refused with 409 naming the post; the row and the files stay', async () => {
    const form = multipartFile('in-use.png', await pngImage(16, 16));
    const media = (
      await t.call(token, {
        method: 'POST',
        url: `/api/companies/${company}/social/media`,
        payload: form.payload,
        headers: form.headers,
      })
    ).json().data;
    const files = await filesUnder(mediaDir);
    const res = await t.call(token, {
      method: 'DELETE',
      url: `/api/companies/${company}/social/media/${media.id}`,
    });
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json()).toMatchObject({ code: 'conflict', details: { post_id: ['42'] } });
    expect(res.json().message).toContain('Summer sale');
    expect((await t.call(token, { method: 'GET', url: media.url })).statusCode).toBe(200);
    expect(await filesUnder(mediaDir)).toEqual(files);
  });
});

import { S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { filesUnder, multipartFile, pngImage } from '../../test-support/media-fixtures.ts';
import { type S3StandIn, startS3StandIn } from '../../test-support/s3-stand-in.ts';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';

/** The same library on an S3-compatible store (s3rver on loopback), as several instances would share. */
let s3: S3StandIn;
let t: TestApp;
let token: string;
let company: number;

beforeAll(async () => {
  s3 = await startS3StandIn();
  t = await createTestApp({
    media: {
      dir: undefined,
      s3: {
        endpoint: s3.endpoint,
        bucket: s3.bucket,
        region: 'us-east-1',
        accessKeyId: s3.accessKeyId,
        secretAccessKey: s3.secretAccessKey,
      },
    },
  });
  const userId = await t.user('ana@example.com');
  company = await t.company('Acme', [3], [{ userId, role: 'member' }]);
  token = await t.login('ana@example.com');
});
afterAll(async () => {
  await t?.close();
  await s3?.close();
});

const url = (rest = '') => `/api/companies/${company}/social/media${rest}`;
/** s3rver keeps each object as a folder of files under `<bucket>/<key>`. */
const objects = async () => (await filesUnder(s3.directory)).filter((f) => f.endsWith('._S3rver_object'));

function upload(name: string, content: Buffer) {
  const form = multipartFile(name, content);
  return t.call(token, { method: 'POST', url: url(), payload: form.payload, headers: form.headers });
}

describe('media on S3', () => {
  it('uploads an image and its thumbnail to the bucket, serves and deletes them', async () => {
    const png = await pngImage(300, 200);
    const res = await upload('s3.png', png);
    expect(res.statusCode, res.body).toBe(201);
    const media = res.json().data;
    expect(media).toMatchObject({ mime: 'image/png', width: 300, height: 200, size: png.length });
    expect(await objects()).toHaveLength(2);

    const content = await t.call(token, { method: 'GET', url: media.url });
    expect(content.statusCode).toBe(200);
    expect(content.headers['content-type']).toBe('image/png');
    expect(Buffer.compare(content.rawPayload, png)).toBe(0);
    const thumb = await t.call(token, { method: 'GET', url: media.thumbnail_url });
    expect(thumb.statusCode).toBe(200);
    expect(thumb.headers['content-type']).toBe('image/jpeg');

    expect((await t.call(token, { method: 'DELETE', url: url(`/${media.id}`) })).statusCode).toBe(204);
    expect(await objects()).toHaveLength(0);
  });

  it('streams a multi-part upload (over 5 MB) and refuses one over the limit, leaving nothing in the bucket', async () => {
    const png = await pngImage(10, 10);
    // A PNG header followed by padding: the container check passes, the image does not decode.
    const big = Buffer.concat([png, Buffer.alloc(10 * 1024 * 1024 + 1 - png.length)]);
    const res = await upload('huge.png', big);
    expect(res.statusCode, res.body).toBe(413);
    expect(await objects()).toHaveLength(0);
    const rows = await t.ctx.db
      .selectFrom('social_media')
      .select('id')
      .where('company_id', '=', company)
      .execute();
    expect(rows).toEqual([]);
  });

  it('answers 404 for a medium whose object is gone from the bucket', async () => {
    const media = (await upload('vanishing.png', await pngImage(20, 20))).json().data;
    const client = new S3Client({
      endpoint: s3.endpoint,
      region: 'us-east-1',
      forcePathStyle: true,
      credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey },
    });
    const { DeleteObjectCommand } = await import('@aws-sdk/client-s3');
    const row = await t.ctx.db
      .selectFrom('social_media')
      .select('storage_key')
      .where('company_id', '=', company)
      .where('id', '=', media.id)
      .executeTakeFirstOrThrow();
    await client.send(new DeleteObjectCommand({ Bucket: s3.bucket, Key: row.storage_key }));
    client.destroy();
    expect((await t.call(token, { method: 'GET', url: media.url })).statusCode).toBe(404);
  });
});

import { spawnSync } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  filesUnder,
  HTML_PAGE,
  jpegImage,
  mp4Container,
  multipartFile,
  pngImage,
  windowsExecutable,
} from '../../test-support/media-fixtures.ts';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';

let t: TestApp;
let mediaDir: string;
let ana: string;
let marko: string;
let eva: string;
let acme: number;
let beta: number;
let noSocial: number;

beforeAll(async () => {
  mediaDir = await mkdtemp(path.join(tmpdir(), 'kontora-media-'));
  t = await createTestApp({ media: { dir: mediaDir, s3: undefined } });
  const anaId = await t.user('ana@example.com');
  const markoId = await t.user('marko@example.com');
  const evaId = await t.user('eva@example.com');
  acme = await t.company(
    'Acme',
    [3],
    [
      { userId: anaId, role: 'owner' },
      { userId: markoId, role: 'member' },
    ],
  );
  beta = await t.company('Beta', [3], [{ userId: evaId, role: 'owner' }]);
  noSocial = await t.company('NoSocial', [2], [{ userId: anaId, role: 'owner' }]);
  ana = await t.login('ana@example.com');
  marko = await t.login('marko@example.com');
  eva = await t.login('eva@example.com');
});
afterAll(async () => {
  await t.close();
  await rm(mediaDir, { recursive: true, force: true });
});

const url = (company: number, rest = '') => `/api/companies/${company}/social/media${rest}`;

function upload(token: string, company: number, name: string, content: Buffer, type?: string) {
  const form = multipartFile(name, content, { type });
  return t.call(token, { method: 'POST', url: url(company), payload: form.payload, headers: form.headers });
}

async function rowCount(company: number): Promise<number> {
  const row = await t.ctx.db
    .selectFrom('social_media')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('company_id', '=', company)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

describe('upload', () => {
  it('stores an image with its dimensions and a JPEG thumbnail, and serves both', async () => {
    const res = await upload(marko, acme, 'holiday photo.png', await pngImage(1200, 800), 'image/png');
    expect(res.statusCode, res.body).toBe(201);
    const media = res.json().data;
    expect(media).toMatchObject({
      kind: 'image',
      mime: 'image/png',
      width: 1200,
      height: 800,
      duration: null,
      original_name: 'holiday photo.png',
      url: `/api/companies/${acme}/social/media/${media.id}/content`,
    });
    expect(media.size).toBeGreaterThan(0);
    expect(media.thumbnail_url).toContain('variant=thumbnail');

    const content = await t.call(marko, { method: 'GET', url: media.url });
    expect(content.statusCode).toBe(200);
    expect(content.headers['content-type']).toBe('image/png');
    expect(content.headers['x-content-type-options']).toBe('nosniff');
    expect(content.headers['content-disposition']).toBe(
      `inline; filename="holiday photo.png"; filename*=UTF-8''holiday%20photo.png`,
    );
    expect(content.rawPayload.length).toBe(media.size);
    expect(content.headers['accept-ranges']).toBe('bytes');

    // A player seeking: one range of bytes, 206 with its Content-Range; past the end 416.
    const part = await t.call(marko, { method: 'GET', url: media.url, headers: { range: 'bytes=8-23' } });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 8-23/${media.size}`);
    expect(Buffer.compare(part.rawPayload, content.rawPayload.subarray(8, 24))).toBe(0);
    const past = await t.call(marko, {
      method: 'GET',
      url: media.url,
      headers: { range: `bytes=${media.size}-` },
    });
    expect(past.statusCode).toBe(416);
    expect(past.headers['content-range']).toBe(`bytes */${media.size}`);

    const thumb = await t.call(marko, { method: 'GET', url: media.thumbnail_url });
    expect(thumb.statusCode).toBe(200);
    expect(thumb.headers['content-type']).toBe('image/jpeg');
    const meta = await sharp(thumb.rawPayload).metadata();
    expect(meta.format).toBe('jpeg');
    expect(Math.max(meta.width ?? 0, meta.height ?? 0)).toBe(320);

    const one = await t.call(ana, { method: 'GET', url: url(acme, `/${media.id}`) });
    expect(one.json().data).toEqual(media);
  });

  it('decides the type by content: a PNG named .gif and declared as GIF is stored as PNG', async () => {
    const res = await upload(marko, acme, 'really-a-png.gif', await pngImage(40, 30), 'image/gif');
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({ mime: 'image/png', kind: 'image', width: 40, height: 30 });
  });

  it('refuses an executable or an HTML page named .jpg (415), storing nothing', async () => {
    const before = await filesUnder(mediaDir);
    const rows = await rowCount(acme);
    for (const content of [windowsExecutable(), HTML_PAGE]) {
      const res = await upload(marko, acme, 'cat.jpg', content, 'image/jpeg');
      expect(res.statusCode, res.body).toBe(415);
      expect(res.json()).toMatchObject({
        code: 'unsupported_media_type',
        details: { file: ['type_not_allowed'] },
      });
    }
    expect(res415Message(await upload(marko, acme, 'cat.jpg', windowsExecutable()))).toContain(
      'application/x-msdownload',
    );
    expect(await filesUnder(mediaDir)).toEqual(before);
    expect(await rowCount(acme)).toBe(rows);
  });

  it('refuses a file that starts like a JPEG but does not decode (415), storing nothing', async () => {
    const before = await filesUnder(mediaDir);
    const broken = Buffer.concat([(await jpegImage(50, 50)).subarray(0, 200), Buffer.alloc(5000, 7)]);
    const res = await upload(marko, acme, 'broken.jpg', broken);
    expect(res.statusCode, res.body).toBe(415);
    expect(res.json().details).toEqual({ file: ['unreadable_image'] });
    expect(await filesUnder(mediaDir)).toEqual(before);
  });

  it('refuses an image over the largest image limit among the networks (413) and removes the partial file', async () => {
    const before = await filesUnder(mediaDir);
    const rows = await rowCount(acme);
    // PNG is taken by Facebook (10 MB), Instagram and LinkedIn (8 MB) and X (5 MB): at most 10 MB.
    const png = await pngImage(10, 10);
    const big = Buffer.concat([png, Buffer.alloc(10 * 1024 * 1024 + 1 - png.length)]);
    const res = await upload(marko, acme, 'huge.png', big);
    expect(res.statusCode, res.body).toBe(413);
    expect(res.json()).toMatchObject({ code: 'payload_too_large', details: { file: ['too_large'] } });
    expect(res.json().message).toContain('image/png');
    expect(await filesUnder(mediaDir)).toEqual(before);
    expect(await rowCount(acme)).toBe(rows);
  });

  it('takes an MP4 by its container (duration and size need ffprobe and a real video)', async () => {
    const res = await upload(marko, acme, 'clip.mov', mp4Container(2048), 'video/quicktime');
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({
      kind: 'video',
      mime: 'video/mp4',
      thumbnail_url: null,
      duration: null,
    });
  });

  const ffmpeg =
    spawnSync('ffmpeg', ['-version']).status === 0 && spawnSync('ffprobe', ['-version']).status === 0;
  it.skipIf(!ffmpeg)(
    'reads a real video’s duration and dimensions with ffprobe and makes a thumbnail with ffmpeg (skipped when they are not installed)',
    async () => {
      const file = path.join(mediaDir, '..', `kontora-clip-${process.pid}.mp4`);
      const made = spawnSync('ffmpeg', [
        ...['-v', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc=duration=2:size=320x240:rate=10'],
        ...['-c:v', 'mpeg4', '-movflags', '+faststart', file],
      ]);
      expect(made.status, String(made.stderr)).toBe(0);
      const res = await upload(marko, acme, 'clip.mp4', await readFile(file));
      await rm(file, { force: true });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().data).toMatchObject({ kind: 'video', mime: 'video/mp4', width: 320, height: 240 });
      expect(res.json().data.duration).toBeGreaterThanOrEqual(1900);
      expect(res.json().data.duration).toBeLessThanOrEqual(2100);
      // The media library shows the first frame (ffmpeg), scaled like an image's thumbnail.
      expect(res.json().data.thumbnail_url).toMatch(/variant=thumbnail$/);
      const thumb = await t.call(marko, { method: 'GET', url: res.json().data.thumbnail_url });
      expect(thumb.statusCode).toBe(200);
      expect(thumb.headers['content-type']).toContain('image/jpeg');
      expect(thumb.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
    },
  );

  it('refuses a request that is not a form, or a form without a file part', async () => {
    const json = await t.call(marko, { method: 'POST', url: url(acme), payload: { file: 'x' } });
    expect(json.statusCode).toBe(415);
    const form = multipartFile('a.png', await pngImage(5, 5), { field: 'picture' });
    const wrong = await t.call(marko, {
      method: 'POST',
      url: url(acme),
      payload: form.payload,
      headers: form.headers,
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().details).toEqual({ file: ['required'] });
    const broken = await t.call(marko, {
      method: 'POST',
      url: url(acme),
      payload: '--x\r\nbroken',
      headers: { 'content-type': 'multipart/form-data; boundary=x' },
    });
    expect(broken.statusCode, broken.body).toBe(400);
  });

  it('refuses a form cut off in the middle of the file (400), storing nothing', async () => {
    const before = await filesUnder(mediaDir);
    const rows = await rowCount(acme);
    const form = multipartFile('cut.png', Buffer.concat([await pngImage(10, 10), Buffer.alloc(200_000)]));
    const cut = form.payload.subarray(0, form.payload.length - 100_000);
    const res = await t.call(marko, { method: 'POST', url: url(acme), payload: cut, headers: form.headers });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().details).toEqual({ file: ['incomplete_upload'] });
    expect(await filesUnder(mediaDir)).toEqual(before);
    expect(await rowCount(acme)).toBe(rows);
  });

  it('keeps a safe name: no folders, no control characters; the header cannot be broken', async () => {
    const res = await upload(marko, acme, '..\\..\\evil\u0007name;ć.png', await pngImage(8, 8));
    expect(res.statusCode, res.body).toBe(201);
    const media = res.json().data;
    expect(media.original_name).toBe('evilname;ć.png');
    const content = await t.call(marko, { method: 'GET', url: media.url });
    expect(content.headers['content-disposition']).toBe(
      `inline; filename="evilname__.png"; filename*=UTF-8''evilname%3B%C4%87.png`,
    );
  });
});

function res415Message(res: { json(): { message: string } }): string {
  return res.json().message;
}

describe('list and delete', () => {
  it('lists newest first in keyset pages, filtered by kind', async () => {
    const first = await t.call(ana, { method: 'GET', url: url(acme, '?limit=2') });
    expect(first.statusCode, first.body).toBe(200);
    const page1 = first.json().data;
    expect(page1.items).toHaveLength(2);
    expect(page1.items[0].id).toBeGreaterThan(page1.items[1].id);
    const second = await t.call(ana, {
      method: 'GET',
      url: url(acme, `?limit=2&cursor=${page1.next_cursor}`),
    });
    expect(second.json().data.items[0].id).toBeLessThan(page1.items[1].id);
    const videos = await t.call(ana, { method: 'GET', url: url(acme, '?kind=video') });
    const kinds = videos.json().data.items.map((m: { kind: string }) => m.kind);
    expect(kinds.length).toBeGreaterThan(0);
    expect(new Set(kinds)).toEqual(new Set(['video']));
    const bad = await t.call(ana, { method: 'GET', url: url(acme, '?cursor=nonsense') });
    expect(bad.statusCode).toBe(400);
    const badKind = await t.call(ana, { method: 'GET', url: url(acme, '?kind=audio') });
    expect(badKind.statusCode).toBe(400);
  });

  it('a member deletes a medium: row, file and thumbnail gone, change recorded', async () => {
    const created = (await upload(marko, acme, 'gone.png', await pngImage(30, 30))).json().data;
    const before = await filesUnder(mediaDir);
    const res = await t.call(marko, { method: 'DELETE', url: url(acme, `/${created.id}`) });
    expect(res.statusCode, res.body).toBe(204);
    expect((await t.call(marko, { method: 'GET', url: url(acme, `/${created.id}`) })).statusCode).toBe(404);
    expect((await t.call(marko, { method: 'GET', url: created.url })).statusCode).toBe(404);
    expect((await filesUnder(mediaDir)).length).toBe(before.length - 2);
    const changes = await t.ctx.db
      .selectFrom('change_events')
      .select('type')
      .where('company_id', '=', acme)
      .where('entity_type', '=', 'social_media')
      .where('entity_id', '=', created.id)
      .orderBy('id')
      .execute();
    expect(changes.map((c) => c.type)).toEqual(['social_media.created', 'social_media.deleted']);
  });
});

describe('company scope and module', () => {
  it('another company’s medium is 404 on get, content, thumbnail and delete', async () => {
    const mine = (await upload(marko, acme, 'private.png', await pngImage(20, 20))).json().data;
    for (const [method, path] of [
      ['GET', url(beta, `/${mine.id}`)],
      ['GET', url(beta, `/${mine.id}/content`)],
      ['GET', url(beta, `/${mine.id}/content?variant=thumbnail`)],
      ['DELETE', url(beta, `/${mine.id}`)],
    ] as const) {
      const res = await t.call(eva, { method, url: path });
      expect(res.statusCode, `${method} ${path}`).toBe(404);
    }
    // Nor through the owner's company with a stranger's token.
    expect((await t.call(eva, { method: 'GET', url: mine.url })).statusCode).toBe(403);
    const list = await t.call(eva, { method: 'GET', url: url(beta) });
    expect(list.json().data.items).toEqual([]);
    expect((await t.call(marko, { method: 'GET', url: url(acme, `/${mine.id}`) })).statusCode).toBe(200);
  });

  it('is refused with 403 module_disabled when module 3 is off', async () => {
    for (const res of [
      await t.call(ana, { method: 'GET', url: url(noSocial) }),
      await upload(ana, noSocial, 'a.png', await pngImage(5, 5)),
      await t.call(ana, { method: 'DELETE', url: url(noSocial, '/1') }),
    ]) {
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json().code).toBe('module_disabled');
    }
  });
});

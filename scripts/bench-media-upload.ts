import { once } from 'node:events';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { watchRss } from './bench/memory.ts';
import { startServer } from './bench/server-process.ts';

/**
 * Media upload (decision 015): a 200 MB video through `POST …/social/media` into the
 * folder store, with the server's resident memory sampled every 20 ms. The
 * figure is the peak above the idle level measured after a small warm-up upload
 * (which loads the multipart, file-type and sharp code). Target: under 100 MB,
 * since the upload is streamed, never buffered whole.
 */
const DEMO = { email: 'ana@example.com', password: 'kontora-demo-2026' };
const MB = 1024 * 1024;
const VIDEO_MB = Number(process.env.BENCH_MEDIA_MB ?? 200);

/** An MP4 container (`ftyp` box, then one `mdat` box of filler) written to disk in 1 MB chunks. */
async function writeVideo(file: string, bytes: number): Promise<void> {
  const ftyp = Buffer.from('000000186674797069736f6d0000020069736f6d69736f32', 'hex');
  const header = Buffer.alloc(8);
  header.writeUInt32BE(bytes - ftyp.length, 0);
  header.write('mdat', 4, 'latin1');
  const out = createWriteStream(file);
  out.write(Buffer.concat([ftyp, header]));
  const chunk = Buffer.alloc(MB, 0x5a);
  for (let left = bytes - ftyp.length - 8; left > 0; left -= chunk.length) {
    if (!out.write(left >= chunk.length ? chunk : chunk.subarray(0, left))) await once(out, 'drain');
  }
  out.end();
  await once(out, 'finish');
}

/** Streams `file` as a one-part multipart form; resolves with the status and body. */
function uploadFile(
  url: string,
  token: string,
  file: string,
  size: number,
): Promise<{ status: number; body: string }> {
  const boundary = `----kontora-bench-${Date.now()}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${path.basename(file)}"\r\n` +
      'Content-Type: video/mp4\r\n\r\n',
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return new Promise((resolve, reject) => {
    const req = request(url, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'content-length': String(head.length + size + tail.length),
      },
    });
    req.on('response', (res) => {
      let body = '';
      res.setEncoding('utf8').on('data', (text: string) => {
        body += text;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.write(head);
    const source = createReadStream(file);
    source.pipe(req, { end: false });
    source.on('end', () => req.end(tail));
    source.on('error', reject);
  });
}

export async function benchMediaUpload(): Promise<void> {
  const work = await mkdtemp(path.join(tmpdir(), 'kontora-bench-media-'));
  const server = await startServer({ MEDIA_DIR: path.join(work, 'media') });
  const pid = server.process.pid ?? 0;
  try {
    const login = await fetch(`${server.url}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(DEMO),
    });
    const token = ((await login.json()) as { data: { token: string } }).data.token;
    const companies = (await (
      await fetch(`${server.url}/api/me/companies`, { headers: { authorization: `Bearer ${token}` } })
    ).json()) as { data: { items: { id: number; name: string }[] } };
    const company = companies.data.items.find((c) => c.name.startsWith('Acme')) ?? companies.data.items[0];
    const url = `${server.url}/api/companies/${company?.id}/social/media`;

    const small = path.join(work, 'warm-up.mp4');
    await writeVideo(small, MB);
    await uploadFile(url, token, small, MB);
    const video = path.join(work, 'video.mp4');
    await writeVideo(video, VIDEO_MB * MB);
    const size = (await stat(video)).size;
    await new Promise((r) => setTimeout(r, 1000));
    const memory = await watchRss(pid, 20);
    const started = performance.now();
    const answer = await uploadFile(url, token, video, size);
    const seconds = (performance.now() - started) / 1000;
    const { idle, peak } = memory.stop();
    if (answer.status !== 201) throw new Error(`upload answered ${answer.status}: ${answer.body}`);

    console.log(`\nMedia upload (folder store, ${VIDEO_MB} MB MP4, streamed multipart)`);
    console.log(
      `  time                ${seconds.toFixed(1)} s (${(size / MB / seconds).toFixed(0)} MB/s, ffprobe included when installed)`,
    );
    console.log(`  server RSS idle     ${(idle / MB).toFixed(0)} MB`);
    console.log(`  server RSS peak     ${(peak / MB).toFixed(0)} MB`);
    console.log(`  above idle          ${((peak - idle) / MB).toFixed(1)} MB (target < 100 MB)`);
  } finally {
    await server.stop();
    await rm(work, { recursive: true, force: true });
  }
}

// Run alone with `node scripts/bench-media-upload.ts`.
if (import.meta.filename === process.argv[1]) await benchMediaUpload();

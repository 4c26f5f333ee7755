import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importCsv } from '../../../../scripts/bench/import-csv.ts';
import { customerCount } from '../test-support/customer-count.ts';
import { createTestApp, type TestApp } from '../test-support/test-app.ts';
import { type TwoCompanies, twoCompanies } from '../test-support/two-companies.ts';

/**
 * Uploads are cut when they stop, not when they are long (docs/decisions/096-uploads-cut-when-idle.md):
 * the body's inactivity limit is shortened to half a second here, so "long" is a few seconds.
 */
const IDLE_MS = 500;
const ROWS = 60_000;
let t: TestApp;
let c: TwoCompanies;
let port: number;

beforeAll(async () => {
  t = await createTestApp({ bodyIdleMs: IDLE_MS });
  c = await twoCompanies(t, [2]);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  port = typeof address === 'object' && address ? address.port : 0;
});
afterAll(() => t.close());

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function connect(): Promise<net.Socket> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => resolve(socket));
    socket.once('error', reject);
  });
}

/** Collects what the server sends until `done` says the answer is whole. */
function answer(socket: net.Socket, done: (text: string) => boolean): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = '';
    const onData = (chunk: Buffer) => {
      text += chunk.toString();
      if (done(text)) {
        socket.off('data', onData);
        resolve(text);
      }
    };
    socket.on('data', onData);
    socket.once('close', () => reject(new Error(`closed after: ${text}`)));
  });
}

/** An answer with a body of Content-Length bytes is whole once that many bytes follow its head. */
function wholeAnswer(text: string): boolean {
  const head = text.indexOf('\r\n\r\n');
  if (head < 0) return false;
  const length = /content-length: (\d+)/i.exec(text.slice(0, head))?.[1];
  return length !== undefined && Buffer.byteLength(text.slice(head + 4)) >= Number(length);
}

const csvRows = (from: number, count: number) =>
  Array.from({ length: count }, (_, i) => `Slow${from + i},Upload,slow${from + i}@example.com\n`).join('');

describe('a request body', () => {
  it('that stops arriving is cut, and nothing of it is saved', async () => {
    const before = await customerCount(t, c.acme);
    const socket = await connect();
    const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
    socket.write(
      `POST /api/companies/${c.acme}/customers HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${c.ana.token}\r\n` +
        'Content-Type: application/json\r\nContent-Length: 200\r\n\r\n{"type":"person","first_',
    );
    // Without the limit the server would wait for the other bytes for ever (the test's timeout).
    await closed;
    expect(await customerCount(t, c.acme)).toBe(before);
  });

  it('that keeps arriving may take many times the limit, and the import saves it', async () => {
    const before = await customerCount(t, c.acme);
    const socket = await connect();
    const received = answer(socket, wholeAnswer);
    socket.write(
      `POST /api/companies/${c.acme}/customers/import HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${c.ana.token}\r\n` +
        'Content-Type: text/csv\r\nTransfer-Encoding: chunked\r\n\r\n',
    );
    const chunk = (text: string) => socket.write(`${Buffer.byteLength(text).toString(16)}\r\n${text}\r\n`);
    chunk('first_name,last_name,email\n');
    // Eight pieces a fifth of a second apart: the upload lasts three times the limit.
    for (let i = 0; i < 8; i++) {
      await pause(IDLE_MS * 0.4);
      chunk(csvRows(i * 10, 10));
    }
    socket.write('0\r\n\r\n');
    const text = await received;
    expect(text.split('\r\n')[0]).toMatch(/^HTTP\/1\.1 20[01]/);
    expect(await customerCount(t, c.acme)).toBe(before + 80);
    socket.destroy();
  });

  it('of an import that stops arriving part-way is cut, and nothing of it is saved', async () => {
    const before = await customerCount(t, c.acme);
    const socket = await connect();
    const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
    socket.write(
      `POST /api/companies/${c.acme}/customers/import HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${c.ana.token}\r\n` +
        'Content-Type: text/csv\r\nTransfer-Encoding: chunked\r\n\r\n',
    );
    const text = `first_name,last_name,email\n${csvRows(1_000, 50)}`;
    socket.write(`${Buffer.byteLength(text).toString(16)}\r\n${text}\r\n`);
    // The import reads at its own pace; once it waits for bytes that do not come, the limit cuts it.
    await closed;
    expect(await customerCount(t, c.acme)).toBe(before);
  });

  it('once read, does not cut an answer that takes many times the limit to make', async () => {
    // 60,000 rows arrive at once and take seconds to check and save: longer than the limit. On
    // PostgreSQL the save waits on the database, so a timer left armed after the body would fire.
    let csv = '';
    for await (const piece of importCsv({ rows: ROWS, invalidEvery: 0, matchEvery: 0 })) csv += piece;
    const before = await customerCount(t, c.acme);
    const socket = await connect();
    const received = answer(socket, wholeAnswer);
    socket.write(
      `POST /api/companies/${c.acme}/customers/import HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${c.ana.token}\r\n` +
        `Content-Type: text/csv\r\nContent-Length: ${Buffer.byteLength(csv)}\r\n\r\n${csv}`,
    );
    const sent = Date.now();
    const text = await received;
    // The case holds only if the answer took longer than the limit (it takes seconds).
    expect(Date.now() - sent).toBeGreaterThan(IDLE_MS * 2);
    expect(text.split('\r\n')[0]).toMatch(/^HTTP\/1\.1 20[01]/);
    expect(await customerCount(t, c.acme)).toBe(before + ROWS);
    socket.destroy();
  }, 120_000);
});

import { describe, expect, it } from 'vitest';
import { AppError } from '../../../lib/errors.ts';
import type { CheckedBatch, CheckSetup } from './customer-import-check.ts';
import { CHECK_THREAD_FROM_BYTES, checkedBatches } from './customer-import-check-thread.ts';

const setup = (over: Partial<CheckSetup['query']> = {}): CheckSetup => ({
  query: { delimiter: undefined, mapping: undefined, match_by: ['email'], ...over },
  members: new Map([['ana@example.com', 7]]),
  own: { fields: [], currency: 'EUR', members: new Map() },
  derive: true,
});

/** A file of `rows` rows, every tenth refused (no name), sent in chunks of 64 KB. */
function csv(rows: number): Buffer {
  const lines = ['name,email,status,owner_email'];
  for (let i = 1; i <= rows; i++) {
    lines.push(
      i % 10 === 0 ? `,p${i}@example.com,lead,` : `Person ${i},p${i}@example.com,lead,ana@example.com`,
    );
  }
  return Buffer.from(`${lines.join('\n')}\n`);
}

async function* chunks(body: Buffer, failAfter?: number): AsyncGenerator<Uint8Array> {
  for (let at = 0; at < body.length; at += 65_536) {
    if (failAfter !== undefined && at >= failAfter) throw new Error('socket hang up');
    yield body.subarray(at, at + 65_536);
  }
}

async function all(file: AsyncIterable<Uint8Array>, s = setup()): Promise<CheckedBatch[]> {
  const batches: CheckedBatch[] = [];
  for await (const batch of checkedBatches(file, s)) batches.push(batch);
  return batches;
}

describe('an import file checked beside the save', () => {
  it('checks a large file on a thread into the batches a small one gets in place', async () => {
    const large = csv(12_000);
    expect(large.length).toBeGreaterThan(CHECK_THREAD_FROM_BYTES);
    const onThread = await all(chunks(large));
    // The same file in one piece under the threshold's size is checked in place: the same rows.
    const inPlace: CheckedBatch[] = [];
    for (let from = 0; from < 12_000; from += 1_000) {
      const part = csv(12_000)
        .toString()
        .split('\n')
        .slice(from + 1, from + 1_001);
      const body = Buffer.from(`name,email,status,owner_email\n${part.join('\n')}\n`);
      expect(body.length).toBeLessThan(CHECK_THREAD_FROM_BYTES);
      inPlace.push(...(await all(chunks(body))));
    }
    const rows = (batches: CheckedBatch[]) => batches.flatMap((b) => b.rows);
    expect(onThread.reduce((n, b) => n + b.read, 0)).toBe(12_000);
    expect(onThread.flatMap((b) => b.refused)).toHaveLength(1_200);
    expect(onThread[0]?.mapping).toEqual({
      name: 'name',
      email: 'email',
      status: 'status',
      owner_email: 'owner_email',
    });
    expect(rows(onThread)).toHaveLength(10_800);
    // In place each part starts at line 2 again: the rows compare without their lines.
    expect(rows(onThread).map((r) => [r.row, r.derived])).toEqual(
      rows(inPlace).map((r) => [r.row, r.derived]),
    );
    expect(rows(onThread)[0]?.derived?.sort_name).toBeTruthy();
    const lines = rows(onThread).map((r) => r.line);
    expect(lines).toEqual([...lines].sort((a, b) => a - b));
  });

  it('fails at once when the upload breaks off, on the thread too', async () => {
    await expect(all(chunks(csv(12_000), 400_000))).rejects.toThrow('socket hang up');
  });

  it('answers a refused mapping from the thread with its status, code and details', async () => {
    const failure = await all(chunks(csv(12_000)), setup({ mapping: { nonsense: 'name' } })).catch(
      (err: unknown) => err,
    );
    expect(failure).toBeInstanceOf(AppError);
    expect(failure).toMatchObject({
      status: 400,
      code: 'validation_failed',
      details: { 'mapping.nonsense': ['unknown_column'] },
    });
  });
});

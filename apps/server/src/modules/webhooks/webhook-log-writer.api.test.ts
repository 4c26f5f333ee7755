import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';
import { inLogTransaction } from './webhook-log-writer.ts';

let t: TestApp;
let acme: number;
let other: number;

beforeAll(async () => {
  t = await createTestApp();
  acme = await t.company('Acme', [0, 1, 2]);
  other = await t.company('Other', [0, 1, 2]);
});
afterAll(async () => t.close());

const nameOf = async (id: number) =>
  (await t.ctx.db.selectFrom('companies').select('name').where('id', '=', id).executeTakeFirstOrThrow()).name;

describe('the batched delivery-log writer', () => {
  it("fails only the write that fails: another company's attempts in the batch are kept", async () => {
    // Acme's attempt, and one of another company whose endpoint was deleted meanwhile: its
    // log row breaks the foreign key. Both finish in the same turn, so they share a batch.
    const kept = inLogTransaction(t.ctx.db, async (trx) => {
      await trx.updateTable('companies').set({ name: 'Acme logged' }).where('id', '=', acme).execute();
    });
    const broken = inLogTransaction(t.ctx.db, async (trx) => {
      await trx
        .insertInto('webhook_deliveries')
        .values({
          company_id: other,
          endpoint_id: 999_999,
          message_id: 999_999,
          attempt: 1,
          trigger: 'change',
          attempted_at: new Date().toISOString(),
          succeeded: true,
          status_code: 200,
          latency_ms: 5,
          response_excerpt: null,
          error: null,
          next_attempt_at: null,
        })
        .execute();
    });
    const [acmeResult, otherResult] = await Promise.allSettled([kept, broken]);
    expect(acmeResult.status).toBe('fulfilled');
    expect(otherResult.status).toBe('rejected');
    expect(await nameOf(acme)).toBe('Acme logged');
  });

  it('still writes a batch in one go when nothing fails', async () => {
    await Promise.all(
      ['A', 'B'].map((suffix, i) =>
        inLogTransaction(t.ctx.db, async (trx) => {
          await trx
            .updateTable('companies')
            .set({ name: `Company ${suffix}` })
            .where('id', '=', i === 0 ? acme : other)
            .execute();
        }),
      ),
    );
    expect([await nameOf(acme), await nameOf(other)]).toEqual(['Company A', 'Company B']);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStaging, touchImport } from '../../lib/csv-import/import-staging.ts';
import { systemAuthor } from '../../lib/record-author.ts';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';
import { testDialect } from '../../test-support/test-database.ts';
import { type TwoCompanies, twoCompanies } from '../../test-support/two-companies.ts';
import { completeCustomer } from '../customers/customer-dto.ts';
import { importMarker, writeCustomers } from '../customers/customer-writes.ts';
import { customerExists } from './email-reads.repository.ts';
import { customersOfAddresses } from './mail-org-domains.ts';
import { customersForSend } from './outbox.repository.ts';

/**
 * Mail finds its customers with its own reads (sync, sending, a customer's mail). On SQLite the
 * customers of an import not applied yet are saved already but hidden until its flip
 * (docs/decisions/098-import-behind-a-switch.md): mail must not link a message to one, nor
 * address one, before every other screen shows it.
 */

let t: TestApp;
let c: TwoCompanies;

beforeAll(async () => {
  t = await createTestApp();
  c = await twoCompanies(t, [2]);
  await t.ctx.db.updateTable('companies').set({ mail_org_domains: true }).where('id', '=', c.acme).execute();
});
afterAll(() => t.close());

describe.skipIf(testDialect() === 'postgres')('customers of an import not yet applied', () => {
  it('get no mail linked and cannot be addressed until the flip shows them', async () => {
    const importId = await openStaging(t.ctx.db, c.acme, 'customers');
    await touchImport(t.ctx.db, c.acme, importId, 'applying');
    const marker = importMarker(importId);
    const author = systemAuthor(c.acme, 'test import');
    const rows = [
      { type: 'person', name: 'Hana Hidden', email: 'hana@example.com' },
      { type: 'organisation', name: 'Hidden Org', email: 'office@hidden-org.test' },
    ];
    const ids = await writeCustomers(
      t.ctx,
      author,
      (w) => w.importMany(rows.map((row) => completeCustomer({ status: 'lead', tags: [], ...row } as never))),
      marker,
    );
    const addresses = ['hana@example.com', 'someone@hidden-org.test'];

    const hidden = await customersOfAddresses(t.ctx.db, c.acme, addresses);
    expect([...hidden.entries()]).toEqual([]);
    expect(await customersForSend(t.ctx.db, c.acme, ids)).toEqual([]);
    expect(await customerExists(t.ctx.db, c.acme, ids[0] as number)).toBe(false);

    await writeCustomers(t.ctx, author, async (writes, trx) => {
      await touchImport(trx, c.acme, importId, 'applied');
      await writes.importApplied(marker);
    });
    const shown = await customersOfAddresses(t.ctx.db, c.acme, addresses);
    expect(Object.fromEntries(shown)).toEqual({
      'hana@example.com': [ids[0]],
      'someone@hidden-org.test': [ids[1]],
    });
    expect((await customersForSend(t.ctx.db, c.acme, ids)).map((row) => row.id).sort()).toEqual(
      [...ids].sort(),
    );
    expect(await customerExists(t.ctx.db, c.acme, ids[0] as number)).toBe(true);
  });
});

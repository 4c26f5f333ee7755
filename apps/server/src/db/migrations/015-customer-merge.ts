import { type Kysely, sql } from 'kysely';
import { isPostgres, types } from './column-types.ts';

/**
 * Duplicates and merge of customers (decision 019).
 *
 * - customers gain `phone_key`, `name_key` and `town_key`: normalised keys the
 *   duplicate rules compare, each indexed with the company first (as are email
 *   and OIB/VAT id now), partial on a present value, so a warning is a few index
 *   lookups and a company-wide scan is a GROUP BY over one index per rule.
 *   Existing rows get their keys here, computed by a frozen copy of the rules in
 *   modules/customers/duplicates/customer-match-keys.ts (migrations never import app code).
 * - customer_merges: one row per merge, with the snapshot its undo restores.
 * - customer_duplicate_scans / customer_duplicate_groups: the result of the
 *   latest company-wide scan (a job), which the "Possible duplicates" view reads.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const t = types(db);
  const pg = isPostgres(db);

  await db.schema.alterTable('customers').addColumn('phone_key', 'varchar(20)').execute();
  await db.schema.alterTable('customers').addColumn('name_key', 'varchar(200)').execute();
  await db.schema.alterTable('customers').addColumn('town_key', 'varchar(100)').execute();
  await backfillKeys(db, pg);

  const keyIndexes: [string, string[], string][] = [
    ['customers_email_key_idx', ['company_id', 'email', 'id'], 'email'],
    ['customers_oib_key_idx', ['company_id', 'oib', 'id'], 'oib'],
    ['customers_phone_key_idx', ['company_id', 'phone_key', 'id'], 'phone_key'],
    ['customers_name_key_idx', ['company_id', 'name_key', 'town_key', 'id'], 'name_key'],
  ];
  for (const [name, columns, present] of keyIndexes) {
    await db.schema
      .createIndex(name)
      .on('customers')
      .columns(columns)
      .where(sql.ref(present), 'is not', null)
      .execute();
  }

  await db.schema
    .createTable('customer_merges')
    .addColumn('id', 'integer', t.id)
    .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id').onDelete('cascade'))
    // No key: the survivor may be deleted later; the undo then answers 404.
    .addColumn('survivor_id', 'integer', (c) => c.notNull())
    .addColumn('merged_ids', 'text', (c) => c.notNull())
    // JSON: the survivor's and the merged customers' rows, tags, moved timeline entries and to-dos.
    .addColumn('snapshot', 'text', (c) => c.notNull())
    // The survivor's version right after the merge: an undo after later edits is refused (409).
    .addColumn('survivor_version', 'integer', (c) => c.notNull())
    .addColumn('created_by', 'integer')
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addColumn('undone_at', t.timestamp)
    .addColumn('undone_by', 'integer')
    .execute();
  await db.schema
    .createIndex('customer_merges_company_idx')
    .on('customer_merges')
    .columns(['company_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('customer_duplicate_scans')
    .addColumn('id', 'integer', t.id)
    .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id').onDelete('cascade'))
    .addColumn('job_id', 'varchar(64)')
    // running | completed | failed
    .addColumn('state', 'varchar(16)', (c) => c.notNull())
    .addColumn('progress', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('group_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('started_by', 'integer')
    .addColumn('started_at', t.timestamp, (c) => c.notNull())
    .addColumn('finished_at', t.timestamp)
    .execute();
  await db.schema
    .createIndex('customer_duplicate_scans_company_idx')
    .on('customer_duplicate_scans')
    .columns(['company_id', 'id'])
    .execute();

  await db.schema
    .createTable('customer_duplicate_groups')
    .addColumn('id', 'integer', t.id)
    .addColumn('company_id', 'integer', (c) => c.notNull())
    .addColumn('scan_id', 'integer', (c) =>
      c.notNull().references('customer_duplicate_scans.id').onDelete('cascade'),
    )
    .addColumn('rule', 'varchar(8)', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    // JSON array of customer ids (at most DUPLICATE_LIMITS.groupMembersMax).
    .addColumn('customer_ids', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('customer_duplicate_groups_scan_idx')
    .on('customer_duplicate_groups')
    .columns(['scan_id', 'company_id', 'rule', 'id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['customer_duplicate_groups', 'customer_duplicate_scans', 'customer_merges']) {
    await db.schema.dropTable(table).ifExists().execute();
  }
  for (const name of ['email', 'oib', 'phone', 'name']) {
    await db.schema.dropIndex(`customers_${name}_key_idx`).ifExists().execute();
  }
  for (const column of ['phone_key', 'name_key', 'town_key']) {
    await db.schema.alterTable('customers').dropColumn(column).execute();
  }
}

/** Keys of the rows that existed before, a few thousand rows a statement, in id order. */
async function backfillKeys(db: Kysely<any>, pg: boolean): Promise<void> {
  let after = 0;
  for (;;) {
    const rows: {
      id: number;
      name: string;
      phone: string | null;
      country: string | null;
      address: string | null;
    }[] = await db
      .selectFrom('customers')
      .select(['id', 'name', 'phone', 'country', 'address'])
      .where('id', '>', after)
      .orderBy('id')
      .limit(5000)
      .execute();
    const last = rows[rows.length - 1];
    if (!last) return;
    after = last.id;
    const keyed = rows.map((r) => ({
      id: r.id,
      phone_key: frozenPhoneKey(r.phone, r.country),
      name_key: frozenNameKey(r.name),
      town_key: frozenTownKey(r.address),
    }));
    if (pg) {
      await sql`UPDATE customers c SET phone_key = v.phone_key, name_key = v.name_key, town_key = v.town_key
        FROM unnest(${keyed.map((k) => k.id)}::int4[], ${keyed.map((k) => k.phone_key)}::text[],
          ${keyed.map((k) => k.name_key)}::text[], ${keyed.map((k) => k.town_key)}::text[])
          AS v(id, phone_key, name_key, town_key)
        WHERE c.id = v.id`.execute(db);
    } else {
      for (const k of keyed) {
        await db
          .updateTable('customers')
          .set({ phone_key: k.phone_key, name_key: k.name_key, town_key: k.town_key })
          .where('id', '=', k.id)
          .execute();
      }
    }
  }
}

// Frozen copy of customer-match-keys.ts as of this migration.
const FOLDS: Record<string, string> = { đ: 'd', ł: 'l', ø: 'o', æ: 'ae', œ: 'oe', ß: 'ss', þ: 'th', ı: 'i' };
const foldText = (v: string) =>
  v
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[đłøæœßþı]/g, (c) => FOLDS[c] ?? c);
const CODES: Record<string, string> = {
  HR: '385',
  SI: '386',
  BA: '387',
  RS: '381',
  ME: '382',
  MK: '389',
  AT: '43',
  DE: '49',
  IT: '39',
  HU: '36',
  GB: '44',
  FR: '33',
  ES: '34',
  CH: '41',
  NL: '31',
  PL: '48',
  CZ: '420',
  SK: '421',
};
const FORMS = new Set(
  'doo jdoo dd obrt ltd llc inc plc gmbh ag kg srl spa sa sas bv oy ab as co corp'.split(' '),
);

function frozenPhoneKey(phone: string | null, country: string | null): string | null {
  if (!phone) return null;
  const d = phone.replace(/\D/g, '');
  if (d.length < 6) return null;
  let intl = d;
  if (!phone.trim().startsWith('+')) {
    if (d.startsWith('00')) intl = d.slice(2);
    else if (d.startsWith('0')) intl = (CODES[country ?? ''] ?? '385') + d.slice(1);
  }
  return intl.slice(0, 20);
}

function frozenNameKey(name: string | null): string | null {
  if (!name) return null;
  const ws = foldText(name)
    .replace(/[.'’]/g, '')
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w && !FORMS.has(w));
  return ws.sort().join(' ').slice(0, 200) || null;
}

function frozenTownKey(address: string | null): string | null {
  if (!address) return null;
  const parts = address
    .split(/[\n,]+/)
    .map((p) => p.trim())
    .filter(Boolean);
  const last = parts[parts.length - 1];
  if (!last) return null;
  return (
    foldText(last)
      .replace(/[^\p{L}\s-]+/gu, ' ')
      .replace(/\s+/g, ' ')
      .trim()
      .slice(0, 100) || null
  );
}

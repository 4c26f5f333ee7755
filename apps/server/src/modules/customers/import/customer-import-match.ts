import type { CustomField } from '@kontora/contract/custom-fields';
import type { CustomerImportQuery } from '@kontora/contract/customer-import';
import { type CustomerUpdateBody, customerProblems } from '@kontora/contract/customers';
import type { Database } from '../../../db/database.ts';
import { HashedStringSet, IdRuns } from '../../../lib/csv-import/compact-sets.ts';
import { type CustomPlan, checkValues, customValuesOf } from '../../custom-fields/custom-fields.service.ts';
import { applyUpdate, changedFields } from '../customer-apply.ts';
import type { DerivedColumns } from '../customer-derived-columns.ts';
import { type EditableCustomer, type EditableField, toCustomer } from '../customer-dto.ts';
import { findCustomersByKeys } from '../customers.repository.ts';

/** A checked row of the file: the customer it describes, the fields its cells gave, its id cell. */
export interface ImportRow {
  line: number;
  customer: EditableCustomer;
  present: readonly string[];
  id: number | null;
  /** Names of the organisations the row's person belongs to (customer-import-links.ts). */
  organisations: string[];
  /** Values of the company's own fields its cells gave, by key (custom-import.ts). */
  custom: Record<string, unknown>;
  /** The customer's derived columns, when a thread made them ahead (derived-columns-thread.ts). */
  derived?: DerivedColumns | undefined;
}

export type RowDecision =
  | { kind: 'create'; custom: CustomPlan }
  | { kind: 'skip' }
  | { kind: 'reject'; reasons: Record<string, string[]> }
  | {
      kind: 'update';
      id: number;
      version: number;
      before: EditableCustomer;
      after: EditableCustomer;
      changed: EditableField[];
      custom: CustomPlan;
    };

/** A customer as the import knows it: its fields, version and own-field values. */
type Known = { customer: EditableCustomer; version: number; custom: Record<string, unknown> };

/**
 * Decides, row by row, what the import does with a row that may match an existing customer
 * (`on_match`, `match_by`). The dry run and the real run go through the same decisions on the
 * same inputs, so the dry run's counts are the real run's:
 * - rows created earlier in the file are matched from memory first (a repeat is skipped), and
 *   ignored when a real run's lookup finds them in the database;
 * - a customer updated earlier in the file is matched with the values and version it has after
 *   that update (kept in memory; the dry run never wrote them);
 * - lookups see the customers as they were before the import (PostgreSQL's real run looks up
 *   outside its saving transaction, SQLite's updates wait for the flip): a key that an earlier
 *   row gave a customer does not match a later row, in either run.
 */
export class ImportMatcher {
  readonly #db: Database;
  readonly #companyId: number;
  readonly #query: CustomerImportQuery;
  /** The company's own fields in use: each row's values are checked against them. */
  readonly #fields: readonly CustomField[];
  /** Keys of the rows this file creates, and the ids created: kept for the whole file, compactly. */
  readonly #fileKeys = { oib: new HashedStringSet(), email: new HashedStringSet() };
  readonly #createdIds = new IdRuns();
  readonly #updated = new Map<number, Known>();
  #byKey = {
    oib: new Map<string, Known & { id: number }>(),
    email: new Map<string, Known & { id: number }>(),
    id: new Map<number, Known & { id: number }>(),
  };

  constructor(
    db: Database,
    companyId: number,
    query: CustomerImportQuery,
    fields: readonly CustomField[] = [],
  ) {
    this.#db = db;
    this.#companyId = companyId;
    this.#query = query;
    this.#fields = fields;
  }

  /** Rows that matched an existing customer, whatever `on_match` did with them. */
  #matched = 0;

  get matching(): boolean {
    return this.#query.on_match !== 'create';
  }

  /** Whether rows are looked up: to act on a match, or for a check to tell how many would be duplicates. */
  get #looking(): boolean {
    return this.matching || this.#query.dry_run;
  }

  /**
   * Rows that matched an existing customer; null for a real run that creates them anyway
   * (not looked up: a file repeating one email would find ever more of its own rows).
   */
  get matched(): number | null {
    return this.#looking ? this.#matched : null;
  }

  /**
   * Looks up the customers the rows of a batch may match (one query a batch), over `db`: the
   * batch's own transaction when each batch has one (docs/decisions/098-import-behind-a-switch.md).
   */
  async prepare(rows: readonly ImportRow[], db: Database = this.#db): Promise<void> {
    if (!this.#looking) return;
    const by = new Set(this.#query.match_by);
    const found = await findCustomersByKeys(db, this.#companyId, {
      oibs: by.has('oib') ? rows.flatMap((r) => (r.customer.oib ? [r.customer.oib] : [])) : [],
      emails: by.has('email') ? rows.flatMap((r) => (r.customer.email ? [r.customer.email] : [])) : [],
      ids: by.has('id') ? rows.flatMap((r) => (r.id === null ? [] : [r.id])) : [],
    });
    this.#byKey = { oib: new Map(), email: new Map(), id: new Map() };
    // What matched customers hold of the own fields: an update changes them only where they differ.
    const custom = this.#fields.length
      ? await customValuesOf(
          db,
          this.#companyId,
          'customer',
          found.map((r) => r.id),
        )
      : new Map<number, Record<string, unknown>>();
    // Lowest id first: the oldest customer with a key is the one matched.
    for (const row of found) {
      if (this.#createdIds.has(row.id)) continue;
      const known = {
        id: row.id,
        customer: toCustomer(row) as EditableCustomer,
        version: row.version,
        custom: custom.get(row.id) ?? {},
      };
      if (row.oib && !this.#byKey.oib.has(row.oib)) this.#byKey.oib.set(row.oib, known);
      if (row.email && !this.#byKey.email.has(row.email)) this.#byKey.email.set(row.email, known);
      this.#byKey.id.set(row.id, known);
    }
  }

  decide(row: ImportRow): RowDecision {
    const { oib, email } = row.customer;
    let match: (Known & { id: number }) | 'file' | undefined;
    for (const key of this.#query.match_by) {
      if (key === 'oib' && oib) match = this.#fileKeys.oib.has(oib) ? 'file' : this.#byKey.oib.get(oib);
      if (key === 'email' && email)
        match = this.#fileKeys.email.has(email) ? 'file' : this.#byKey.email.get(email);
      if (key === 'id' && row.id !== null) match = this.#byKey.id.get(row.id);
      if (match) break;
    }
    if (match && match !== 'file') this.#matched++;
    if (!match || !this.matching) {
      // A new record: defaults fill own fields left out, required ones must be there.
      const own = checkValues(this.#fields, 'customer', row.custom, null);
      if (Object.keys(own.problems).length) return { kind: 'reject', reasons: own.problems };
      if (oib) this.#fileKeys.oib.add(oib);
      if (email) this.#fileKeys.email.add(email);
      return { kind: 'create', custom: own.plan };
    }
    if (match === 'file' || this.#query.on_match === 'skip') return { kind: 'skip' };
    const current = this.#updated.get(match.id) ?? match;
    const body: Partial<CustomerUpdateBody> = {};
    for (const field of row.present) Object.assign(body, { [field]: row.customer[field as EditableField] });
    const after = applyUpdate(current.customer, body);
    const own = checkValues(this.#fields, 'customer', row.custom, current.custom);
    const problems = { ...customerProblems(after), ...own.problems };
    if (Object.keys(problems).length) return { kind: 'reject', reasons: problems };
    const changed = changedFields(current.customer, after);
    if (changed.length === 0 && own.plan.changes.length === 0) return { kind: 'skip' };
    this.#updated.set(match.id, {
      customer: after,
      version: current.version + 1,
      custom: { ...current.custom, ...own.plan.values },
    });
    return {
      kind: 'update',
      id: match.id,
      version: current.version,
      before: current.customer,
      after,
      changed,
      custom: own.plan,
    };
  }

  /** Customers this run created: a later lookup that finds them is not a match (the dry run would not see them). */
  noteCreated(ids: readonly number[]): void {
    for (const id of ids) this.#createdIds.add(id);
  }
}

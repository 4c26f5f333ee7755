import { AsyncLocalStorage } from 'node:async_hooks';
import type { Database } from '../../db/database.ts';
import { AppError } from '../errors.ts';

/**
 * A company's customers held while an import finishes in chunks (SQLite,
 * docs/decisions/115-import-finishes-in-chunks-behind-a-hold.md): the flip applies the updates of
 * matched customers over many short transactions, so other companies write between them, and
 * nobody may see this company's customers half updated meanwhile. Its customer reads wait for the
 * hold to end and its customer writes wait before they open their transaction; the hold waits for
 * the writes already admitted to finish before the flip starts.
 *
 * In process: SQLite serves one process (its one writer), and PostgreSQL finishes an import in one
 * transaction, so it raises no hold.
 */

/** Per held company, what resolves when its hold ends. */
const holds = new Map<number, Promise<void>>();
/** Customer writes admitted per company, and who waits for them to end. */
const admitted = new Map<number, { active: number; idle: (() => void)[] }>();
/** The company whose hold this async context passes: the hold's own work, or a write admitted before it. */
const passing = new AsyncLocalStorage<number>();

/** What waits for the company's hold to end, or null when it is not held (or this context passes it). */
function holdOn(companyId: number): Promise<void> | null {
  const released = holds.get(companyId);
  if (!released || passing.getStore() === companyId) return null;
  return released;
}

const importFinishing = () =>
  new AppError(503, 'import_finishing', 'An import is finishing in this company; try again in a moment.', {
    headers: { 'retry-after': '2' },
  });

/**
 * Before a read of the company's customers: waits while an import finishes. Inside a transaction
 * it answers 503 instead, because the transaction holds the one connection the finishing import
 * needs (SQLite) and waiting would never end.
 */
export async function waitForCustomers(db: Database, companyId: number): Promise<void> {
  const held = holdOn(companyId);
  if (!held) return;
  if (db.isTransaction) throw importFinishing();
  await held;
}

/** A customer write of the company: waits while it is held, then counts as admitted until it ends. */
export async function admittedWrite<T>(companyId: number, work: () => Promise<T>): Promise<T> {
  if (passing.getStore() === companyId) return work();
  for (let held = holdOn(companyId); held; held = holdOn(companyId)) await held;
  const entry = admitted.get(companyId) ?? { active: 0, idle: [] };
  admitted.set(companyId, entry);
  entry.active++;
  try {
    return await passing.run(companyId, work);
  } finally {
    entry.active--;
    if (entry.active === 0) {
      admitted.delete(companyId);
      for (const wake of entry.idle) wake();
    }
  }
}

/**
 * Runs `work` with the company held: later reads and writes of its customers wait until it ends;
 * writes admitted before the hold finish first. One hold per company at a time.
 */
export async function holdCompany<T>(companyId: number, work: () => Promise<T>): Promise<T> {
  for (let other = holds.get(companyId); other; other = holds.get(companyId)) await other;
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  holds.set(companyId, released);
  try {
    const writes = admitted.get(companyId);
    if (writes) await new Promise<void>((resolve) => writes.idle.push(resolve));
    return await passing.run(companyId, work);
  } finally {
    holds.delete(companyId);
    release();
  }
}

/** Whether the company is held now (tests watch a finishing import with it). */
export const isHeld = (companyId: number): boolean => holds.has(companyId);

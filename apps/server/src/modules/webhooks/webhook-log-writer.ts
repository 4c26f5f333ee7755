import type { Database } from '../../db/database.ts';

type Work = (trx: Database) => Promise<void>;
type Pending = { work: Work; resolve: () => void; reject: (err: unknown) => void };

const writers = new WeakMap<Database, (work: Work) => Promise<void>>();

/**
 * Runs the log writes of the attempts that finished in the same event-loop
 * turn in one transaction: one commit for many deliveries (a commit per
 * attempt was the largest cost of a delivery). When the batch fails (say one
 * company's endpoint was deleted with an attempt in flight, and its log row
 * breaks a foreign key), each write runs again in a transaction of its own,
 * so only the failing attempt fails: the others, of any company, are logged
 * once and not delivered again. A write must therefore give the same result
 * when run a second time after a rollback.
 */
export function inLogTransaction(db: Database, work: Work): Promise<void> {
  let writer = writers.get(db);
  if (!writer) {
    writer = createWriter(db);
    writers.set(db, writer);
  }
  return writer(work);
}

function createWriter(db: Database) {
  let pending: Pending[] = [];
  let scheduled = false;
  const flush = async () => {
    const batch = pending;
    pending = [];
    scheduled = false;
    try {
      await db.transaction().execute(async (trx) => {
        for (const item of batch) await item.work(trx);
      });
      for (const item of batch) item.resolve();
    } catch (err) {
      if (batch.length === 1) batch[0]?.reject(err);
      else for (const item of batch) await runAlone(item);
    }
  };
  const runAlone = async (item: Pending) => {
    try {
      await db.transaction().execute(item.work);
      item.resolve();
    } catch (err) {
      item.reject(err);
    }
  };
  return (work: Work) =>
    new Promise<void>((resolve, reject) => {
      pending.push({ work, resolve, reject });
      if (!scheduled) {
        scheduled = true;
        setImmediate(() => void flush());
      }
    });
}

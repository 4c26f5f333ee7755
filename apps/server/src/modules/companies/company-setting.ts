import type { Database } from '../../db/database.ts';
import { notFound } from '../../lib/errors.ts';
import { recordAudit } from '../audit/audit.service.ts';

type Setting<V> = {
  key: string;
  read: (db: Database, companyId: number) => Promise<V | undefined>;
  write: (db: Database, companyId: number, value: V) => Promise<void>;
};

/**
 * Changes one company setting in a transaction and writes the audit entry
 * (before → after) beside it; nothing is written when the value is unchanged.
 */
export async function changeCompanySetting<V>(
  db: Database,
  actorId: number,
  companyId: number,
  setting: Setting<V>,
  value: V,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const before = await setting.read(trx, companyId);
    if (before === undefined) throw notFound('Company');
    if (before === value) return;
    await setting.write(trx, companyId, value);
    await recordAudit(trx, {
      actorId,
      action: 'company.update',
      entity: 'company',
      entityId: companyId,
      companyId,
      before: { [setting.key]: before },
      after: { [setting.key]: value },
    });
  });
}

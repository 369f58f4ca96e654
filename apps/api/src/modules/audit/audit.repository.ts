// The audit_log table: one row per admin change, read back newest first per record.
import type { DbOrTrx, Db } from '../../db/database.ts';
import type { AuditLogTable } from '../../db/schema.ts';

export async function insertAuditRow(db: DbOrTrx, row: AuditLogTable): Promise<void> {
  await db.insertInto('audit_log').values(row).execute();
}

export interface AuditKey {
  distributorId: string;
  entityType: string;
  entityId: string;
}

export async function listAuditRows(
  db: Db,
  key: AuditKey,
  paging: { offset: number; limit: number },
): Promise<{ rows: AuditLogTable[]; total: number }> {
  const scoped = db
    .selectFrom('audit_log')
    .where('distributor_id', '=', key.distributorId)
    .where('entity_type', '=', key.entityType)
    .where('entity_id', '=', key.entityId);
  const [rows, count] = await Promise.all([
    scoped.selectAll().orderBy('id', 'desc').limit(paging.limit).offset(paging.offset).execute(),
    scoped.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

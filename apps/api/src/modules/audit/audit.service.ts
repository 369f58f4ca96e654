// The audit log of admin changes (issue 15 §4). The module that owns a record calls recordAudit inside
// the same transaction as the change, so a change and its entry are written together or not at all;
// it serves the record's trail with auditTrail under its own permission (the audit module has no routes).
import { changedFields, type AuditEntityType, type AuditTrail } from '@portal/shared/audit/audit.schemas';
import type { Db, DbOrTrx } from '../../db/database.ts';
import { nowIso } from '../../platform/clock.ts';
import { newId } from '../../platform/ids.ts';
import { insertAuditRow, listAuditRows } from './audit.repository.ts';

export interface AuditRecord {
  distributorId: string;
  entityType: AuditEntityType;
  entityId: string;
  /** What happened, e.g. 'created', 'updated', 'deactivated', 'approved', 'status:confirmed', 'edited'. */
  action: string;
  /** The signed-in user (a request's Actor fits), or null for the system. */
  actor: { userId: string; name: string } | null;
  /** The record's fields as the admin sees them, before and after; null when it did not exist. */
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

/** Writes one entry; an update that changed no field still records the action with no changes. */
export async function recordAudit(db: DbOrTrx, record: AuditRecord): Promise<void> {
  await insertAuditRow(db, {
    id: newId(),
    distributor_id: record.distributorId,
    entity_type: record.entityType,
    entity_id: record.entityId,
    action: record.action,
    actor_user_id: record.actor?.userId ?? null,
    actor_name: record.actor?.name ?? null,
    changes_json: JSON.stringify(changedFields(record.before, record.after)),
    created_at: nowIso(),
  });
}

export async function auditTrail(
  db: Db,
  key: { distributorId: string; entityType: AuditEntityType; entityId: string; page: number; limit: number },
): Promise<AuditTrail> {
  const { rows, total } = await listAuditRows(db, key, { offset: (key.page - 1) * key.limit, limit: key.limit });
  return {
    items: rows.map((row) => ({
      id: row.id,
      action: row.action,
      actor: row.actor_name === null ? null : { id: row.actor_user_id, name: row.actor_name },
      changes: JSON.parse(row.changes_json),
      createdAt: row.created_at,
    })),
    total,
    page: key.page,
    limit: key.limit,
  };
}

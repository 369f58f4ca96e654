// Policy texts of a distributor: read by its retailers, sales reps and distributor users, read
// without sign-in for the public pages (terms, privacy, software licence of the installation's
// distributor), and written by distributor users with edit permission on 'Policies'. Each save is a new
// numbered version (who, when, the text), kept for the office's history and recorded in the audit log;
// readers always get the current one. Bodies are Markdown, stored as typed (docs/policies.md).
import {
  POLICY_DEFAULT_TITLES,
  POLICY_KINDS,
  POLICY_NOT_FOUND_MESSAGE,
  type Policy,
  type PolicyEditBody,
  type PolicyKind,
  type PolicyList,
  type PolicySummary,
  type PolicyVersions,
} from '@portal/shared/policies/policies.schemas';
import type { Db } from '../../db/database.ts';
import type { Actor } from '../../platform/auth/actor.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { nowIso } from '../../platform/clock.ts';
import { notFound } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import {
  findDefaultDistributorId,
  findPolicy,
  insertVersion,
  latestVersionNumber,
  listPolicies,
  listVersions,
} from './policies.repository.ts';

/**
 * Every kind in a fixed order. Readers get the published ones only; the distributor's own
 * editor (includeUnwritten) also gets the kinds not written yet, with their default titles.
 */
export async function policyList(db: Db, distributorId: string, opts: { includeUnwritten: boolean }): Promise<PolicyList> {
  const rows = new Map((await listPolicies(db, distributorId)).map((r) => [r.kind, r]));
  const policies = POLICY_KINDS.flatMap((kind): PolicySummary[] => {
    const row = rows.get(kind);
    if (row) return [{ kind, title: row.title, updatedAt: row.updated_at, published: true }];
    return opts.includeUnwritten ? [{ kind, title: POLICY_DEFAULT_TITLES[kind], updatedAt: null, published: false }] : [];
  });
  return { policies };
}

export async function policy(db: Db, distributorId: string, kind: PolicyKind): Promise<Policy> {
  const row = await findPolicy(db, distributorId, kind);
  if (!row) throw notFound(POLICY_NOT_FOUND_MESSAGE);
  return { kind, title: row.title, body: row.body, updatedAt: row.updated_at, version: Number(row.version ?? 1) };
}

export async function publicPolicy(db: Db, kind: PolicyKind): Promise<Policy> {
  const distributorId = await findDefaultDistributorId(db);
  if (!distributorId) throw notFound(POLICY_NOT_FOUND_MESSAGE);
  return policy(db, distributorId, kind);
}

/** A save: the next version of the kind becomes the current text, with its audit entry, all or nothing. */
export async function savePolicy(db: Db, actor: Actor, kind: PolicyKind, body: PolicyEditBody): Promise<Policy> {
  const at = nowIso();
  // Line endings are stored as \n so the text renders the same everywhere.
  const text = body.body.replace(/\r\n?/g, '\n');
  await db.transaction().execute(async (trx) => {
    const before = await findPolicy(trx, actor.distributorId, kind);
    // A text seeded without history is version 1 already: the next save is 2.
    const version = Math.max(await latestVersionNumber(trx, actor.distributorId, kind), Number(before?.version ?? 0)) + 1;
    await insertVersion(trx, {
      id: newId(),
      distributorId: actor.distributorId,
      kind,
      version,
      title: body.title,
      body: text,
      userId: actor.userId,
      userName: actor.name,
      at,
    });
    await recordAudit(trx, {
      distributorId: actor.distributorId,
      entityType: 'policy',
      entityId: kind,
      action: before ? 'updated' : 'created',
      actor: { userId: actor.userId, name: actor.name },
      before: before ? { title: before.title, body: before.body, version: Number(before.version ?? 1) } : null,
      after: { title: body.title, body: text, version },
    });
  });
  return policy(db, actor.distributorId, kind);
}

/** The office's history of a kind, newest first (empty when never written). */
export async function policyVersions(db: Db, distributorId: string, kind: PolicyKind): Promise<PolicyVersions> {
  const rows = await listVersions(db, distributorId, kind);
  return {
    kind,
    versions: rows.map((r) => ({
      version: Number(r.version),
      title: r.title,
      body: r.body,
      createdAt: r.created_at,
      createdBy: r.created_by_name == null ? null : { id: r.created_by_user_id, name: r.created_by_name },
    })),
  };
}

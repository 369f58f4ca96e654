// Policy texts of a distributor: read by its retailers, sales reps and distributor users, read
// without sign-in for the public pages (terms, privacy, software licence of the installation's
// distributor), and written by distributor users with edit permission on 'Policies'.
import {
  POLICY_DEFAULT_TITLES,
  POLICY_KINDS,
  POLICY_NOT_FOUND_MESSAGE,
  type Policy,
  type PolicyEditBody,
  type PolicyKind,
  type PolicyList,
  type PolicySummary,
} from '@portal/shared/policies/policies.schemas';
import type { Db } from '../../db/database.ts';
import { nowIso } from '../../platform/clock.ts';
import { notFound } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import { findDefaultDistributorId, findPolicy, listPolicies, upsertPolicy } from './policies.repository.ts';

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
  return { kind, title: row.title, body: row.body, updatedAt: row.updated_at };
}

export async function publicPolicy(db: Db, kind: PolicyKind): Promise<Policy> {
  const distributorId = await findDefaultDistributorId(db);
  if (!distributorId) throw notFound(POLICY_NOT_FOUND_MESSAGE);
  return policy(db, distributorId, kind);
}

export async function savePolicy(db: Db, distributorId: string, kind: PolicyKind, body: PolicyEditBody): Promise<Policy> {
  const updatedAt = nowIso();
  // Line endings are stored as \n so paragraphs split the same everywhere.
  const text = body.body.replace(/\r\n?/g, '\n');
  await upsertPolicy(db, { id: newId(), distributorId, kind, title: body.title, body: text, updatedAt });
  return { kind, title: body.title, body: text, updatedAt };
}

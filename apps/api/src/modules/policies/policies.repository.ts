// SQL of the policies module: the distributor's policy texts, one row per (distributor, kind).
import type { DbOrTrx } from '../../db/database.ts';
import type { PolicyTable } from '../../db/schema.ts';

export type PolicyKindRow = PolicyTable['kind'];

export function listPolicies(db: DbOrTrx, distributorId: string) {
  return db.selectFrom('policies').select(['kind', 'title', 'updated_at']).where('distributor_id', '=', distributorId).execute();
}

export function findPolicy(db: DbOrTrx, distributorId: string, kind: PolicyKindRow) {
  return db
    .selectFrom('policies')
    .select(['kind', 'title', 'body', 'updated_at'])
    .where('distributor_id', '=', distributorId)
    .where('kind', '=', kind)
    .executeTakeFirst();
}

/** Inserts or replaces the (distributor, kind) text; the unique key makes concurrent saves safe. */
export async function upsertPolicy(
  db: DbOrTrx,
  row: { id: string; distributorId: string; kind: PolicyKindRow; title: string; body: string; updatedAt: string },
): Promise<void> {
  await db
    .insertInto('policies')
    .values({
      id: row.id,
      distributor_id: row.distributorId,
      kind: row.kind,
      title: row.title,
      body: row.body,
      updated_at: row.updatedAt,
    })
    .onConflict((oc) =>
      oc.columns(['distributor_id', 'kind']).doUpdateSet({ title: row.title, body: row.body, updated_at: row.updatedAt }),
    )
    .execute();
}

/** The installation's distributor for pages without sign-in (the first one, as sign-up does). */
export async function findDefaultDistributorId(db: DbOrTrx): Promise<string | null> {
  const row = await db.selectFrom('distributors').select('id').orderBy('created_at').orderBy('id').executeTakeFirst();
  return row?.id ?? null;
}

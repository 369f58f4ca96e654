// SQL of the policies module: the distributor's current policy texts (one row per kind) and every saved
// version of them (policy_versions, numbered per kind).
import type { DbOrTrx } from '../../db/database.ts';
import type { PolicyTable } from '../../db/schema.ts';

export type PolicyKindRow = PolicyTable['kind'];

export function listPolicies(db: DbOrTrx, distributorId: string) {
  return db.selectFrom('policies').select(['kind', 'title', 'updated_at']).where('distributor_id', '=', distributorId).execute();
}

export function findPolicy(db: DbOrTrx, distributorId: string, kind: PolicyKindRow) {
  return db
    .selectFrom('policies')
    .select(['kind', 'title', 'body', 'updated_at', 'version'])
    .where('distributor_id', '=', distributorId)
    .where('kind', '=', kind)
    .executeTakeFirst();
}

/** The highest version number of a kind (0: never saved). */
export async function latestVersionNumber(db: DbOrTrx, distributorId: string, kind: PolicyKindRow): Promise<number> {
  const row = await db
    .selectFrom('policy_versions')
    .select((eb) => eb.fn.max('version').as('latest'))
    .where('distributor_id', '=', distributorId)
    .where('kind', '=', kind)
    .executeTakeFirst();
  return Number(row?.latest ?? 0);
}

/**
 * Stores a new version and makes it the current text. The version's unique key refuses a second save
 * that raced to the same number (the caller's transaction then fails whole).
 */
export async function insertVersion(
  db: DbOrTrx,
  row: {
    id: string;
    distributorId: string;
    kind: PolicyKindRow;
    version: number;
    title: string;
    body: string;
    userId: string;
    userName: string;
    at: string;
  },
): Promise<void> {
  await db
    .insertInto('policy_versions')
    .values({
      id: row.id,
      distributor_id: row.distributorId,
      kind: row.kind,
      version: row.version,
      title: row.title,
      body: row.body,
      created_by_user_id: row.userId,
      created_by_name: row.userName,
      created_at: row.at,
    })
    .execute();
  const current = { title: row.title, body: row.body, updated_at: row.at, version: row.version };
  await db
    .insertInto('policies')
    .values({ id: row.id, distributor_id: row.distributorId, kind: row.kind, ...current })
    .onConflict((oc) => oc.columns(['distributor_id', 'kind']).doUpdateSet(current))
    .execute();
}

/** Every version of a kind, newest first. */
export function listVersions(db: DbOrTrx, distributorId: string, kind: PolicyKindRow) {
  return db
    .selectFrom('policy_versions')
    .select(['version', 'title', 'body', 'created_at', 'created_by_user_id', 'created_by_name'])
    .where('distributor_id', '=', distributorId)
    .where('kind', '=', kind)
    .orderBy('version', 'desc')
    .execute();
}

/** The installation's distributor for pages without sign-in (the first one, as sign-up does). */
export async function findDefaultDistributorId(db: DbOrTrx): Promise<string | null> {
  const row = await db.selectFrom('distributors').select('id').orderBy('created_at').orderBy('id').executeTakeFirst();
  return row?.id ?? null;
}

// SQL of the settings module: the distributor's company row and its key/value settings.
import { compiledOnce, type DbOrTrx } from '../../db/database.ts';
import type { DistributorTable } from '../../db/schema.ts';

export type CompanyColumns = Pick<
  DistributorTable,
  'name' | 'company_name' | 'email' | 'phone' | 'addr1' | 'city' | 'state' | 'zip' | 'logo_url'
>;

export function findCompany(db: DbOrTrx, distributorId: string) {
  return db
    .selectFrom('distributors')
    .select(['name', 'company_name', 'email', 'phone', 'addr1', 'city', 'state', 'zip', 'logo_url'])
    .where('id', '=', distributorId)
    .executeTakeFirst();
}

export async function updateCompany(db: DbOrTrx, distributorId: string, row: CompanyColumns): Promise<void> {
  await db.updateTable('distributors').set(row).where('id', '=', distributorId).execute();
}

/** The raw JSON values of the given keys. */
export async function findSettingValues(db: DbOrTrx, distributorId: string, keys: readonly string[]) {
  const rows = await db
    .selectFrom('settings')
    .select(['key', 'value', 'updated_at'])
    .where('distributor_id', '=', distributorId)
    .where('key', 'in', [...keys])
    .execute();
  return new Map(rows.map((r) => [r.key, r]));
}

// Every cart answer and placed order reads a setting: compiled once (see compiledOnce).
const settingValue = compiledOnce(['distributorId', 'key'], (db, p) =>
  db.selectFrom('settings').select('value').where('distributor_id', '=', p.distributorId).where('key', '=', p.key),
);

export async function findSettingValue(db: DbOrTrx, distributorId: string, key: string): Promise<string | null> {
  const [row] = await settingValue(db, { distributorId, key });
  return row?.value ?? null;
}

export async function upsertSetting(db: DbOrTrx, distributorId: string, key: string, value: string, at: string): Promise<void> {
  await db
    .insertInto('settings')
    .values({ distributor_id: distributorId, key, value, updated_at: at })
    .onConflict((oc) => oc.columns(['distributor_id', 'key']).doUpdateSet({ value, updated_at: at }))
    .execute();
}

export async function deleteSetting(db: DbOrTrx, distributorId: string, key: string): Promise<void> {
  await db.deleteFrom('settings').where('distributor_id', '=', distributorId).where('key', '=', key).execute();
}

/** The sequence order numbers are drawn from: its next value, without taking it. */
export async function peekSequence(db: DbOrTrx, name: string): Promise<number | null> {
  const row = await db.selectFrom('sequences').select('value').where('name', '=', name).executeTakeFirst();
  return row ? Number(row.value) : null;
}

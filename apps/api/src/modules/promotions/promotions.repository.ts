// All SQL of promotions and banners: the office's paged lists by status, one row with its targets and
// audience, writes (targets and audience replaced with their row, in the caller's transaction), the
// checks that named targets and audience values exist, the rows the pricing rules are built from, the
// products a promotion targets, and the banners running for a buyer.
import { sql, type Expression, type SqlBool } from 'kysely';
import type { PromotionSortKey, Sorting } from '@portal/shared/api/sort';
import type { PromotionStatusFilter } from '@portal/shared/promotions/promotions.schemas';
import type { DbOrTrx } from '../../db/database.ts';
import type { BannerTable, PromotionTable, PromotionTargetTable } from '../../db/schema.ts';

export type PromotionDbRow = PromotionTable;
export type BannerDbRow = BannerTable;
export interface TargetDbRow {
  promotion_id: string;
  target_type: PromotionTargetTable['target_type'];
  target_value: string;
}
export interface AudienceDbRow {
  owner_id: string;
  audience_value: string;
}

export interface ListFilter {
  distributorId: string;
  search?: string;
  status: PromotionStatusFilter;
  now: string;
}

/** `%text%` for LIKE with its wildcards taken literally (escape character `\`). */
const containsPattern = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export type Timed = 'promotions' | 'banners';

const AUDIENCE_TABLES = {
  promotions: { table: 'promotion_audience', owner: 'promotion_id' },
  banners: { table: 'banner_audience', owner: 'banner_id' },
} as const;

/** The status filter over is_active, starts_at and ends_at (ISO-8601 text compares as time). */
function statusWhere<T extends Timed>(table: T, status: PromotionStatusFilter, now: string): Expression<SqlBool> | null {
  const t = sql.table(table);
  if (status === 'inactive') return sql<SqlBool>`${t}.is_active = 0`;
  if (status === 'scheduled') return sql<SqlBool>`${t}.is_active = 1 and ${t}.starts_at > ${now}`;
  if (status === 'ended') return sql<SqlBool>`${t}.is_active = 1 and ${t}.ends_at is not null and ${t}.ends_at <= ${now}`;
  if (status === 'active')
    return sql<SqlBool>`${t}.is_active = 1 and ${t}.starts_at <= ${now} and (${t}.ends_at is null or ${t}.ends_at > ${now})`;
  return null;
}

function listQuery<T extends Timed>(db: DbOrTrx, table: T, f: ListFilter) {
  let q = db.selectFrom(table as 'promotions').where('distributor_id', '=', f.distributorId);
  const status = statusWhere(table, f.status, f.now);
  if (status) q = q.where(status);
  if (f.search) q = q.where(sql<SqlBool>`lower(title) like ${containsPattern(f.search)} escape '\\'`);
  return q;
}

/** The row type of each timed table. */
export type TimedDbRow<T extends Timed> = T extends 'promotions' ? PromotionDbRow : BannerDbRow;

/** One page of the distributor's promotions or banners, filtered and sorted, and how many match. */
export async function listTimedRows<T extends Timed>(
  db: DbOrTrx,
  table: T,
  f: ListFilter,
  sorting: Sorting<PromotionSortKey>,
  page: { offset: number; limit: number },
): Promise<{ rows: TimedDbRow<T>[]; total: number }> {
  const { dir } = sorting;
  let q = listQuery(db, table, f).selectAll();
  if (sorting.sort === 'startsAt') q = q.orderBy('starts_at', dir);
  else if (sorting.sort === 'endsAt')
    // Open-ended rows end last: after every date going up, first going down.
    q = q.orderBy(sql`case when ends_at is null then 1 else 0 end`, dir).orderBy('ends_at', dir);
  else if (sorting.sort === 'createdAt') q = q.orderBy('created_at', dir);
  const rows = await q
    .orderBy(sql`lower(title)`, sorting.sort === 'title' ? dir : 'asc')
    .orderBy('id', 'asc')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
  const count = await listQuery(db, table, f)
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow();
  return { rows: rows as TimedDbRow<T>[], total: Number(count.n) };
}

/** One of the distributor's promotions or banners. */
export function findTimedRow<T extends Timed>(
  db: DbOrTrx,
  table: T,
  distributorId: string,
  id: string,
): Promise<TimedDbRow<T> | undefined> {
  return db
    .selectFrom(table as 'promotions')
    .selectAll()
    .where('distributor_id', '=', distributorId)
    .where('id', '=', id)
    .executeTakeFirst() as Promise<TimedDbRow<T> | undefined>;
}

export async function targetsOf(db: DbOrTrx, ids: readonly string[]): Promise<TargetDbRow[]> {
  if (ids.length === 0) return [];
  return db
    .selectFrom('promotion_targets')
    .select(['promotion_id', 'target_type', 'target_value'])
    .where('promotion_id', 'in', ids)
    .orderBy('promotion_id')
    .orderBy('target_type')
    .orderBy('target_value')
    .execute();
}

/** The audience values (chosen customers, price levels or routes) of these promotions or banners. */
export async function audienceOf(db: DbOrTrx, table: Timed, ids: readonly string[]): Promise<AudienceDbRow[]> {
  if (ids.length === 0) return [];
  const { table: from, owner } = AUDIENCE_TABLES[table];
  return db
    .selectFrom(from as 'promotion_audience')
    .select([sql.ref<string>(owner).as('owner_id'), 'audience_value'])
    .where(sql.ref(owner), 'in', ids)
    .orderBy(sql.ref(owner))
    .orderBy('audience_value')
    .execute();
}

export type PromotionFields = Omit<PromotionDbRow, 'id' | 'distributor_id' | 'created_at' | 'is_active'>;
export type BannerFields = Omit<BannerDbRow, 'id' | 'distributor_id' | 'created_at' | 'is_active'>;

/** Adds a promotion or banner with its audience values. */
export async function insertTimedRow<T extends Timed>(
  trx: DbOrTrx,
  table: T,
  row: TimedDbRow<T>,
  audience: readonly string[],
): Promise<void> {
  await trx
    .insertInto(table as 'promotions')
    .values(row as PromotionDbRow)
    .execute();
  await writeAudience(trx, table, row.id, audience);
}

/** Rewrites a promotion or banner and replaces its audience (the update bumps the catalogue version). */
export async function updateTimedRow<T extends Timed>(
  trx: DbOrTrx,
  table: T,
  distributorId: string,
  id: string,
  fields: T extends 'promotions' ? PromotionFields : BannerFields,
  audience: readonly string[],
): Promise<void> {
  await trx
    .updateTable(table as 'promotions')
    .set(fields as PromotionFields)
    .where('distributor_id', '=', distributorId)
    .where('id', '=', id)
    .execute();
  const a = AUDIENCE_TABLES[table];
  await trx
    .deleteFrom(a.table as 'promotion_audience')
    .where(sql.ref(a.owner), '=', id)
    .execute();
  await writeAudience(trx, table, id, audience);
}

async function writeAudience(trx: DbOrTrx, table: Timed, id: string, values: readonly string[]): Promise<void> {
  if (values.length === 0) return;
  const a = AUDIENCE_TABLES[table];
  await trx
    .insertInto(a.table as 'promotion_audience')
    .values(values.map((v) => ({ [a.owner]: id, audience_value: v }) as { promotion_id: string; audience_value: string }))
    .execute();
}

/** Replaces a promotion's targets. */
export async function replaceTargets(
  trx: DbOrTrx,
  id: string,
  targets: readonly Omit<TargetDbRow, 'promotion_id'>[],
): Promise<void> {
  await trx.deleteFrom('promotion_targets').where('promotion_id', '=', id).execute();
  if (targets.length > 0)
    await trx
      .insertInto('promotion_targets')
      .values(targets.map((t) => ({ promotion_id: id, ...t })))
      .execute();
}

export async function setActive(
  db: DbOrTrx,
  table: Timed,
  distributorId: string,
  id: string,
  active: boolean,
  at: string,
): Promise<void> {
  await db
    .updateTable(table as 'promotions')
    .set({ is_active: active ? 1 : 0, updated_at: at })
    .where('distributor_id', '=', distributorId)
    .where('id', '=', id)
    .execute();
}

// ---- Existence checks (each answers the values that exist) ----

export async function existingIds(
  db: DbOrTrx,
  table: 'products' | 'categories' | 'vendors' | 'customers',
  distributorId: string,
  ids: readonly string[],
): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .selectFrom(table as 'products')
    .select('id')
    .where('distributor_id', '=', distributorId)
    .where('id', 'in', ids)
    .execute();
  return new Set(rows.map((r) => r.id));
}

/** Brands among the distributor's products, lower-cased, of those asked. */
export async function existingBrands(db: DbOrTrx, distributorId: string, brands: readonly string[]): Promise<Set<string>> {
  if (brands.length === 0) return new Set();
  const rows = await db
    .selectFrom('products')
    .select(sql<string>`lower(trim(brand))`.as('b'))
    .distinct()
    .where('distributor_id', '=', distributorId)
    .where(
      sql<string>`lower(trim(brand))`,
      'in',
      brands.map((b) => b.trim().toLowerCase()),
    )
    .execute();
  return new Set(rows.map((r) => r.b));
}

export async function existingRoutes(db: DbOrTrx, distributorId: string, routes: readonly string[]): Promise<Set<string>> {
  if (routes.length === 0) return new Set();
  const rows = await db
    .selectFrom('customers')
    .select('route_number')
    .distinct()
    .where('distributor_id', '=', distributorId)
    .where('route_number', 'in', routes)
    .execute();
  return new Set(rows.map((r) => r.route_number!));
}

// ---- What the rules and the preview read ----

/** Switched-on promotions not yet ended at `now`, with their targets and audience. */
export async function loadRuleRows(db: DbOrTrx, distributorId: string, now: string) {
  const rows = await db
    .selectFrom('promotions')
    .selectAll()
    .where('distributor_id', '=', distributorId)
    .where('is_active', '=', 1)
    .where((eb) => eb.or([eb('ends_at', 'is', null), eb('ends_at', '>', now)]))
    .orderBy('id')
    .execute();
  const ids = rows.map((r) => r.id);
  const [targets, audience] = await Promise.all([targetsOf(db, ids), audienceOf(db, 'promotions', ids)]);
  return { rows, targets, audience };
}

export function findBuyer(db: DbOrTrx, distributorId: string, customerId: string) {
  return db
    .selectFrom('customers')
    .select(['id', 'c_number', 'company_name', 'price_level', 'route_number'])
    .where('distributor_id', '=', distributorId)
    .where('id', '=', customerId)
    .executeTakeFirst();
}

export interface TargetSets {
  productIds: readonly string[];
  categoryIds: readonly string[];
  brands: readonly string[];
  vendorIds: readonly string[];
}

/** The distributor's active products a promotion targets: the first `limit` by item number, and how many. */
export async function targetedProducts(db: DbOrTrx, distributorId: string, t: TargetSets, limit: number) {
  const base = () =>
    db
      .selectFrom('products as p')
      .where('p.distributor_id', '=', distributorId)
      .where('p.is_active', '=', 1)
      .where((eb) => {
        const any: Expression<SqlBool>[] = [];
        if (t.productIds.length) any.push(eb('p.id', 'in', t.productIds));
        if (t.categoryIds.length) {
          any.push(eb('p.category_id', 'in', t.categoryIds));
          any.push(eb('p.subcategory_id', 'in', t.categoryIds));
        }
        if (t.vendorIds.length) any.push(eb('p.vendor_id', 'in', t.vendorIds));
        if (t.brands.length)
          any.push(
            eb(
              sql<string>`lower(trim(p.brand))`,
              'in',
              t.brands.map((b) => b.trim().toLowerCase()),
            ),
          );
        return any.length ? eb.or(any) : sql<SqlBool>`1 = 0`;
      });
  const rows = await base()
    .select([
      'p.id',
      'p.item_number',
      'p.description',
      'p.brand',
      'p.category_id',
      'p.subcategory_id',
      'p.vendor_id',
      'p.price1_cents',
      'p.price2_cents',
      'p.price3_cents',
      'p.price4_cents',
      'p.price5_cents',
    ])
    .orderBy('p.item_number')
    .orderBy('p.id')
    .limit(limit)
    .execute();
  const count = await base()
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow();
  return { rows, total: Number(count.n) };
}

/** Switched-on banners running at `now` with their audience (the caller keeps the buyer's). */
export async function runningBannerRows(db: DbOrTrx, distributorId: string, now: string) {
  const rows = await db
    .selectFrom('banners')
    .selectAll()
    .where('distributor_id', '=', distributorId)
    .where('is_active', '=', 1)
    .where('starts_at', '<=', now)
    .where((eb) => eb.or([eb('ends_at', 'is', null), eb('ends_at', '>', now)]))
    .orderBy('starts_at', 'desc')
    .orderBy('id')
    .execute();
  return {
    rows,
    audience: await audienceOf(
      db,
      'banners',
      rows.map((r) => r.id),
    ),
  };
}

// ---- What the forms choose from ----

/** A search (`%text%`, up to `limit` rows) or the rows of named values. */
export type ChoiceFilter = { search: string; limit: number } | { values: readonly string[] };

export interface ChoiceDbRow {
  value: string;
  label: string;
  detail: string | null;
}

/** The rows whose `valueColumn` is one of the named values, or whose `searched` columns contain the search. */
function matching(f: ChoiceFilter, valueColumn: string, searched: readonly string[]): Expression<SqlBool> {
  if ('values' in f)
    return f.values.length ? sql<SqlBool>`${sql.ref(valueColumn)} in (${sql.join(f.values)})` : sql<SqlBool>`1 = 0`;
  if (!f.search) return sql<SqlBool>`1 = 1`;
  const pattern = containsPattern(f.search);
  return sql<SqlBool>`(${sql.join(
    searched.map((c) => sql`lower(${sql.ref(c)}) like ${pattern} escape '\\'`),
    sql` or `,
  )})`;
}
const limitOf = (f: ChoiceFilter) => ('values' in f ? 1_000 : f.limit);
const plural = (n: number | string, one: string) => `${Number(n)} ${one}${Number(n) === 1 ? '' : 's'}`;

/** Customers by C_Number or store name; searches list active ones. */
export async function customerChoices(db: DbOrTrx, distributorId: string, f: ChoiceFilter): Promise<ChoiceDbRow[]> {
  let q = db
    .selectFrom('customers')
    .select(['id', 'c_number', 'company_name', 'route_number', 'price_level'])
    .where('distributor_id', '=', distributorId)
    .where(matching(f, 'id', ['c_number', 'company_name']));
  if (!('values' in f)) q = q.where('is_active', '=', 1);
  const rows = await q.orderBy('c_number').orderBy('id').limit(limitOf(f)).execute();
  return rows.map((r) => ({
    value: r.id,
    label: `${r.c_number} · ${r.company_name}`,
    detail: `${r.route_number?.trim() ? `Route ${r.route_number.trim()} · ` : ''}Price level ${r.price_level}`,
  }));
}

/** Route numbers customers are on, with how many customers each. */
export async function routeChoices(db: DbOrTrx, distributorId: string, f: ChoiceFilter): Promise<ChoiceDbRow[]> {
  const rows = await db
    .selectFrom('customers')
    .select(['route_number', (eb) => eb.fn.countAll<number | string>().as('n')])
    .where('distributor_id', '=', distributorId)
    .where('route_number', 'is not', null)
    .where('route_number', '<>', '')
    .where(matching(f, 'route_number', ['route_number']))
    .groupBy('route_number')
    .orderBy('route_number')
    .limit(limitOf(f))
    .execute();
  return rows.map((r) => ({ value: r.route_number!, label: r.route_number!, detail: plural(r.n, 'customer') }));
}

/** Products by item number or description; searches list active ones. */
export async function productChoices(db: DbOrTrx, distributorId: string, f: ChoiceFilter): Promise<ChoiceDbRow[]> {
  let q = db
    .selectFrom('products')
    .select(['id', 'item_number', 'description', 'brand'])
    .where('distributor_id', '=', distributorId)
    .where(matching(f, 'id', ['item_number', 'description']));
  if (!('values' in f)) q = q.where('is_active', '=', 1);
  const rows = await q.orderBy('item_number').orderBy('id').limit(limitOf(f)).execute();
  return rows.map((r) => ({ value: r.id, label: `${r.item_number} · ${r.description}`, detail: r.brand }));
}

/** Categories and subcategories ("Beverages › Soda") by name. */
export async function categoryChoices(db: DbOrTrx, distributorId: string, f: ChoiceFilter): Promise<ChoiceDbRow[]> {
  const rows = await db
    .selectFrom('categories as c')
    .leftJoin('categories as parent', 'parent.id', 'c.parent_id')
    .select(['c.id', 'c.name', 'parent.name as parent_name'])
    .where('c.distributor_id', '=', distributorId)
    .where(matching(f, 'c.id', ['c.name', 'parent.name']))
    .orderBy(sql`coalesce(${sql.ref('parent.name')}, ${sql.ref('c.name')})`)
    .orderBy(sql`${sql.ref('parent.name')} is not null`)
    .orderBy('c.name')
    .limit(limitOf(f))
    .execute();
  return rows.map((r) => ({
    value: r.id,
    label: r.parent_name ? `${r.parent_name} › ${r.name}` : r.name,
    detail: r.parent_name ? 'Subcategory' : 'Category',
  }));
}

/** Brands of the distributor's products (letter case aside), with how many products each. */
export async function brandChoices(db: DbOrTrx, distributorId: string, f: ChoiceFilter): Promise<ChoiceDbRow[]> {
  const key = sql<string>`lower(trim(brand))`;
  const named =
    'values' in f
      ? f.values.length
        ? sql<SqlBool>`${key} in (${sql.join(f.values.map((v) => v.trim().toLowerCase()))})`
        : sql<SqlBool>`1 = 0`
      : matching(f, 'brand', ['brand']);
  const rows = await db
    .selectFrom('products')
    .select([sql<string>`min(trim(brand))`.as('brand'), (eb) => eb.fn.countAll<number | string>().as('n')])
    .where('distributor_id', '=', distributorId)
    .where('brand', 'is not', null)
    .where(sql<SqlBool>`trim(brand) <> ''`)
    .where(named)
    .groupBy(key)
    .orderBy(key)
    .limit(limitOf(f))
    .execute();
  return rows.map((r) => ({ value: r.brand, label: r.brand, detail: plural(r.n, 'product') }));
}

/** Vendors by name; searches list active ones. */
export async function vendorChoices(db: DbOrTrx, distributorId: string, f: ChoiceFilter): Promise<ChoiceDbRow[]> {
  let q = db
    .selectFrom('vendors')
    .select(['id', 'name', 'contact_name'])
    .where('distributor_id', '=', distributorId)
    .where(matching(f, 'id', ['name']));
  if (!('values' in f)) q = q.where('is_active', '=', 1);
  const rows = await q.orderBy('name').orderBy('id').limit(limitOf(f)).execute();
  return rows.map((r) => ({ value: r.id, label: r.name, detail: r.contact_name }));
}

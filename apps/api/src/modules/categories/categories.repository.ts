// All SQL of the admin categories: one distributor's categories and subcategories (two levels, by
// parent_id) with the number of products using each, inserts, renames and deletes.
import { sql, type SqlBool } from 'kysely';
import type { DbOrTrx } from '../../db/database.ts';

export interface CategoryDbRow {
  id: string;
  name: string;
  parent_id: string | null;
  sort_order: number;
}

/** Every category and subcategory of the distributor with its product count, by sort order then name. */
export async function listCategories(
  db: DbOrTrx,
  distributorId: string,
): Promise<(CategoryDbRow & { product_count: number | string })[]> {
  return db
    .selectFrom('categories as c')
    .select(['c.id', 'c.name', 'c.parent_id', 'c.sort_order'])
    .select((eb) =>
      eb
        .selectFrom('products as p')
        .select((e) => e.fn.countAll<number | string>().as('n'))
        .where((e) => e.or([e('p.category_id', '=', e.ref('c.id')), e('p.subcategory_id', '=', e.ref('c.id'))]))
        .as('product_count'),
    )
    .where('c.distributor_id', '=', distributorId)
    .orderBy('c.sort_order')
    .orderBy(sql`lower(c.name)`)
    .orderBy('c.id')
    .execute() as Promise<(CategoryDbRow & { product_count: number | string })[]>;
}

export function findCategory(db: DbOrTrx, distributorId: string, id: string): Promise<CategoryDbRow | undefined> {
  return db
    .selectFrom('categories')
    .select(['id', 'name', 'parent_id', 'sort_order'])
    .where('distributor_id', '=', distributorId)
    .where('id', '=', id)
    .executeTakeFirst();
}

/** A sibling (same parent, or both top-level) with the same name, letter case aside. */
export function findSiblingByName(
  db: DbOrTrx,
  distributorId: string,
  parentId: string | null,
  name: string,
  exceptId?: string,
): Promise<{ id: string } | undefined> {
  let q = db
    .selectFrom('categories')
    .select('id')
    .where('distributor_id', '=', distributorId)
    .where('parent_id', parentId === null ? 'is' : '=', parentId)
    .where(sql<SqlBool>`lower(name) = ${name.toLowerCase()}`);
  if (exceptId) q = q.where('id', '<>', exceptId);
  return q.executeTakeFirst();
}

export async function nextSortOrder(db: DbOrTrx, distributorId: string, parentId: string | null): Promise<number> {
  const row = await db
    .selectFrom('categories')
    .select((eb) => eb.fn.max<number | null>('sort_order').as('m'))
    .where('distributor_id', '=', distributorId)
    .where('parent_id', parentId === null ? 'is' : '=', parentId)
    .executeTakeFirst();
  return Number(row?.m ?? 0) + 1;
}

export async function insertCategory(db: DbOrTrx, row: CategoryDbRow & { distributor_id: string }): Promise<void> {
  await db.insertInto('categories').values(row).execute();
}

export async function renameCategory(db: DbOrTrx, distributorId: string, id: string, name: string): Promise<void> {
  await db.updateTable('categories').set({ name }).where('distributor_id', '=', distributorId).where('id', '=', id).execute();
}

export async function deleteCategory(db: DbOrTrx, distributorId: string, id: string): Promise<void> {
  await db.deleteFrom('categories').where('distributor_id', '=', distributorId).where('id', '=', id).execute();
}

/** Products using the category as their category or subcategory. */
export async function countProductsUsing(db: DbOrTrx, id: string): Promise<number> {
  const row = await db
    .selectFrom('products')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where((eb) => eb.or([eb('category_id', '=', id), eb('subcategory_id', '=', id)]))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function countSubcategories(db: DbOrTrx, id: string): Promise<number> {
  const row = await db
    .selectFrom('categories')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('parent_id', '=', id)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

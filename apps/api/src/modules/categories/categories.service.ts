// Admin categories: two levels (a category, or a subcategory whose parent is a top-level category of
// the same distributor). Names are unique among siblings, letter case aside. A category in use by a
// product, or with subcategories, cannot be deleted.
import { refuseOnUniqueViolation } from '../../db/unique-violation.ts';
import {
  CATEGORY_MESSAGES,
  type Category,
  type CategoryList,
  type CategoryRow,
  type CreateCategoryInput,
} from '@portal/shared/categories/categories.schemas';
import type { Db } from '../../db/database.ts';
import type { Actor } from '../../platform/auth/actor.ts';
import { badRequest, conflict, notFound } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import {
  countProductsUsing,
  countSubcategories,
  deleteCategory,
  findCategory,
  findSiblingByName,
  insertCategory,
  listCategories,
  nextSortOrder,
  renameCategory,
  type CategoryDbRow,
} from './categories.repository.ts';

const toCategory = (row: CategoryDbRow): Category => ({
  id: row.id,
  name: row.name,
  parentId: row.parent_id,
  sortOrder: Number(row.sort_order),
});

/** Flat rows (sorted) into the tree: top-level categories, each with its subcategories. */
export function categoryTree(rows: (CategoryDbRow & { product_count: number | string })[]): CategoryRow[] {
  const top = new Map<string, CategoryRow>();
  for (const r of rows) {
    if (r.parent_id === null) {
      top.set(r.id, {
        id: r.id,
        name: r.name,
        sortOrder: Number(r.sort_order),
        productCount: Number(r.product_count),
        subcategories: [],
      });
    }
  }
  for (const r of rows) {
    if (r.parent_id === null) continue;
    top.get(r.parent_id)?.subcategories.push({
      id: r.id,
      name: r.name,
      sortOrder: Number(r.sort_order),
      productCount: Number(r.product_count),
    });
  }
  return [...top.values()];
}

export async function listCategoryTree(db: Db, actor: Actor): Promise<CategoryList> {
  return { items: categoryTree(await listCategories(db, actor.distributorId)) };
}

async function ownCategory(db: Db, actor: Actor, id: string): Promise<CategoryDbRow> {
  const row = await findCategory(db, actor.distributorId, id);
  if (!row) throw notFound(CATEGORY_MESSAGES.notFound);
  return row;
}

export async function createCategory(db: Db, actor: Actor, input: CreateCategoryInput): Promise<Category> {
  const d = actor.distributorId;
  if (input.parentId !== null) {
    const parent = await findCategory(db, d, input.parentId);
    if (!parent || parent.parent_id !== null) {
      throw badRequest(CATEGORY_MESSAGES.parentMustBeTopLevel, { parentId: CATEGORY_MESSAGES.parentMustBeTopLevel });
    }
  }
  if (await findSiblingByName(db, d, input.parentId, input.name)) throw conflict(CATEGORY_MESSAGES.duplicate(input.name));
  const row: CategoryDbRow = {
    id: newId(),
    name: input.name,
    parent_id: input.parentId,
    sort_order: await nextSortOrder(db, d, input.parentId),
  };
  await refuseOnUniqueViolation(
    () => insertCategory(db, { ...row, distributor_id: d }),
    () => conflict(CATEGORY_MESSAGES.duplicate(input.name)),
  );
  return toCategory(row);
}

export async function updateCategory(db: Db, actor: Actor, id: string, name: string): Promise<Category> {
  const row = await ownCategory(db, actor, id);
  if (await findSiblingByName(db, actor.distributorId, row.parent_id, name, id))
    throw conflict(CATEGORY_MESSAGES.duplicate(name));
  await refuseOnUniqueViolation(
    () => renameCategory(db, actor.distributorId, id, name),
    () => conflict(CATEGORY_MESSAGES.duplicate(name)),
  );
  return toCategory({ ...row, name });
}

export async function removeCategory(db: Db, actor: Actor, id: string): Promise<void> {
  const row = await ownCategory(db, actor, id);
  const used = await countProductsUsing(db, id);
  if (used > 0) throw conflict(CATEGORY_MESSAGES.inUse(row.name, used));
  if ((await countSubcategories(db, id)) > 0) throw conflict(CATEGORY_MESSAGES.hasSubcategories(row.name));
  await deleteCategory(db, actor.distributorId, id);
}

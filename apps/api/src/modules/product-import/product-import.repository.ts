// All SQL of the product import's own tables: imports, the mapping remembered per file layout, and the
// before-images of the products an applied import changed.
import type { DbOrTrx } from '../../db/database.ts';
import type { ProductImportChangeTable, ProductImportTable } from '../../db/schema.ts';

export type ImportRow = ProductImportTable;

export async function insertImport(db: DbOrTrx, row: ProductImportTable): Promise<void> {
  await db.insertInto('product_imports').values(row).execute();
}

export async function findImport(db: DbOrTrx, distributorId: string, id: string): Promise<ImportRow | undefined> {
  return db
    .selectFrom('product_imports')
    .selectAll()
    .where('distributor_id', '=', distributorId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function updateImport(db: DbOrTrx, id: string, set: Partial<ProductImportTable>): Promise<void> {
  await db.updateTable('product_imports').set(set).where('id', '=', id).execute();
}

/** Moves an import from one status to another; false when it was not in `from` (someone else moved it). */
export async function moveImportStatus(
  db: DbOrTrx,
  id: string,
  from: readonly ProductImportTable['status'][],
  set: Partial<ProductImportTable>,
): Promise<boolean> {
  const result = await db
    .updateTable('product_imports')
    .set(set)
    .where('id', '=', id)
    .where('status', 'in', from)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The distributor's imports, newest first, a page at a time, with their total. */
export async function listImports(
  db: DbOrTrx,
  distributorId: string,
  page: number,
  limit: number,
): Promise<{ rows: Omit<ImportRow, 'rows_json' | 'header_json' | 'preview_json' | 'rejected_json'>[]; total: number }> {
  const rows = await db
    .selectFrom('product_imports')
    .select([
      'id',
      'distributor_id',
      'user_id',
      'file_name',
      'layout_key',
      'row_count',
      'mapping_json',
      'status',
      'processed',
      'created_count',
      'updated_count',
      'unchanged_count',
      'rejected_count',
      'error',
      'created_at',
      'applied_at',
      'rolled_back_at',
      'heartbeat_at',
    ])
    .where('distributor_id', '=', distributorId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .offset((page - 1) * limit)
    .execute();
  const { count } = await db
    .selectFrom('product_imports')
    .select((eb) => eb.fn.countAll().as('count'))
    .where('distributor_id', '=', distributorId)
    .executeTakeFirstOrThrow();
  return { rows, total: Number(count) };
}

/** Imports whose apply or rollback job has not committed a batch since `before` (or never recorded one). */
export async function findStaleJobs(
  db: DbOrTrx,
  before: string,
  distributorId?: string,
): Promise<Pick<ImportRow, 'id' | 'status' | 'processed' | 'row_count' | 'heartbeat_at'>[]> {
  let query = db
    .selectFrom('product_imports')
    .select(['id', 'status', 'processed', 'row_count', 'heartbeat_at'])
    .where('status', 'in', ['applying', 'rolling_back'])
    .where((eb) => eb.or([eb('heartbeat_at', 'is', null), eb('heartbeat_at', '<', before)]));
  if (distributorId) query = query.where('distributor_id', '=', distributorId);
  return query.execute();
}

/** Marks a stale job's import, unless its job made progress since it was found stale. */
export async function markInterrupted(
  db: DbOrTrx,
  job: Pick<ImportRow, 'id' | 'status' | 'heartbeat_at'>,
  error: string,
): Promise<void> {
  await db
    .updateTable('product_imports')
    .set({ status: 'failed', error })
    .where('id', '=', job.id)
    .where('status', '=', job.status)
    .where((eb) => (job.heartbeat_at === null ? eb('heartbeat_at', 'is', null) : eb('heartbeat_at', '=', job.heartbeat_at)))
    .execute();
}

export async function findMapping(db: DbOrTrx, distributorId: string, layoutKey: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('product_import_mappings')
    .select('mapping_json')
    .where('distributor_id', '=', distributorId)
    .where('layout_key', '=', layoutKey)
    .executeTakeFirst();
  return row?.mapping_json;
}

export async function saveMapping(db: DbOrTrx, distributorId: string, layoutKey: string, mappingJson: string, at: string) {
  await db
    .insertInto('product_import_mappings')
    .values({ distributor_id: distributorId, layout_key: layoutKey, mapping_json: mappingJson, updated_at: at })
    .onConflict((oc) => oc.columns(['distributor_id', 'layout_key']).doUpdateSet({ mapping_json: mappingJson, updated_at: at }))
    .execute();
}

export async function insertChanges(db: DbOrTrx, rows: ProductImportChangeTable[]): Promise<void> {
  if (rows.length) await db.insertInto('product_import_changes').values(rows).execute();
}

/** The import's changes from the last backwards, `limit` at a time below `beforeSeq`. */
export async function changesBefore(
  db: DbOrTrx,
  importId: string,
  beforeSeq: number,
  limit: number,
): Promise<ProductImportChangeTable[]> {
  return db
    .selectFrom('product_import_changes')
    .selectAll()
    .where('import_id', '=', importId)
    .where('seq', '<', beforeSeq)
    .orderBy('seq', 'desc')
    .limit(limit)
    .execute();
}

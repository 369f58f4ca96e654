// Product CSV imports (issue 14 §3): the uploaded file's rows and chosen mapping, the mapping each file
// layout used last (per distributor), and the before-image of every product an applied import changed,
// so the import can be rolled back. Self-contained: no application imports.
import { type Kysely } from 'kysely';

type Dialect = 'sqlite' | 'postgres';
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Db = Kysely<any>;

export async function up(db: Db, _dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('product_imports')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('distributor_id', 'text', (c) => c.notNull().references('distributors.id'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('file_name', 'text', (c) => c.notNull())
    .addColumn('header_json', 'text', (c) => c.notNull()) // the file's header row, as read
    .addColumn('layout_key', 'text', (c) => c.notNull()) // the header row normalised: names the file layout
    .addColumn('rows_json', 'text', (c) => c.notNull()) // the data rows, cells as text
    .addColumn('preview_json', 'text', (c) => c.notNull()) // the first rows, read without parsing them all
    .addColumn('row_count', 'integer', (c) => c.notNull())
    .addColumn('mapping_json', 'text') // the mapping of the last dry run, applied as it is
    .addColumn('status', 'text', (c) => c.notNull()) // uploaded, applying, applied, failed, rolled_back
    .addColumn('processed', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('unchanged_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('rejected_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('rejected_json', 'text', (c) => c.notNull().defaultTo('[]')) // [{ row, itemNumber, reason }]
    .addColumn('error', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('applied_at', 'text')
    .addColumn('rolled_back_at', 'text')
    .execute();
  await db.schema
    .createIndex('product_imports_distributor_idx')
    .on('product_imports')
    .columns(['distributor_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('product_import_mappings')
    .addColumn('distributor_id', 'text', (c) => c.notNull().references('distributors.id'))
    .addColumn('layout_key', 'text', (c) => c.notNull())
    .addColumn('mapping_json', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('product_import_mappings_pk', ['distributor_id', 'layout_key'])
    .execute();

  // One row per product an applied import created or changed, in the order it did; before_json is the
  // product's editable fields before the import (null for a created product).
  await db.schema
    .createTable('product_import_changes')
    .addColumn('import_id', 'text', (c) => c.notNull().references('product_imports.id').onDelete('cascade'))
    .addColumn('seq', 'integer', (c) => c.notNull())
    .addColumn('product_id', 'text', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull()) // created, updated
    .addColumn('before_json', 'text')
    .addPrimaryKeyConstraint('product_import_changes_pk', ['import_id', 'seq'])
    .execute();
}

export async function down(db: Db, _dialect: Dialect): Promise<void> {
  await db.schema.dropTable('product_import_changes').ifExists().execute();
  await db.schema.dropTable('product_import_mappings').ifExists().execute();
  await db.schema.dropTable('product_imports').ifExists().execute();
}

// Stories scheduled, targeted and linked (issue 17 §2): when a story runs (starts_at, ends_at: null runs
// for ever), who sees it (audience with its values in story_audience: routes, order days 1-7 or customer
// ids), what it links to (a product or a promotion), when it was soft-deleted (deleted_at: gone from the
// office list; views kept), and the indexes the retailer's list and the seen-by counts read.
// Self-contained: no application imports.
import { sql, type Kysely } from 'kysely';

type Dialect = 'sqlite' | 'postgres';
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Db = Kysely<any>;

export async function up(db: Db, _dialect: Dialect): Promise<void> {
  await db.schema.alterTable('stories').addColumn('starts_at', 'text').execute();
  await sql`update stories set starts_at = created_at`.execute(db);
  await db.schema.alterTable('stories').addColumn('ends_at', 'text').execute();
  await db.schema
    .alterTable('stories')
    .addColumn('audience', 'text', (c) => c.notNull().defaultTo('all'))
    .execute();
  await db.schema
    .alterTable('stories')
    .addColumn('product_id', 'text', (c) => c.references('products.id').onDelete('set null'))
    .execute();
  await db.schema
    .alterTable('stories')
    .addColumn('promotion_id', 'text', (c) => c.references('promotions.id').onDelete('set null'))
    .execute();
  await db.schema.alterTable('stories').addColumn('deleted_at', 'text').execute();
  await db.schema.alterTable('stories').addColumn('updated_at', 'text').execute();
  await db.schema
    .createTable('story_audience')
    .addColumn('story_id', 'text', (c) => c.notNull().references('stories.id').onDelete('cascade'))
    .addColumn('audience_value', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('story_audience_pk', ['story_id', 'audience_value'])
    .execute();
  await db.schema
    .createIndex('stories_distributor_created_idx')
    .on('stories')
    .columns(['distributor_id', 'created_at'])
    .execute();
  // The seen-by counts and "has this user seen it" read views by user as well as by story.
  await db.schema.createIndex('story_views_user_idx').on('story_views').columns(['user_id', 'story_id']).execute();
}

export async function down(db: Db, _dialect: Dialect): Promise<void> {
  await db.schema.dropIndex('story_views_user_idx').ifExists().execute();
  await db.schema.dropIndex('stories_distributor_created_idx').ifExists().execute();
  await db.schema.dropTable('story_audience').ifExists().execute();
  for (const column of ['updated_at', 'deleted_at', 'promotion_id', 'product_id', 'audience', 'ends_at', 'starts_at']) {
    await db.schema.alterTable('stories').dropColumn(column).execute();
  }
}

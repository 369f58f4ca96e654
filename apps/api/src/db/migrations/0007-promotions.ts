// Promotions and banners as the office keeps them (issue 14 §3):
// - promotions gain a percent or fixed-amount discount, a promoted flag, targets (products, categories,
//   brands, vendors; one or several, in promotion_targets) and an audience (all customers, chosen
//   customers, price levels or routes; the chosen values in promotion_audience).
// - banners move to their own table (image, title, link, dates, audience in banner_audience).
// Existing rows keep today's behaviour: a `discount` row becomes a percent discount on its product, a
// `promoted` row a promoted product, both for all customers; `banner` rows become banners for all.
// The legacy columns kind, product_id and discount_bp stay for the catalogue's current reads until it
// reads the rules (docs/admin-catalog.md, Promotions). The targets and audience tables carry no catalogue
// version trigger: the service writes them in the transaction that also updates their promotions row,
// whose trigger (0002) bumps the version.
// Self-contained: no application imports.
import { sql, type Kysely } from 'kysely';

type Dialect = 'sqlite' | 'postgres';
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Db = Kysely<any>;

export async function up(db: Db, _dialect: Dialect): Promise<void> {
  await db.schema.alterTable('promotions').addColumn('discount_type', 'text').execute();
  await db.schema.alterTable('promotions').addColumn('discount_value', 'integer').execute();
  await db.schema
    .alterTable('promotions')
    .addColumn('is_promoted', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('promotions')
    .addColumn('audience', 'text', (c) => c.notNull().defaultTo('all'))
    .execute();
  await db.schema.alterTable('promotions').addColumn('updated_at', 'text').execute();

  await db.schema
    .createTable('promotion_targets')
    .addColumn('promotion_id', 'text', (c) => c.notNull().references('promotions.id').onDelete('cascade'))
    .addColumn('target_type', 'text', (c) => c.notNull())
    .addColumn('target_value', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('promotion_targets_pk', ['promotion_id', 'target_type', 'target_value'])
    .execute();
  await db.schema
    .createTable('promotion_audience')
    .addColumn('promotion_id', 'text', (c) => c.notNull().references('promotions.id').onDelete('cascade'))
    .addColumn('audience_value', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('promotion_audience_pk', ['promotion_id', 'audience_value'])
    .execute();

  await db.schema
    .createTable('banners')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('distributor_id', 'text', (c) => c.notNull().references('distributors.id'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('image_url', 'text', (c) => c.notNull())
    .addColumn('link_url', 'text')
    .addColumn('audience', 'text', (c) => c.notNull().defaultTo('all'))
    .addColumn('starts_at', 'text', (c) => c.notNull())
    .addColumn('ends_at', 'text')
    .addColumn('is_active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text')
    .execute();
  await db.schema.createIndex('banners_dist_idx').on('banners').columns(['distributor_id', 'is_active', 'starts_at']).execute();
  await db.schema
    .createTable('banner_audience')
    .addColumn('banner_id', 'text', (c) => c.notNull().references('banners.id').onDelete('cascade'))
    .addColumn('audience_value', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('banner_audience_pk', ['banner_id', 'audience_value'])
    .execute();

  // Existing rows, as they behave today.
  await sql`update promotions set discount_type = 'percent', discount_value = discount_bp
            where kind = 'discount' and discount_bp is not null and discount_bp > 0`.execute(db);
  await sql`update promotions set is_promoted = 1 where kind = 'promoted'`.execute(db);
  await sql`update promotions set updated_at = created_at`.execute(db);
  await sql`insert into promotion_targets (promotion_id, target_type, target_value)
            select id, 'product', product_id from promotions where kind in ('discount', 'promoted') and product_id is not null`.execute(
    db,
  );
  await sql`insert into banners (id, distributor_id, title, description, image_url, link_url, audience, starts_at, ends_at, is_active, created_at, updated_at)
            select id, distributor_id, title, description, coalesce(image_url, ''), null, 'all', starts_at, ends_at, is_active, created_at, created_at
            from promotions where kind = 'banner'`.execute(db);
  await sql`delete from promotions where kind = 'banner'`.execute(db);
}

export async function down(db: Db, _dialect: Dialect): Promise<void> {
  await sql`insert into promotions (id, distributor_id, title, description, kind, product_id, discount_bp, image_url, starts_at, ends_at, is_active, created_at)
            select id, distributor_id, title, description, 'banner', null, null, image_url, starts_at, ends_at, is_active, created_at from banners`.execute(
    db,
  );
  await db.schema.dropTable('banner_audience').ifExists().execute();
  await db.schema.dropTable('banners').ifExists().execute();
  await db.schema.dropTable('promotion_audience').ifExists().execute();
  await db.schema.dropTable('promotion_targets').ifExists().execute();
  for (const c of ['updated_at', 'audience', 'is_promoted', 'discount_value', 'discount_type'])
    await db.schema.alterTable('promotions').dropColumn(c).execute();
}

// Migration 0007 keeps today's behaviour: legacy discount and promoted rows become rules for every
// customer on their product, banner rows move to the banners table; and `down` puts them back.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import * as m0007 from '../../db/migrations/0007-promotions.ts';
import { WORLD } from '../../db/seed/base-world.ts';
import { createCatalogContext, P } from '../../../test/fixtures/catalog-fixtures.ts';
import type { TestContext } from '../../../test/helper.ts';
import { loadPromotionRules } from './promotions.service.ts';

describe('migration 0007: promotions and banners', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createCatalogContext();
  });
  afterAll(() => ctx.close());

  it('turns legacy rows into rules and banners, and back', async () => {
    const dialect = ctx.config.database.kind;
    await sql`delete from promotion_targets`.execute(ctx.db);
    await sql`delete from promotions`.execute(ctx.db);
    await m0007.down(ctx.db, dialect);
    const legacy = (id: string, kind: string, productId: string | null, bp: number | null, isActive = 1) =>
      sql`insert into promotions (id, distributor_id, title, description, kind, product_id, discount_bp, image_url, starts_at, ends_at, is_active, created_at)
          values (${id}, ${WORLD.distributorId}, ${`T ${id}`}, null, ${kind}, ${productId}, ${bp}, ${kind === 'banner' ? '/b.png' : null},
                  '2026-01-01T00:00:00.000Z', null, ${isActive}, '2026-01-01T00:00:00.000Z')`.execute(ctx.db);
    await legacy('d1', 'discount', P.lime, 1000);
    await legacy('d2', 'discount', P.cola, 5000, 0);
    await legacy('pr1', 'promoted', P.chips, null);
    await legacy('b1', 'banner', null, null);
    await m0007.up(ctx.db, dialect);

    const rules = await loadPromotionRules(ctx.db, WORLD.distributorId, '2026-02-01T00:00:00.000Z');
    expect(rules).toEqual([
      {
        id: 'd1',
        title: 'T d1',
        discount: { type: 'percent', basisPoints: 1000 },
        promoted: false,
        targets: { productIds: [P.lime], categoryIds: [], brands: [], vendorIds: [] },
        audience: { type: 'all', values: [] },
        startsAt: '2026-01-01T00:00:00.000Z',
        endsAt: null,
        isActive: true,
      },
      expect.objectContaining({
        id: 'pr1',
        discount: null,
        promoted: true,
        targets: expect.objectContaining({ productIds: [P.chips] }),
      }),
    ]);
    const banners = await ctx.db.selectFrom('banners').selectAll().execute();
    expect(banners).toEqual([
      expect.objectContaining({ id: 'b1', title: 'T b1', image_url: '/b.png', link_url: null, audience: 'all', is_active: 1 }),
    ]);
    expect(await ctx.db.selectFrom('promotions').select('id').where('id', '=', 'b1').execute()).toEqual([]);

    await m0007.down(ctx.db, dialect);
    const back = await sql<{ id: string; kind: string }>`select id, kind from promotions order by id`.execute(ctx.db);
    expect(back.rows).toEqual([
      { id: 'b1', kind: 'banner' },
      { id: 'd1', kind: 'discount' },
      { id: 'd2', kind: 'discount' },
      { id: 'pr1', kind: 'promoted' },
    ]);
    await m0007.up(ctx.db, dialect);
  });
});

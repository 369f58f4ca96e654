// The same searches give the same answers on SQLite and PostgreSQL: one seeded catalogue in each, a few
// hundred queries (words, prefixes, pairs, item numbers, UPCs, misses, with filters and sorts), the
// same ids in the same order, totals and facets. Runs with TEST_DB=postgres (it needs both databases).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { createDb, type Db } from '../../db/database.ts';
import { migrateToLatest } from '../../db/migrate.ts';
import { WORLD } from '../../db/seed/base-world.ts';
import { createRng } from '../../db/seed/prng.ts';
import { seedDataset } from '../../db/seed/seed-dataset.ts';
import { call, createTestContext, tokenFor, usePostgres, type TestContext } from '../../../test/helper.ts';

const SIZES = { products: 1500, customers: 3, orders: 60 };
const NOW = new Date('2026-06-01T12:00:00.000Z');

describe.skipIf(!usePostgres)('the same search on SQLite and PostgreSQL', () => {
  let pg: TestContext;
  let lite: { app: FastifyInstance; db: Db };
  let dir: string;
  const tokens: Record<string, string> = {};

  beforeAll(async () => {
    pg = await createTestContext();
    dir = mkdtempSync(path.join(tmpdir(), 'portal-parity-'));
    const database = { kind: 'sqlite' as const, file: path.join(dir, 'parity.sqlite') };
    const db = createDb(database);
    await migrateToLatest(db, 'sqlite');
    lite = { db, app: await buildApp({ config: { ...pg.config, database }, db }) };
    await lite.app.ready();
    await seedDataset(pg.db, SIZES, { now: NOW });
    await seedDataset(lite.db, SIZES, { now: NOW });
    tokens.pg = await tokenFor(pg, WORLD.users.retailer.id);
    tokens.lite = await tokenFor({ ...pg, db: lite.db } as TestContext, WORLD.users.retailer.id);
  });
  afterAll(async () => {
    await lite?.app.close();
    await lite?.db.destroy();
    await pg?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('answers a few hundred queries with the same ids, order, totals and facets', async () => {
    const products = await lite.db
      .selectFrom('products')
      .select(['description', 'brand', 'item_number', 'id'])
      .orderBy('id')
      .execute();
    const upcs = (await lite.db.selectFrom('product_upcs').select('upc').orderBy('upc').execute()).map((u) => u.upc);
    const rng = createRng('search-parity');
    const pick = <T>(list: readonly T[]) => list[Math.floor(rng.next() * list.length)]!;
    const words = [...new Set(products.flatMap((p) => `${p.description} ${p.brand ?? ''}`.split(/[^A-Za-z0-9]+/)))].filter(
      (w) => w.length > 1,
    );
    const sorts = [undefined, 'relevance', 'name', 'priceAsc', 'priceDesc', 'newest', 'bestSelling'];
    const onlys = [undefined, 'new', 'inStock', 'discounted', 'promoted'];
    const queries: object[] = [];
    for (let i = 0; i < 300; i++) {
      const kind = i % 6;
      const w = pick(words);
      const search =
        kind === 0
          ? w
          : kind === 1
            ? w.slice(0, 2 + Math.floor(rng.next() * 3))
            : kind === 2
              ? `${pick(words)} ${w.slice(0, 3)}`
              : kind === 3
                ? pick(products).item_number
                : kind === 4
                  ? pick(upcs)
                  : i % 12 === 5
                    ? 'zzyzx'
                    : '';
      const q: Record<string, unknown> = { search, page: 1 + Math.floor(rng.next() * 2), limit: 50 };
      if (rng.next() < 0.3) q.sort = pick(sorts);
      if (rng.next() < 0.2) q.only = pick(onlys);
      if (rng.next() < 0.15) q.brand = pick(products).brand;
      queries.push(q);
    }
    let nonEmpty = 0;
    for (const payload of queries) {
      const ask = async (app: FastifyInstance, token: string) => {
        const res = await call(app, { method: 'POST', url: '/api/retailer/getInventory', payload, token });
        expect(res.status).toBe(200);
        const d = res.body.data;
        return { ids: d.finalProductList.map((p: { id: string }) => p.id), total: d.total, facets: d.facets };
      };
      const a = await ask(lite.app, tokens.lite!);
      const b = await ask(pg.app, tokens.pg!);
      expect({ payload, ...b }).toEqual({ payload, ...a });
      if (a.total > 0) nonEmpty++;
    }
    expect(nonEmpty).toBeGreaterThan(150);
  });
});

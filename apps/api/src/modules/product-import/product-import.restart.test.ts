// Imports whose job stopped with the server, over HTTP: the state a stopped apply or rollback leaves is
// written in the database, the app is started again on it, and the import then shows as failed with a
// message saying what was done; the list shows it; Rollback undoes exactly what was applied. A job of
// another server still running (PostgreSQL, shared by several servers) is left alone until it is silent.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { WORLD } from '../../db/seed/base-world.ts';
import { call, tokenFor, usePostgres, type TestContext } from '../../../test/helper.ts';
import { createCatalogContext, insertProduct } from '../../../test/fixtures/catalog-fixtures.ts';

const HEADER = 'Item number,Description,Price 1';
const ROWS = ['RS-1,One changed,2.00', 'RS-NEW,New one,3.00', 'RS-2,Two changed,4.00', 'RS-NEW2,New two,5.00'];
const LONG_AGO = '2020-01-01T00:00:00.000Z';

describe('product imports interrupted by a server stop', () => {
  let ctx: TestContext;
  let admin: string;
  const apps: FastifyInstance[] = [];

  /** The app started again on the same database. */
  const restart = async () => {
    const app = await buildApp({ config: ctx.config, db: ctx.db });
    await app.ready();
    apps.push(app);
    return app;
  };

  const products = () =>
    ctx.db
      .selectFrom('products')
      .select(['item_number', 'description', 'price1_cents', 'is_active'])
      .where('item_number', 'like', 'RS-%')
      .orderBy('item_number')
      .execute();

  /** Uploads `rows`, dry-runs and applies them, and waits for the apply to finish. */
  const applied = async (app: FastifyInstance, rows: string[]) => {
    const uploaded = await call(app, {
      method: 'POST',
      url: '/api/admin/product-imports?fileName=restart.csv',
      payload: [HEADER, ...rows].join('\r\n'),
      headers: { 'content-type': 'text/csv' },
      token: admin,
    });
    const id = uploaded.body.data.id as string;
    await call(app, {
      method: 'POST',
      url: `/api/admin/product-imports/${id}/dry-run`,
      payload: { mapping: uploaded.body.data.mapping },
      token: admin,
    });
    await call(app, { method: 'POST', url: `/api/admin/product-imports/${id}/apply`, token: admin });
    for (let i = 0; i < 200; i++) {
      const read = await call(app, { method: 'GET', url: `/api/admin/product-imports/${id}`, token: admin });
      if (read.body.data.status !== 'applying') break;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    return id;
  };

  beforeAll(async () => {
    ctx = await createCatalogContext();
    await insertProduct(ctx.db, { id: 'p-rs-1', item_number: 'RS-1', description: 'One', price1_cents: 100 });
    await insertProduct(ctx.db, { id: 'p-rs-2', item_number: 'RS-2', description: 'Two', price1_cents: 100 });
    admin = await tokenFor(ctx, WORLD.users.admin.id);
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    await ctx.close();
  });

  it('an apply stopped half-way shows as failed after the restart, with what it did, and rolls back exactly', async () => {
    const before = await products();
    // The state a stop after the first two rows' batch leaves: their products written with their
    // before-images, progress 2 of 4, the job's last batch long ago.
    const id = await applied(ctx.app, ROWS.slice(0, 2));
    await ctx.db
      .updateTable('product_imports')
      .set({
        status: 'applying',
        applied_at: null,
        row_count: 4,
        rows_json: JSON.stringify(ROWS.map((r) => r.split(','))),
        heartbeat_at: LONG_AGO,
      })
      .where('id', '=', id)
      .execute();
    expect(await products()).toMatchObject([
      { item_number: 'RS-1', description: 'One changed', price1_cents: 200 },
      { item_number: 'RS-2', description: 'Two', price1_cents: 100 },
      { item_number: 'RS-NEW', description: 'New one', price1_cents: 300 },
    ]);

    const app = await restart();
    const read = await call(app, { method: 'GET', url: `/api/admin/product-imports/${id}`, token: admin });
    expect(read.body.data).toMatchObject({
      status: 'failed',
      processed: 2,
      total: 4,
      counts: { created: 1, updated: 1, unchanged: 0, rejected: 0 },
      error:
        'The import was interrupted when the server stopped, after 2 of 4 rows: roll it back to undo those rows, or import the file again to finish',
    });
    const list = await call(app, { method: 'GET', url: '/api/admin/product-imports?limit=5', token: admin });
    expect(list.status).toBe(200);
    expect(list.body.data).toMatchObject({ total: 1, page: 1, limit: 5 });
    expect(list.body.data.items).toEqual([
      {
        id,
        fileName: 'restart.csv',
        rowCount: 4,
        status: 'failed',
        processed: 2,
        total: 4,
        counts: { created: 1, updated: 1, unchanged: 0, rejected: 0 },
        error: read.body.data.error,
        createdAt: expect.any(String),
        appliedAt: null,
        rolledBackAt: null,
      },
    ]);
    const apply = await call(app, { method: 'POST', url: `/api/admin/product-imports/${id}/apply`, token: admin });
    expect([apply.status, apply.body.message]).toEqual([409, 'This import has already been applied']);

    const rolled = await call(app, { method: 'POST', url: `/api/admin/product-imports/${id}/rollback`, token: admin });
    expect([rolled.status, rolled.body.message, rolled.body.data.status]).toEqual([200, 'Import rolled back', 'rolled_back']);
    expect(await products()).toEqual(before);
  });

  it('a rollback stopped half-way shows as failed after the restart, and running it again finishes it', async () => {
    const before = await products();
    const id = await applied(ctx.app, ROWS);
    expect(await products()).toHaveLength(4);
    await ctx.db
      .updateTable('product_imports')
      .set({ status: 'rolling_back', heartbeat_at: LONG_AGO })
      .where('id', '=', id)
      .execute();

    const app = await restart();
    const read = await call(app, { method: 'GET', url: `/api/admin/product-imports/${id}`, token: admin });
    expect(read.body.data).toMatchObject({
      status: 'failed',
      error: 'The rollback was interrupted when the server stopped: roll back again to finish it',
    });
    const rolled = await call(app, { method: 'POST', url: `/api/admin/product-imports/${id}/rollback`, token: admin });
    expect([rolled.status, rolled.body.data.status]).toEqual([200, 'rolled_back']);
    expect(await products()).toEqual(before);
  });

  it(
    usePostgres
      ? "leaves another server's running job alone at start-up, and marks it once it has been silent 30 s"
      : 'marks every job it finds at start-up: a SQLite database has one server',
    async () => {
      const id = await applied(ctx.app, ROWS.slice(0, 1));
      await ctx.db
        .updateTable('product_imports')
        .set({ status: 'applying', applied_at: null, heartbeat_at: new Date().toISOString() })
        .where('id', '=', id)
        .execute();
      const app = await restart();
      const read = await call(app, { method: 'GET', url: `/api/admin/product-imports/${id}`, token: admin });
      expect(read.body.data.status).toBe(usePostgres ? 'applying' : 'failed');
      if (usePostgres) {
        await ctx.db
          .updateTable('product_imports')
          .set({ heartbeat_at: new Date(Date.now() - 31_000).toISOString() })
          .where('id', '=', id)
          .execute();
        const later = await call(app, { method: 'GET', url: `/api/admin/product-imports/${id}`, token: admin });
        expect(later.body.data).toMatchObject({
          status: 'failed',
          error:
            'The import was interrupted when the server stopped, after 1 of 1 rows: roll it back to undo those rows, or import the file again to finish',
        });
      }
    },
  );
});

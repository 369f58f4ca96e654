// Migration 0012: C_Numbers unique per distributor. Over HTTP: another distributor may use a C_Number
// already taken here (and so learns nothing about this one's stores); one distributor may not twice.
// Run down and up again on stores with users, orders and carts: rows, rowids, schema, foreign keys
// all survive the rebuild.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WORLD } from '../seed/base-world.ts';
import { call, tokenFor, type TestContext } from '../../../test/helper.ts';
import { foreignKeysOn, rowidsOf, schemaOf, storedOrRefused } from '../../../test/fixtures/schema-fixtures.ts';
import { createCatalogContext } from '../../../test/fixtures/catalog-fixtures.ts';
import { addDistributor, addDistributorUser, ALL } from '../../../test/fixtures/admin-fixtures.ts';
import * as m0012 from './0012-customer-numbers-per-distributor.ts';

const OTHER = 'dist-other-0012';

describe('migration 0012: C_Numbers unique per distributor', () => {
  let ctx: TestContext;
  let admin: string;
  let otherAdmin: string;

  const create = (token: string, cNumber: string) =>
    call(ctx.app, {
      method: 'POST',
      url: '/api/admin/retailers',
      payload: { cNumber, companyName: `Store ${cNumber}`, contactName: 'Owner' },
      token,
    });

  beforeAll(async () => {
    ctx = await createCatalogContext();
    await addDistributor(ctx.db, OTHER);
    admin = await tokenFor(ctx, WORLD.users.admin.id);
    otherAdmin = await tokenFor(ctx, await addDistributorUser(ctx.db, 'user-0012', { Retailers: ALL }, OTHER));
  });
  afterAll(() => ctx.close());

  it('survives down and up with stores, their users and orders: rows, rowids, schema, foreign keys', async () => {
    const dialect = ctx.config.database.kind;
    const snapshot = async () => ({
      customers: await ctx.db.selectFrom('customers').selectAll().orderBy('id').execute(),
      users: await ctx.db.selectFrom('users').selectAll().orderBy('id').execute(),
      schema: await schemaOf(ctx.db, dialect),
      rowids: await rowidsOf(ctx.db, dialect, 'customers'),
    });
    const before = await snapshot();
    expect(before.customers.length).toBeGreaterThan(2);

    await m0012.down(ctx.db, dialect);
    const dup = await storedOrRefused(
      ctx.db
        .insertInto('customers')
        .values({ ...before.customers[0]!, id: 'c-0012-dup', distributor_id: OTHER })
        .execute(),
    );
    expect(dup).toBe('refused'); // down: one C_Number across the database again
    await m0012.up(ctx.db, dialect);
    expect(await snapshot()).toEqual(before);

    if (dialect === 'sqlite') {
      expect(await foreignKeysOn(ctx.db)).toBe(true);
      const orphan = await storedOrRefused(
        ctx.db.updateTable('users').set({ customer_id: 'no-such-customer' }).where('id', '=', WORLD.users.retailer.id).execute(),
      );
      expect(orphan).toBe('refused');
    }
  });

  it('lets another distributor use a taken C_Number, and refuses it twice for one distributor', async () => {
    const taken = (
      await ctx.db
        .selectFrom('customers')
        .select('c_number')
        .where('distributor_id', '=', WORLD.distributorId)
        .executeTakeFirstOrThrow()
    ).c_number;
    const theirs = await create(otherAdmin, taken);
    expect(theirs.status).toBe(201);
    const again = await create(otherAdmin, taken);
    expect([again.status, again.body.message]).toEqual([409, `C_Number ${taken} is already in use`]);
    const mine = await create(admin, taken);
    expect([mine.status, mine.body.message]).toEqual([409, `C_Number ${taken} is already in use`]);
    const stored = await ctx.db.selectFrom('customers').select('distributor_id').where('c_number', '=', taken).execute();
    expect(stored.map((r) => r.distributor_id).sort()).toEqual([WORLD.distributorId, OTHER].sort());
  });
});

// The spec-shaped customer record and distributor detail, and the look-ups behind them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBaseWorld, WORLD } from '../../db/seed/base-world.ts';
import { createTestContext, type TestContext } from '../../../test/helper.ts';
import { toRetailerRecord, toWarehouseDetails } from './customer-record.ts';
import {
  findCustomerById,
  findCustomerByNumber,
  findDistributor,
  listCustomersByRep,
  listWarehouses,
} from './customers.repository.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
  await createBaseWorld(ctx.db);
});
afterAll(() => ctx.close());

describe('customer record', () => {
  it('maps a customer to the spec field names, balance in dollars', async () => {
    const row = await findCustomerByNumber(ctx.db, WORLD.distributorId, '10002');
    expect(toRetailerRecord(row!)).toEqual({
      id: 'cust-10002',
      C_Number: '10002',
      C_Name: 'Linda Chen',
      C_CoName: 'Sunrise Liquor & Deli',
      C_Address: '455 Main Street',
      C_City: 'Sacramento',
      C_State: 'CA',
      C_Phone: '(916) 555-0002',
      LastBalance: 480,
      C_OrderDay: 5,
      Routes: [{ Route_Number: '101', Stop_Number: '2' }],
      salesRep: { S_Desc: 'Maria Lopez' },
    });
  });

  it('a customer without route or rep has no Routes entry and a null salesRep', async () => {
    await ctx.db
      .updateTable('customers')
      .set({ route_number: null, stop_number: null, sales_rep_id: null, balance_cents: -1999 })
      .where('id', '=', 'cust-10003')
      .execute();
    const record = toRetailerRecord((await findCustomerById(ctx.db, 'cust-10003'))!);
    expect(record.Routes).toEqual([]);
    expect(record.salesRep).toBeNull();
    expect(record.LastBalance).toBe(-19.99);
  });

  it('finds by id and number, unknown ones are undefined; lists a rep’s customers by company name', async () => {
    expect(await findCustomerById(ctx.db, 'nope')).toBeUndefined();
    expect(await findCustomerByNumber(ctx.db, WORLD.distributorId, '99999')).toBeUndefined();
    expect(await findCustomerByNumber(ctx.db, 'other-dist', '10001')).toBeUndefined();
    expect((await listCustomersByRep(ctx.db, 'rep-1')).map((c) => c.c_number)).toEqual(['10001', '10002']);
  });
});

describe('warehouse/distributor detail', () => {
  it('lists the default warehouse first, or the preferred one; D_Name is the distributor company', async () => {
    const distributor = (await findDistributor(ctx.db, WORLD.distributorId))!;
    expect(toWarehouseDetails(distributor, await listWarehouses(ctx.db, distributor.id)).map((d) => d.D_City)).toEqual([
      'Sacramento',
      'Stockton',
    ]);
    const preferred = toWarehouseDetails(distributor, await listWarehouses(ctx.db, distributor.id, 'wh-2'));
    expect(preferred[0]).toEqual({
      D_Name: 'Golden State Wholesale Distributors, Inc.',
      D_Addr1: '88 Port Road',
      D_City: 'Stockton',
      D_State: 'CA',
      D_Phone: '(209) 555-0140',
    });
  });

  it('a distributor without warehouses gets one entry from its own address', async () => {
    const distributor = (await findDistributor(ctx.db, WORLD.distributorId))!;
    expect(toWarehouseDetails(distributor, [])).toEqual([
      {
        D_Name: 'Golden State Wholesale Distributors, Inc.',
        D_Addr1: '1200 Commerce Way',
        D_City: 'Sacramento',
        D_State: 'CA',
        D_Phone: '(916) 555-0100',
      },
    ]);
  });
});

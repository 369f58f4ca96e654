// The audit log: an entry per change with the changed fields, read back newest first per record,
// written inside the caller's transaction (rolled back with it).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBaseWorld, WORLD } from '../../db/seed/base-world.ts';
import { createTestContext, type TestContext } from '../../../test/helper.ts';
import { auditTrail, recordAudit } from './audit.service.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
  await createBaseWorld(ctx.db);
});
afterAll(() => ctx.close());

const clerk = { userId: 'user-admin', name: 'Office Clerk' };
const trailOf = (entityId: string, page = 1, limit = 20) =>
  auditTrail(ctx.db, { distributorId: WORLD.distributorId, entityType: 'customer', entityId, page, limit });

describe('audit log', () => {
  it('records who changed which fields, newest first', async () => {
    await recordAudit(ctx.db, {
      distributorId: WORLD.distributorId,
      entityType: 'customer',
      entityId: 'cust-a',
      action: 'created',
      actor: clerk,
      before: null,
      after: { companyName: 'Corner Mart', priceClass: 1 },
    });
    await recordAudit(ctx.db, {
      distributorId: WORLD.distributorId,
      entityType: 'customer',
      entityId: 'cust-a',
      action: 'updated',
      actor: clerk,
      before: { companyName: 'Corner Mart', priceClass: 1 },
      after: { companyName: 'Corner Mart', priceClass: 3 },
    });

    const trail = await trailOf('cust-a');
    expect(trail.total).toBe(2);
    expect(trail.items.map((e) => [e.action, e.actor, e.changes])).toEqual([
      ['updated', { id: 'user-admin', name: 'Office Clerk' }, [{ field: 'priceClass', before: 1, after: 3 }]],
      [
        'created',
        { id: 'user-admin', name: 'Office Clerk' },
        [
          { field: 'companyName', before: null, after: 'Corner Mart' },
          { field: 'priceClass', before: null, after: 1 },
        ],
      ],
    ]);
    expect(Date.parse(trail.items[0]!.createdAt)).not.toBeNaN();
  });

  it('keeps each record, type and distributor apart, and pages', async () => {
    for (let i = 0; i < 3; i++) {
      await recordAudit(ctx.db, {
        distributorId: WORLD.distributorId,
        entityType: 'customer',
        entityId: 'cust-b',
        action: `step ${i}`,
        actor: null,
        before: null,
        after: null,
      });
    }
    expect((await trailOf('cust-b', 2, 2)).items.map((e) => e.action)).toEqual(['step 0']);
    expect((await trailOf('cust-b', 1, 2)).items.map((e) => [e.action, e.actor])).toEqual([
      ['step 2', null],
      ['step 1', null],
    ]);
    const asOrder = await auditTrail(ctx.db, {
      distributorId: WORLD.distributorId,
      entityType: 'order',
      entityId: 'cust-b',
      page: 1,
      limit: 20,
    });
    expect(asOrder.total).toBe(0);
  });

  it('is written in the caller transaction and rolled back with it', async () => {
    await expect(
      ctx.db.transaction().execute(async (trx) => {
        await recordAudit(trx, {
          distributorId: WORLD.distributorId,
          entityType: 'customer',
          entityId: 'cust-c',
          action: 'updated',
          actor: clerk,
          before: { notes: null },
          after: { notes: 'x' },
        });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect((await trailOf('cust-c')).total).toBe(0);
  });
});

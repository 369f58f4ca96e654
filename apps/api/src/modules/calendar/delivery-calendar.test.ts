// The delivery calendar over HTTP (issue 18 §2), on SQLite and PostgreSQL: a holiday moves the next
// order or delivery day of exactly the stores it touches (and says which), the cut-off is read in the
// distributor's time zone, an order after the cut-off goes to the next delivery day or, with the late
// queue on, is flagged late and listed by /admin/orders?late=true; validation and permissions.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { call, tokenFor, type TestContext } from '../../../test/helper.ts';
import { createCatalogContext, P } from '../../../test/fixtures/catalog-fixtures.ts';
import { WORLD } from '../../db/seed/base-world.ts';
import { advanceClock, resetClock } from '../../platform/clock.ts';

const D = WORLD.distributorId;
/** Move the portal's clock to an instant (the offset is from the real clock, so a test takes no time). */
function moveClock(iso: string): void {
  resetClock();
  advanceClock(Date.parse(iso) - Date.now());
}

// 2030-03-04 is a Monday. Store 10001 orders Wednesday (3) and 10002 Friday (5), both on route 101;
// 10003 orders Monday (1) on route 202. The default cut-off is 14:00, delivery the next day.
describe('delivery calendar: holidays, cut-offs, late orders', () => {
  let ctx: TestContext;
  let admin: string;
  let retailer: string;
  let rep: string;
  let retailer2: string;
  let ordersOnly: string;

  const req = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string, payload?: object, headers?: object) =>
    call(ctx.app, { method, url, token, payload, headers: headers as Record<string, string> });
  const schedule = async (token = retailer) => {
    const res = await req('GET', '/api/retailer/order-schedule', token);
    expect(res.status).toBe(200);
    return res.body.data;
  };

  beforeAll(async () => {
    ctx = await createCatalogContext();
    await ctx.db
      .insertInto('distributor_roles')
      .values({
        id: 'role-cal-view',
        distributor_id: D,
        name: 'Calendar readers',
        description: null,
        is_system: 0,
        created_at: '2030-01-01T00:00:00.000Z',
      })
      .execute();
    await ctx.db
      .insertInto('role_permissions')
      .values({ role_id: 'role-cal-view', module: 'Calender', can_view: 1, can_add: 0, can_edit: 0, can_delete: 0 })
      .execute();
    await ctx.db
      .insertInto('users')
      .values({
        id: 'user-cal-view',
        distributor_id: D,
        role: 'distributor',
        email: 'calview@demo.test',
        phone: null,
        password_hash: null,
        name: 'Cal Viewer',
        customer_id: null,
        sales_rep_id: null,
        distributor_role_id: 'role-cal-view',
        is_active: 1,
        created_at: '2030-01-01T00:00:00.000Z',
        updated_at: '2030-01-01T00:00:00.000Z',
      })
      .execute();
    [admin, retailer, retailer2, rep, ordersOnly] = await Promise.all([
      tokenFor(ctx, WORLD.users.admin.id),
      tokenFor(ctx, WORLD.users.retailer.id),
      tokenFor(ctx, WORLD.users.retailer2.id),
      tokenFor(ctx, WORLD.users.sales.id),
      tokenFor(ctx, 'user-cal-view'),
    ]);
  });
  afterEach(() => resetClock());
  /** Moves the clock and signs everyone in again (a session from the real clock has expired by then). */
  async function setNow(iso: string): Promise<void> {
    moveClock(iso);
    [admin, retailer, retailer2, rep, ordersOnly] = await Promise.all([
      tokenFor(ctx, WORLD.users.admin.id),
      tokenFor(ctx, WORLD.users.retailer.id),
      tokenFor(ctx, WORLD.users.retailer2.id),
      tokenFor(ctx, WORLD.users.sales.id),
      tokenFor(ctx, 'user-cal-view'),
    ]);
  }
  afterAll(() => ctx.close());

  it('gives the store its next order day, delivery date and colour', async () => {
    await setNow('2030-03-04T10:00:00.000Z');
    expect(await schedule()).toMatchObject({
      orderDay: 3,
      label: 'Wednesday',
      regularLabel: null,
      orderDate: '2030-03-06',
      deliveryDate: '2030-03-07',
      cutoffAt: '2030-03-06T14:00:00.000Z',
      cutoffTime: '14:00',
      timeZone: 'UTC',
      daysToOrderDay: 2,
      colour: 'orange',
      text: '2 days to your order day',
      countdown: null,
      movedBy: [],
      lateNow: false,
    });
    // The rep reads its working customer's the same way.
    expect((await req('POST', `/api/sales/setSalesSession/${WORLD.customers.c10002}`, rep)).status).toBe(200);
    const sales = await req('GET', '/api/sales/order-schedule', rep, undefined, { 'x-customer-id': WORLD.customers.c10002 });
    expect(sales.status).toBe(200);
    expect(sales.body.data).toMatchObject({
      label: 'Friday',
      orderDate: '2030-03-08',
      deliveryDate: '2030-03-09',
      daysToOrderDay: 4,
    });
  });

  it('a holiday recomputes at once the next order day of every store it touches, and only those', async () => {
    await setNow('2030-03-04T10:00:00.000Z');
    const added = await req('POST', '/api/admin/calendar/entries', admin, {
      kind: 'holiday',
      title: 'Route 101 closed',
      date: '2030-03-06',
      routeNumber: '101',
      shift: 'before',
    });
    expect(added.status).toBe(200);
    expect(added.body.message).toBe('Calendar entry added');
    expect(added.body.data).toMatchObject({
      affectedStores: 1,
      stores: [
        {
          C_Number: '10001',
          C_CoName: 'Corner Mart #1',
          routeNumber: '101',
          orderDate: '2030-03-05',
          deliveryDate: '2030-03-07',
        },
      ],
    });
    expect(await schedule()).toMatchObject({
      label: 'Tuesday',
      regularLabel: 'Wednesday',
      orderDate: '2030-03-05',
      deliveryDate: '2030-03-07',
      daysToOrderDay: 1,
      colour: 'red',
      movedBy: ['Route 101 closed'],
    });
    // Stored as a whole-day entry that the calendar readers list with its kind, route and shift.
    const listed = await req('GET', '/api/admin/calendar?from=2030-03-01&to=2030-03-31', admin);
    expect(listed.body.data.entries).toEqual([
      expect.objectContaining({
        kind: 'holiday',
        title: 'Route 101 closed',
        date: '2030-03-06',
        endDate: null,
        routeNumber: '101',
        shift: 'before',
        allDay: true,
        startsAt: '2030-03-06T00:00:00.000Z',
        endsAt: '2030-03-07T00:00:00.000Z',
      }),
    ]);

    // Every route, on Friday the 8th, deliveries after: 10002's order day (Friday) moves to Saturday,
    // 10001's delivery (Thursday) is untouched.
    const all = await req('POST', '/api/admin/calendar/entries', admin, {
      kind: 'holiday',
      title: 'Spring day',
      date: '2030-03-08',
      shift: 'after',
    });
    expect(all.body.data).toMatchObject({
      affectedStores: 1,
      stores: [{ C_Number: '10002', orderDate: '2030-03-09', deliveryDate: '2030-03-09' }],
    });
    expect(await schedule(retailer2)).toMatchObject({ label: 'Saturday', orderDate: '2030-03-09', deliveryDate: '2030-03-09' });

    // Editing it to the day before moves 10002 again; deleting it moves it back.
    const edited = await req('PUT', `/api/admin/calendar/entries/${all.body.data.id}`, admin, {
      kind: 'holiday',
      title: 'Spring day',
      date: '2030-03-08',
      shift: 'before',
    });
    expect(edited.body.data.stores).toEqual([
      expect.objectContaining({ C_Number: '10002', orderDate: '2030-03-07', deliveryDate: '2030-03-09' }),
    ]);
    const deleted = await req('DELETE', `/api/admin/calendar/entries/${all.body.data.id}`, admin);
    expect(deleted.status).toBe(200);
    expect(deleted.body.data.stores).toEqual([
      expect.objectContaining({ C_Number: '10002', orderDate: '2030-03-08', deliveryDate: '2030-03-09' }),
    ]);
    expect(await schedule(retailer2)).toMatchObject({ orderDate: '2030-03-08' });

    // A promotion or note moves nothing.
    const note = await req('POST', '/api/admin/calendar/entries', admin, {
      kind: 'promotion',
      title: 'Soda week',
      date: '2030-03-04',
      endDate: '2030-03-10',
    });
    expect(note.body.data).toMatchObject({ affectedStores: 0, stores: [] });
    await req('DELETE', `/api/admin/calendar/entries/${note.body.data.id}`, admin);
  });

  it('reads the cut-off in the distributor time zone and counts down on the order day', async () => {
    await ctx.db
      .insertInto('settings')
      .values({
        distributor_id: D,
        key: 'time_zone',
        value: JSON.stringify('America/Los_Angeles'),
        updated_at: '2030-01-01T00:00:00.000Z',
      })
      .execute();
    const saved = await req('PUT', '/api/admin/calendar/cutoffs', admin, {
      routeNumber: '101',
      orderDay: 3,
      cutoffTime: '09:00',
      deliveryOffsetDays: 1,
    });
    expect(saved.status).toBe(200);
    expect(saved.body.data.routes).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ routeNumber: '101', orderDay: 3, cutoffTime: '09:00', configured: true, stores: 1 }),
      ]),
    );
    // Wednesday 2030-03-13, Los Angeles on PDT (UTC−7): 09:00 there is 16:00Z.
    await setNow('2030-03-13T15:59:00.000Z');
    expect(await schedule()).toMatchObject({
      orderDate: '2030-03-13',
      daysToOrderDay: 0,
      text: 'Today is your order day',
      countdown: "Order by 9:00 AM for Thursday's delivery",
      cutoffAt: '2030-03-13T16:00:00.000Z',
      timeZone: 'America/Los_Angeles',
    });
    await setNow('2030-03-13T16:00:00.000Z');
    expect(await schedule()).toMatchObject({
      orderDate: '2030-03-20',
      daysToOrderDay: 7,
      colour: 'green',
      countdown: null,
      lateNow: false,
    });
  });

  it('an order after the cut-off goes to the next delivery day, or with the late queue on is held late', async () => {
    await ctx.db.updateTable('customers').set({ min_order_cents: null }).where('id', '=', WORLD.customers.c10001).execute();
    await setNow('2030-03-13T16:30:00.000Z'); // after 09:00 PDT on 10001's order day (cut-off set above)
    const place = async () => {
      expect((await req('POST', '/api/retailer/cart/add', retailer, { productId: P.cola, quantity: 1 })).status).toBe(200);
      const res = await call(ctx.app, {
        method: 'POST',
        url: '/api/retailer/placeOrder',
        token: retailer,
        payload: {},
        headers: { 'is-web-order': 'true' },
      });
      expect(res.status).toBe(200);
      return ctx.db
        .selectFrom('orders')
        .select(['id', 'requested_delivery_date', 'late'])
        .where('order_number', '=', res.body.data.orderNumber ?? res.body.data.order?.orderNumber)
        .executeTakeFirstOrThrow();
    };
    const next = await place();
    expect(next).toMatchObject({ requested_delivery_date: '2030-03-21', late: 0 });

    const policy = await req('PUT', '/api/admin/calendar/late-policy', admin, { latePolicy: 'queue' });
    expect(policy.status).toBe(200);
    expect(policy.body.data.latePolicy).toBe('queue');
    expect(await schedule()).toMatchObject({ lateNow: true });
    const late = await place();
    expect(late).toMatchObject({ requested_delivery_date: '2030-03-14', late: 1 });

    const listed = await req('GET', '/api/admin/orders?late=true', admin);
    expect(listed.status).toBe(200);
    expect(listed.body.data.items.map((o: { id: string; late: boolean }) => [o.id, o.late])).toEqual([[late.id, true]]);
    const onTime = await req('GET', '/api/admin/orders?late=false', admin);
    expect(onTime.body.data.items.map((o: { id: string }) => o.id)).toContain(next.id);
    expect((await req('GET', '/api/admin/orders?late=maybe', admin)).body).toMatchObject({
      success: false,
      message: expect.stringContaining('late must be true or false'),
    });
    await req('PUT', '/api/admin/calendar/late-policy', admin, { latePolicy: 'next' });
  });

  it('refuses bad entries and cut-offs with their messages', async () => {
    const post = (body: object) => req('POST', '/api/admin/calendar/entries', admin, body);
    const noShift = await post({ kind: 'holiday', title: 'X', date: '2030-03-06' });
    expect(noShift.status).toBe(400);
    expect(noShift.body.error.fields).toMatchObject({
      shift: 'Choose whether deliveries move to the day before or the day after',
    });
    const backwards = await post({ kind: 'note', title: 'X', date: '2030-03-06', endDate: '2030-03-01' });
    expect(backwards.body.error.fields).toMatchObject({ endDate: 'The end date must be on or after the date' });
    const badDate = await post({ kind: 'note', title: ' ', date: '2030-02-30' });
    expect(badDate.body.error.fields).toMatchObject({ title: 'Enter a title', date: 'Enter a date in the form YYYY-MM-DD' });
    const badKind = await post({ kind: 'event', title: 'X', date: '2030-03-06' });
    expect(badKind.status).toBe(400);
    const badTime = await req('PUT', '/api/admin/calendar/cutoffs', admin, {
      routeNumber: '101',
      orderDay: 9,
      cutoffTime: '25:00',
      deliveryOffsetDays: 1,
    });
    expect(badTime.body.error.fields).toMatchObject({
      orderDay: 'The order day must be a whole number from 1 (Monday) to 7 (Sunday)',
      cutoffTime: 'Enter the cut-off time as HH:MM (24-hour)',
    });
    expect(
      (await req('PUT', '/api/admin/calendar/entries/nope', admin, { kind: 'note', title: 'X', date: '2030-03-06' })).body,
    ).toMatchObject({
      success: false,
      message: 'Calendar entry not found',
    });
    await ctx.db
      .insertInto('calendar_entries')
      .values({
        id: 'ev-1',
        distributor_id: D,
        title: 'Visit',
        description: null,
        starts_at: '2030-03-06T10:00:00.000Z',
        ends_at: null,
        all_day: 0,
        customer_id: null,
        sales_rep_id: null,
        created_at: '2030-01-01T00:00:00.000Z',
      })
      .execute();
    const event = await req('DELETE', '/api/admin/calendar/entries/ev-1', admin);
    expect(event.status).toBe(400);
    expect(event.body.message).toBe('Only delivery days, holidays, promotions and notes can be changed here');
  });

  it('lets a Calender viewer read but not change; other roles are refused', async () => {
    expect((await req('GET', '/api/admin/calendar/cutoffs', ordersOnly)).status).toBe(200);
    expect(
      (await req('POST', '/api/admin/calendar/entries', ordersOnly, { kind: 'note', title: 'X', date: '2030-03-06' })).status,
    ).toBe(403);
    expect((await req('PUT', '/api/admin/calendar/late-policy', ordersOnly, { latePolicy: 'queue' })).status).toBe(403);
    expect((await req('GET', '/api/admin/calendar/cutoffs', retailer)).status).toBe(403);
    expect((await req('GET', '/api/retailer/order-schedule', admin)).status).toBe(403);
  });
});

// The calendar over HTTP: what a rep may see (rep-1 against rep-2), what the distributor sees, the
// range and its validation messages, the order of the answer, the store link, 401/403 for other
// roles, and that the demo seed puts entries in the current and the next week.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CalendarEntryTable } from '../../db/schema.ts';
import { createBaseWorld, WORLD } from '../../db/seed/base-world.ts';
import { seedExtras } from '../../db/seed/extras.ts';
import { now } from '../../platform/clock.ts';
import { call, createTestContext, tokenFor, type TestContext } from '../../../test/helper.ts';

const D = WORLD.distributorId;
const CREATED = '2030-01-01T00:00:00.000Z';

const entry = (id: string, startsAt: string, extra: Partial<CalendarEntryTable> = {}): CalendarEntryTable => ({
  id,
  distributor_id: D,
  title: `Title ${id}`,
  description: null,
  starts_at: startsAt,
  ends_at: null,
  all_day: 0,
  customer_id: null,
  sales_rep_id: null,
  created_at: CREATED,
  ...extra,
});

// Inserted out of order on purpose: the answer is sorted by start.
const ENTRIES: CalendarEntryTable[] = [
  entry('e-c1', '2030-03-06T18:00:00.000Z', {
    customer_id: WORLD.customers.c10001,
    title: 'Candy aisle reset',
    description: 'Reset the planogram',
  }),
  entry('e-wide', '2030-03-04T08:00:00.000Z', {
    ends_at: '2030-03-05T07:00:00.000Z',
    all_day: 1,
    title: 'Warehouse inventory count',
  }),
  entry('e-rep2', '2030-03-05T15:00:00.000Z', { sales_rep_id: 'rep-2' }),
  entry('e-rep1', '2030-03-05T16:00:00.000Z', { sales_rep_id: 'rep-1', ends_at: '2030-03-05T17:00:00.000Z' }),
  entry('e-c3', '2030-03-06T17:00:00.000Z', { customer_id: WORLD.customers.c10003 }),
  // About rep-1's store but meant for rep-2: rep-1 does not see it.
  entry('e-c1-rep2', '2030-03-06T19:00:00.000Z', { customer_id: WORLD.customers.c10001, sales_rep_id: 'rep-2' }),
  entry('e-tie-timed', '2030-03-03T08:00:00.000Z'),
  entry('e-tie-allday', '2030-03-03T08:00:00.000Z', { all_day: 1 }),
  // Started before the range and still running on its first day.
  entry('e-span', '2030-02-28T20:00:00.000Z', { ends_at: '2030-03-02T10:00:00.000Z' }),
  // Outside the range: ended the day before, or starts right at its end.
  entry('e-before', '2030-02-27T10:00:00.000Z', { ends_at: '2030-02-28T23:59:59.000Z' }),
  entry('e-after', '2030-03-08T00:00:00.000Z'),
];

const RANGE = 'from=2030-03-01&to=2030-03-07';
const ids = (body: { data: { entries: { id: string }[] } }) => body.data.entries.map((e) => e.id);

describe('calendar: GET /sales/calendar and GET /admin/calendar', () => {
  let ctx: TestContext;
  let rep1: string;
  let rep2: string;
  let admin: string;
  let retailer: string;
  let noCalendar: string;

  beforeAll(async () => {
    ctx = await createTestContext();
    await createBaseWorld(ctx.db);
    await ctx.db
      .insertInto('distributors')
      .values({
        id: 'dist-2',
        name: 'Other',
        company_name: 'Other Wholesale',
        email: null,
        phone: null,
        addr1: null,
        city: null,
        state: null,
        zip: null,
        logo_url: null,
        created_at: CREATED,
      })
      .execute();
    await ctx.db
      .insertInto('calendar_entries')
      .values([...ENTRIES, entry('e-other-dist', '2030-03-04T09:00:00.000Z', { distributor_id: 'dist-2' })])
      .execute();
    // A distributor user whose role has no Calender permission.
    await ctx.db
      .insertInto('distributor_roles')
      .values({ id: 'role-orders', distributor_id: D, name: 'Orders only', description: null, is_system: 0, created_at: CREATED })
      .execute();
    await ctx.db
      .insertInto('role_permissions')
      .values({ role_id: 'role-orders', module: 'Orders', can_view: 1, can_add: 0, can_edit: 0, can_delete: 0 })
      .execute();
    await ctx.db
      .insertInto('users')
      .values({
        id: 'user-orders',
        distributor_id: D,
        role: 'distributor',
        email: 'orders@demo.test',
        phone: null,
        password_hash: null,
        name: 'Olga Orders',
        customer_id: null,
        sales_rep_id: null,
        distributor_role_id: 'role-orders',
        is_active: 1,
        created_at: CREATED,
        updated_at: CREATED,
      })
      .execute();
    [rep1, rep2, admin, retailer, noCalendar] = await Promise.all([
      tokenFor(ctx, WORLD.users.sales.id),
      tokenFor(ctx, WORLD.users.sales2.id),
      tokenFor(ctx, WORLD.users.admin.id),
      tokenFor(ctx, WORLD.users.retailer.id),
      tokenFor(ctx, 'user-orders'),
    ]);
  });
  afterAll(() => ctx.close());

  const get = (url: string, token?: string) => call(ctx.app, { method: 'GET', url, token });

  it('gives a rep the distributor-wide entries, its own and its stores’, sorted by start, never another rep’s', async () => {
    const res = await get(`/api/sales/calendar?${RANGE}`, rep1);
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
    expect(ids(res.body)).toEqual(['e-span', 'e-tie-allday', 'e-tie-timed', 'e-wide', 'e-rep1', 'e-c1']);
    expect(res.body.data).toMatchObject({ from: '2030-03-01', to: '2030-03-07', total: 6 });

    const other = await get(`/api/sales/calendar?${RANGE}`, rep2);
    expect(other.status).toBe(200);
    expect(ids(other.body)).toEqual(['e-span', 'e-tie-allday', 'e-tie-timed', 'e-wide', 'e-rep2', 'e-c3', 'e-c1-rep2']);
  });

  it('answers each entry with its times, all-day flag and the linked store', async () => {
    const { body } = await get(`/api/sales/calendar?${RANGE}`, rep1);
    const byId = new Map(body.data.entries.map((e: { id: string }) => [e.id, e]));
    expect(byId.get('e-c1')).toEqual({
      id: 'e-c1',
      title: 'Candy aisle reset',
      description: 'Reset the planogram',
      startsAt: '2030-03-06T18:00:00.000Z',
      endsAt: null,
      allDay: false,
      customer: { id: WORLD.customers.c10001, C_Number: '10001', C_CoName: 'Corner Mart #1' },
      salesRep: null,
      kind: 'event',
      routeNumber: null,
      shift: null,
      date: null,
      endDate: null,
    });
    expect(byId.get('e-wide')).toMatchObject({
      title: 'Warehouse inventory count',
      startsAt: '2030-03-04T08:00:00.000Z',
      endsAt: '2030-03-05T07:00:00.000Z',
      allDay: true,
      customer: null,
      salesRep: null,
    });
    expect(byId.get('e-rep1')).toMatchObject({ allDay: false, customer: null, salesRep: { id: 'rep-1', S_Desc: 'Maria Lopez' } });
  });

  it('gives the distributor every entry of its own distributor, with the Calender view permission', async () => {
    const res = await get(`/api/admin/calendar?${RANGE}`, admin);
    expect(res.status).toBe(200);
    expect(ids(res.body)).toEqual([
      'e-span',
      'e-tie-allday',
      'e-tie-timed',
      'e-wide',
      'e-rep2',
      'e-rep1',
      'e-c3',
      'e-c1',
      'e-c1-rep2',
    ]);
    expect(res.body.data.entries.find((e: { id: string }) => e.id === 'e-c3').customer).toEqual({
      id: WORLD.customers.c10003,
      C_Number: '10003',
      C_CoName: expect.any(String),
    });

    const denied = await get(`/api/admin/calendar?${RANGE}`, noCalendar);
    expect(denied.status).toBe(403);
    expect(denied.body).toMatchObject({
      success: false,
      message: 'You do not have view permission for Calender',
      error: { code: 'FORBIDDEN' },
    });
  });

  it('covers both end days: a one-day range has that day’s entries only', async () => {
    expect(ids((await get('/api/sales/calendar?from=2030-03-06&to=2030-03-06', rep1)).body)).toEqual(['e-c1']);
    expect(ids((await get('/api/sales/calendar?from=2030-03-08&to=2030-03-08', rep1)).body)).toEqual(['e-after']);
    const empty = await get('/api/sales/calendar?from=2031-01-01&to=2031-01-31', rep1);
    expect(empty.status).toBe(200);
    expect(empty.body.data).toEqual({ from: '2031-01-01', to: '2031-01-31', entries: [], total: 0 });
  });

  it.each([
    ['to=2030-03-07', 'from is required', 'from'],
    ['from=2030-03-01', 'to is required', 'to'],
    ['from=2030-3-1&to=2030-03-07', 'from must be a date in the form YYYY-MM-DD', 'from'],
    ['from=2030-03-01&to=2030-02-30', 'to must be a date in the form YYYY-MM-DD', 'to'],
    ['from=yesterday&to=2030-03-07', 'from must be a date in the form YYYY-MM-DD', 'from'],
    ['from=2030-03-08&to=2030-03-07', 'from must be on or before to', 'to'],
    ['from=2030-01-01&to=2030-04-04', 'The range can cover at most 93 days', 'to'],
  ])('refuses ?%s with 400 “%s”', async (query, message, field) => {
    for (const [url, token] of [
      [`/api/sales/calendar?${query}`, rep1],
      [`/api/admin/calendar?${query}`, admin],
    ] as const) {
      const res = await get(url, token);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({
        success: false,
        message,
        error: { code: 'VALIDATION_ERROR', fields: { [field]: message } },
      });
    }
  });

  it('accepts a range of exactly 93 days', async () => {
    const res = await get('/api/sales/calendar?from=2030-01-01&to=2030-04-03', rep1);
    expect(res.status).toBe(200);
    expect(res.body.data.total).toBe(8); // rep-1's six of March, and e-before and e-after
  });

  it('keeps each path to its role: 401 without sign-in, 403 for the other roles', async () => {
    for (const url of [`/api/sales/calendar?${RANGE}`, `/api/admin/calendar?${RANGE}`]) {
      const res = await get(url);
      expect(res.status).toBe(401);
      expect(res.body).toMatchObject({ success: false, error: { code: 'UNAUTHORIZED' } });
    }
    expect((await get(`/api/sales/calendar?${RANGE}`, retailer)).status).toBe(403);
    expect((await get(`/api/sales/calendar?${RANGE}`, admin)).status).toBe(403);
    expect((await get(`/api/admin/calendar?${RANGE}`, retailer)).status).toBe(403);
    expect((await get(`/api/admin/calendar?${RANGE}`, rep1)).status).toBe(403);
  });
});

describe('calendar: the demo seed', () => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await createTestContext();
    await createBaseWorld(ctx.db);
    await ctx.db.transaction().execute((trx) =>
      seedExtras({
        trx,
        distributorId: D,
        products: [],
        now: now(),
        retailerUserId: null,
        retailerCustomerId: WORLD.customers.c10001,
        repId: 'rep-1',
        adminUserId: null,
      }),
    );
  });
  afterAll(() => ctx.close());

  /** Monday of the (UTC) week `weeks` from now, and its Sunday, as YYYY-MM-DD. */
  const week = (weeks: number) => {
    const t = now();
    const monday =
      Date.UTC(t.getUTCFullYear(), t.getUTCMonth(), t.getUTCDate()) -
      ((t.getUTCDay() + 6) % 7) * 86_400_000 +
      weeks * 7 * 86_400_000;
    const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
    return `from=${day(monday)}&to=${day(monday + 6 * 86_400_000)}`;
  };

  it('puts some of the demo rep’s entries in the current week and in the next one', async () => {
    const token = await tokenFor(ctx, WORLD.users.sales.id);
    for (const weeks of [0, 1]) {
      const res = await call(ctx.app, { method: 'GET', url: `/api/sales/calendar?${week(weeks)}`, token });
      expect(res.status).toBe(200);
      expect(res.body.data.total).toBeGreaterThan(0);
    }
    // Today's route review is the demo rep's own.
    const current = await call(ctx.app, { method: 'GET', url: `/api/sales/calendar?${week(0)}`, token });
    expect(current.body.data.entries.map((e: { title: string }) => e.title)).toContain('Route review with the sales manager');
  });
});

// Issue 18 §2 with issue 15 §4: every change of the delivery calendar is in the audit log, written in the
// same transaction, naming who made it and each field before and after (docs/audit.md).
describe('calendar: the audit log of entries, cut-offs and the late-orders rule', () => {
  let ctx: TestContext;
  let admin: string;

  beforeAll(async () => {
    ctx = await createTestContext();
    await createBaseWorld(ctx.db);
    admin = await tokenFor(ctx, WORLD.users.admin.id);
  });
  afterAll(() => ctx.close());

  const send = (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    call(ctx.app, { method, url, token: admin, payload });
  /** A record's audit rows, oldest first, as stored. */
  const trail = async (entityType: string, entityId: string) => {
    const rows = await ctx.db
      .selectFrom('audit_log')
      .select(['distributor_id', 'action', 'actor_user_id', 'actor_name', 'changes_json'])
      .where('entity_type', '=', entityType)
      .where('entity_id', '=', entityId)
      .orderBy('id')
      .execute();
    return rows.map(({ changes_json, ...r }) => ({ ...r, changes: JSON.parse(changes_json) as unknown }));
  };
  const by = { distributor_id: D, actor_user_id: WORLD.users.admin.id, actor_name: 'Dana Whitfield' };

  it('records an entry created, changed and deleted, with each changed field before and after', async () => {
    const added = await send('POST', '/api/admin/calendar/entries', {
      kind: 'holiday',
      title: 'Route 101 closed',
      date: '2030-03-06',
      routeNumber: '101',
      shift: 'before',
    });
    expect(added.status).toBe(200);
    const id: string = added.body.data.id;
    expect(await trail('calendar_entry', id)).toEqual([
      {
        ...by,
        action: 'created',
        changes: [
          { field: 'kind', before: null, after: 'holiday' },
          { field: 'title', before: null, after: 'Route 101 closed' },
          { field: 'date', before: null, after: '2030-03-06' },
          { field: 'routeNumber', before: null, after: '101' },
          { field: 'shift', before: null, after: 'before' },
        ],
      },
    ]);

    const edited = await send('PUT', `/api/admin/calendar/entries/${id}`, {
      kind: 'holiday',
      title: 'Route 101 closed (snow)',
      date: '2030-03-06',
      endDate: '2030-03-07',
      routeNumber: '101',
      shift: 'after',
      description: 'Roads closed',
    });
    expect(edited.status).toBe(200);
    const deleted = await send('DELETE', `/api/admin/calendar/entries/${id}`);
    expect(deleted.status).toBe(200);
    const rows = await trail('calendar_entry', id);
    expect(rows.map((r) => r.action)).toEqual(['created', 'updated', 'deleted']);
    expect(rows[1]).toEqual({
      ...by,
      action: 'updated',
      changes: [
        { field: 'title', before: 'Route 101 closed', after: 'Route 101 closed (snow)' },
        { field: 'endDate', before: null, after: '2030-03-07' },
        { field: 'shift', before: 'before', after: 'after' },
        { field: 'description', before: null, after: 'Roads closed' },
      ],
    });
    expect(rows[2]).toEqual({
      ...by,
      action: 'deleted',
      changes: [
        { field: 'kind', before: 'holiday', after: null },
        { field: 'title', before: 'Route 101 closed (snow)', after: null },
        { field: 'date', before: '2030-03-06', after: null },
        { field: 'endDate', before: '2030-03-07', after: null },
        { field: 'routeNumber', before: '101', after: null },
        { field: 'shift', before: 'after', after: null },
        { field: 'description', before: 'Roads closed', after: null },
      ],
    });
  });

  it('writes nothing for a refused change', async () => {
    const count = async () =>
      Number(
        (
          await ctx.db
            .selectFrom('audit_log')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await count();
    expect((await send('POST', '/api/admin/calendar/entries', { kind: 'holiday', title: 'X', date: '2030-03-06' })).status).toBe(
      400,
    );
    expect((await send('PUT', '/api/admin/calendar/entries/nope', { kind: 'note', title: 'X', date: '2030-03-06' })).status).toBe(
      404,
    );
    // A timed event is not the office's to change here.
    await ctx.db.insertInto('calendar_entries').values(entry('ev-audit', '2030-03-06T10:00:00.000Z')).execute();
    expect((await send('DELETE', '/api/admin/calendar/entries/ev-audit')).status).toBe(400);
    expect(
      (
        await send('PUT', '/api/admin/calendar/cutoffs', {
          routeNumber: '101',
          orderDay: 3,
          cutoffTime: '9am',
          deliveryOffsetDays: 1,
        })
      ).status,
    ).toBe(400);
    expect(await count()).toBe(before);
  });

  it('records a cut-off set for the first time as created, then each change, keyed route:order day', async () => {
    const first = await send('PUT', '/api/admin/calendar/cutoffs', {
      routeNumber: '101',
      orderDay: 3,
      cutoffTime: '09:00',
      deliveryOffsetDays: 1,
    });
    expect(first.status).toBe(200);
    const second = await send('PUT', '/api/admin/calendar/cutoffs', {
      routeNumber: '101',
      orderDay: 3,
      cutoffTime: '10:30',
      deliveryOffsetDays: 2,
    });
    expect(second.status).toBe(200);
    expect(await trail('route_cutoff', '101:3')).toEqual([
      {
        ...by,
        action: 'created',
        changes: [
          { field: 'routeNumber', before: null, after: '101' },
          { field: 'orderDay', before: null, after: 3 },
          { field: 'cutoffTime', before: null, after: '09:00' },
          { field: 'deliveryOffsetDays', before: null, after: 1 },
        ],
      },
      {
        ...by,
        action: 'updated',
        changes: [
          { field: 'cutoffTime', before: '09:00', after: '10:30' },
          { field: 'deliveryOffsetDays', before: 1, after: 2 },
        ],
      },
    ]);
    // Another route's order day is its own record.
    expect(await trail('route_cutoff', '202:1')).toEqual([]);
  });

  it("records the late-orders rule on the distributor's settings", async () => {
    expect((await send('PUT', '/api/admin/calendar/late-policy', { latePolicy: 'queue' })).status).toBe(200);
    expect((await send('PUT', '/api/admin/calendar/late-policy', { latePolicy: 'next' })).status).toBe(200);
    expect(await trail('settings', D)).toEqual([
      { ...by, action: 'updated', changes: [{ field: 'latePolicy', before: 'next', after: 'queue' }] },
      { ...by, action: 'updated', changes: [{ field: 'latePolicy', before: 'queue', after: 'next' }] },
    ]);
  });
});

// Notifications over HTTP on SQLite and PostgreSQL: the retailer paths of spec §7 with their exact
// messages (soft delete, 404 for another retailer's notification, 403 for sales and distributor tokens),
// the office's composer (validation, audience preview, scheduling and cancelling) and history with read
// counts, system notifications created by a real status move (one and bulk), sign-up approval and staff
// reply, and the job (due scheduled ones and order reminders) run at a fixed clock, claimed once.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { NOTIFICATION_AUDIENCE_TYPE_MESSAGE, NOTIFICATION_MESSAGES } from '@portal/shared/notifications/notifications.schemas';
import { WORLD } from '../../db/seed/base-world.ts';
import { advanceClock, resetClock } from '../../platform/clock.ts';
import { call, tokenFor, type TestContext } from '../../../test/helper.ts';
import { addDistributorUser } from '../../../test/fixtures/admin-fixtures.ts';
import { P, createCatalogContext, setCustomer } from '../../../test/fixtures/catalog-fixtures.ts';
import { runNotificationJob, sendOrderReminders } from './notifications-jobs.ts';
import { sendDueNotifications } from './notifications.service.ts';

const ADMIN = '/api/admin/notifications';
const DAY = 86_400_000;

/** The first instant at or after `from` that is this ISO weekday (1 Monday) at hh:mm UTC. */
function nextWeekdayAt(from: number, weekday: number, hh: number, mm = 0): Date {
  const d = new Date(from);
  d.setUTCHours(hh, mm, 0, 0);
  while (d.getTime() < from || ((d.getUTCDay() + 6) % 7) + 1 !== weekday) d.setTime(d.getTime() + DAY);
  return d;
}

describe('notifications', () => {
  let ctx: TestContext;
  let admin: string;
  let retailer: string;
  let retailer2: string;
  let sales: string;
  let viewOnly: string;

  const get = (url: string, token: string) => call(ctx.app, { method: 'GET', url, token });
  const post = (url: string, payload: object, token = admin) => call(ctx.app, { method: 'POST', url, payload, token });
  const inbox = async (token = retailer) => {
    const res = await get('/api/retailer/notificationList', token);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data as {
      notifications: {
        id: string;
        title: string;
        body: string;
        description: string;
        isRead: boolean;
        kind: string;
        url: string | null;
      }[];
      unreadCount: number;
    };
  };
  const compose = async (body: object) => {
    const res = await post(ADMIN, body);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.data as { id: string; recipients: number; readCount: number; status: string };
  };
  /** The retailer's notifications of one kind, newest first (a scheduled one sent "later" sorts above). */
  const ofKind = async (kind: string, token = retailer) => (await inbox(token)).notifications.filter((n) => n.kind === kind);
  const history = async (query = '') => (await get(`${ADMIN}${query}`, admin)).body.data;
  const placeOrder = async (token: string) => {
    expect(
      (await call(ctx.app, { method: 'POST', url: '/api/retailer/cart/add', payload: { productId: P.cola, quantity: 6 }, token }))
        .status,
    ).toBe(200);
    const placed = await call(ctx.app, {
      method: 'POST',
      url: '/api/retailer/placeOrder',
      payload: {},
      headers: { 'is-web-order': 'true' },
      token,
    });
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    const number = String(placed.body.data.orderNumber);
    const row = await ctx.db.selectFrom('orders').select('id').where('order_number', '=', number).executeTakeFirstOrThrow();
    return { number, id: row.id };
  };

  beforeAll(async () => {
    ctx = await createCatalogContext();
    for (const id of [WORLD.customers.c10001, WORLD.customers.c10002]) await setCustomer(ctx.db, id, { min_order_cents: null });
    admin = await tokenFor(ctx, WORLD.users.admin.id);
    retailer = await tokenFor(ctx, WORLD.users.retailer.id);
    retailer2 = await tokenFor(ctx, WORLD.users.retailer2.id);
    sales = await tokenFor(ctx, WORLD.users.sales.id);
    viewOnly = await tokenFor(ctx, await addDistributorUser(ctx.db, 'notif-view', { Notifications: { view: true } }));
  });
  afterAll(() => ctx.close());
  afterEach(() => resetClock());

  it('starts empty for a retailer', async () => {
    expect(await inbox()).toEqual({ notifications: [], unreadCount: 0 });
  });

  it('sends a composed notification to route 101: both stores get it, unread, newest first', async () => {
    const res = await post(ADMIN, {
      title: '  Route 101 runs late ',
      body: 'The truck is one hour late today.',
      audienceType: 'routes',
      audienceValues: ['101'],
      url: '/retailer/order',
    });
    expect(res.status).toBe(201);
    expect(res.body.message).toBe('Notification sent');
    expect(res.body.data).toMatchObject({
      title: 'Route 101 runs late',
      kind: 'message',
      audienceType: 'routes',
      audienceValues: ['101'],
      status: 'sent',
      recipients: 2,
      readCount: 0,
      pushDelivered: 0,
      createdBy: 'Dana Whitfield',
      url: '/retailer/order',
    });
    const second = await compose({ title: 'Summer drinks', body: 'New flavours are in.', audienceType: 'all' });
    expect(second.recipients).toBe(2);
    for (const token of [retailer, retailer2]) {
      const list = await inbox(token);
      expect(list.unreadCount).toBe(2);
      expect(list.notifications.map((n) => n.title)).toEqual(['Summer drinks', 'Route 101 runs late']);
      expect(list.notifications[1]).toMatchObject({
        id: res.body.data.id,
        description: 'The truck is one hour late today.',
        body: 'The truck is one hour late today.',
        isRead: false,
        kind: 'message',
        url: '/retailer/order',
      });
    }
  });

  it('marks one and all read with the spec messages; the count never goes below 0', async () => {
    const [first] = (await inbox()).notifications;
    const read = await get(`/api/retailer/readNotification/${first!.id}`, retailer);
    expect(read.status).toBe(200);
    expect(read.body).toEqual({ success: true, message: 'Marked as read', data: null });
    expect((await inbox()).unreadCount).toBe(1);
    // Again: the same answer, nothing changes.
    expect((await get(`/api/retailer/readNotification/${first!.id}`, retailer)).body.message).toBe('Marked as read');
    expect((await inbox()).unreadCount).toBe(1);
    // The other store's row is its own.
    expect((await inbox(retailer2)).unreadCount).toBe(2);
    const all = await get('/api/retailer/readAllNotification', retailer);
    expect(all.body).toEqual({ success: true, message: 'All notifications marked as read', data: null });
    expect((await inbox()).unreadCount).toBe(0);
    expect((await get('/api/retailer/readAllNotification', retailer)).status).toBe(200);
    const list = await inbox();
    expect(list.unreadCount).toBe(0);
    expect(list.notifications.every((n) => n.isRead)).toBe(true);
  });

  it('answers 404 for an unknown id and for a notification sent only to another store', async () => {
    const onlyFor2 = await compose({
      title: 'For Sunrise only',
      body: 'Your fridge is on its way.',
      audienceType: 'customers',
      audienceValues: [WORLD.customers.c10002],
    });
    expect(onlyFor2.recipients).toBe(1);
    for (const path of ['readNotification', 'deleteNotification']) {
      for (const id of [onlyFor2.id, 'no-such-id']) {
        const res = await get(`/api/retailer/${path}/${id}`, retailer);
        expect(res.status).toBe(404);
        expect(res.body).toEqual({ success: false, message: 'Notification not found', error: { code: 'NOT_FOUND' } });
      }
    }
    expect((await inbox(retailer2)).notifications[0]!.title).toBe('For Sunrise only');
  });

  it('refuses sales and distributor tokens on every retailer path (403), and anonymous callers (401)', async () => {
    const paths = [
      '/api/retailer/notificationList',
      '/api/retailer/readAllNotification',
      '/api/retailer/readNotification/x',
      '/api/retailer/deleteNotification/x',
      '/api/retailer/deleteAllNotification',
      '/api/retailer/notifications/stream',
    ];
    for (const path of paths) {
      for (const token of [sales, admin]) {
        const res = await get(path, token);
        expect([path, res.status, res.body.error?.code]).toEqual([path, 403, 'FORBIDDEN']);
      }
      expect((await call(ctx.app, { method: 'GET', url: path })).status).toBe(401);
    }
  });

  it('soft-deletes one and all for that retailer only; the office still counts them', async () => {
    const before = await inbox(retailer2);
    const target = before.notifications.find((n) => n.title === 'Summer drinks')!;
    const del = await get(`/api/retailer/deleteNotification/${target.id}`, retailer2);
    expect(del.body).toEqual({ success: true, message: 'Notification deleted', data: null });
    const after = await inbox(retailer2);
    expect(after.notifications.map((n) => n.id)).not.toContain(target.id);
    expect(after.unreadCount).toBe(before.unreadCount - 1);
    // Still in retailer 1's list, and stored for retailer 2 with its deletion time.
    expect((await inbox()).notifications.map((n) => n.id)).toContain(target.id);
    const row = await ctx.db
      .selectFrom('notification_recipients')
      .selectAll()
      .where('notification_id', '=', target.id)
      .where('user_id', '=', WORLD.users.retailer2.id)
      .executeTakeFirstOrThrow();
    expect(row.deleted_at).toEqual(expect.any(String));
    // Deleting again answers the same; reading a deleted one is not an error either.
    expect((await get(`/api/retailer/deleteNotification/${target.id}`, retailer2)).status).toBe(200);
    const office = (await history('?search=summer')).items[0];
    expect(office).toMatchObject({ title: 'Summer drinks', recipients: 2, readCount: 1 });

    const all = await get('/api/retailer/deleteAllNotification', retailer2);
    expect(all.body).toEqual({ success: true, message: 'All notifications deleted', data: null });
    expect(await inbox(retailer2)).toEqual({ notifications: [], unreadCount: 0 });
    expect((await inbox()).notifications.length).toBe(2);
  });

  it('shows the office its history with recipient and read counts, searched, filtered and sorted', async () => {
    const page = await history();
    expect(page.total).toBe(3);
    expect(page.items.map((n: { title: string }) => n.title)).toEqual([
      'For Sunrise only',
      'Summer drinks',
      'Route 101 runs late',
    ]);
    expect(page.items.map((n: { readCount: number }) => n.readCount)).toEqual([0, 1, 1]);
    // retailer 2 read "For Sunrise only" now: its count rises.
    const sunrise = page.items[0].id as string;
    const res = await get(`/api/retailer/readNotification/${sunrise}`, retailer2);
    expect(res.status).toBe(200);
    expect((await history('?search=SUNRISE')).items[0]).toMatchObject({ recipients: 1, readCount: 1 });
    const sorted = await history('?sort=recipients&dir=asc&limit=1&page=1');
    expect(sorted).toMatchObject({ total: 3, page: 1, limit: 1 });
    expect(sorted.items[0].title).toBe('For Sunrise only');
    expect((await history('?status=scheduled')).total).toBe(0);
    expect((await history('?kind=orderStatus')).total).toBe(0);
    expect((await history('?search=%25_')).total).toBe(0); // LIKE wildcards are taken literally
    const bad = await get(`${ADMIN}?status=soon`, admin);
    expect(bad.status).toBe(400);
    expect(bad.body.success).toBe(false);
  });

  it('checks the composed notification with clear messages', async () => {
    const cases: [object, string, string][] = [
      [{ body: 'x', audienceType: 'all' }, 'title', NOTIFICATION_MESSAGES.titleRequired],
      [{ title: '   ', body: 'x', audienceType: 'all' }, 'title', NOTIFICATION_MESSAGES.titleRequired],
      [{ title: 'x'.repeat(121), body: 'x', audienceType: 'all' }, 'title', NOTIFICATION_MESSAGES.titleTooLong],
      [{ title: 'x', audienceType: 'all' }, 'body', NOTIFICATION_MESSAGES.bodyRequired],
      [{ title: 'x', body: 'y'.repeat(1001), audienceType: 'all' }, 'body', NOTIFICATION_MESSAGES.bodyTooLong],
      [{ title: 'x', body: 'y', audienceType: 'routes' }, 'audienceValues', NOTIFICATION_MESSAGES.audienceValuesRequired],
      [{ title: 'x', body: 'y' }, 'audienceType', NOTIFICATION_AUDIENCE_TYPE_MESSAGE],
      [{ title: 'x', body: 'y', audienceType: 'planets' }, 'audienceType', NOTIFICATION_AUDIENCE_TYPE_MESSAGE],
      [{ title: 'x', body: 'y', audienceType: 'routes', audienceValues: ['999'] }, 'audienceValues', 'No store is on route 999'],
      [
        { title: 'x', body: 'y', audienceType: 'orderDays', audienceValues: ['9'] },
        'audienceValues',
        'Order days are 1 (Monday) to 7 (Sunday)',
      ],
      [
        { title: 'x', body: 'y', audienceType: 'customers', audienceValues: ['cust-elsewhere'] },
        'audienceValues',
        'A chosen store was not found',
      ],
      // Store 10003 is the distributor's but has no login: nobody would receive it.
      [
        { title: 'x', body: 'y', audienceType: 'customers', audienceValues: [WORLD.customers.c10003] },
        'audienceValues',
        NOTIFICATION_MESSAGES.noRecipients,
      ],
      [
        { title: 'x', body: 'y', audienceType: 'all', sendAt: '2020-01-01T00:00:00Z' },
        'sendAt',
        NOTIFICATION_MESSAGES.scheduleInPast,
      ],
      [{ title: 'x', body: 'y', audienceType: 'all', sendAt: 'tomorrow' }, 'sendAt', NOTIFICATION_MESSAGES.badDate],
      [
        { title: 'x', body: 'y', audienceType: 'all', url: 'https://evil.test' },
        'url',
        'The link must be a page of the retailer area',
      ],
    ];
    for (const [body, field, message] of cases) {
      const res = await post(ADMIN, body);
      expect([res.status, res.body.message, res.body.error?.fields?.[field]], JSON.stringify(body)).toEqual([
        400,
        message,
        message,
      ]);
    }
    expect((await history()).total).toBe(3);
  });

  it('previews the audience size', async () => {
    const preview = async (query: string) => get(`${ADMIN}/audience?${query}`, viewOnly);
    const counts: [string, number][] = [
      ['audienceType=all', 2],
      ['audienceType=routes&audienceValues=101', 2],
      ['audienceType=routes&audienceValues=101,202', 2],
      ['audienceType=orderDays&audienceValues=3', 1],
      ['audienceType=orderDays&audienceValues=3&audienceValues=5', 2],
      [`audienceType=customers&audienceValues=${WORLD.customers.c10002}`, 1],
      [`audienceType=customers&audienceValues=${WORLD.customers.c10003}`, 0],
    ];
    for (const [query, n] of counts) {
      const res = await preview(query);
      expect([query, res.status, res.body.data]).toEqual([query, 200, { recipients: n }]);
    }
    const bad = await preview('audienceType=routes&audienceValues=999');
    expect([bad.status, bad.body.message]).toEqual([400, 'No store is on route 999']);
    expect((await preview('audienceType=routes')).status).toBe(400);
    const planets = await preview('audienceType=planets');
    expect([planets.status, planets.body.message]).toEqual([400, NOTIFICATION_AUDIENCE_TYPE_MESSAGE]);
  });

  it('schedules, cancels, and sends a due one from the job exactly once', async () => {
    const sendAt = new Date(Date.now() + 2 * 3_600_000).toISOString();
    const res = await post(ADMIN, {
      title: 'Holiday hours',
      body: 'Closed on Friday.',
      audienceType: 'orderDays',
      audienceValues: ['3'],
      sendAt,
    });
    expect(res.status).toBe(201);
    expect(res.body.message).toBe('Notification scheduled');
    expect(res.body.data).toMatchObject({ status: 'scheduled', sendAt, sentAt: null, recipients: 0, readCount: 0 });
    const later = await compose({ title: 'Cancelled one', body: 'Never sent.', audienceType: 'all', sendAt });
    // A view-only role may not cancel.
    expect((await post(`${ADMIN}/${later.id}/cancel`, {}, viewOnly)).status).toBe(403);
    const cancelled = await post(`${ADMIN}/${later.id}/cancel`, {});
    expect([cancelled.status, cancelled.body.message, cancelled.body.data.status]).toEqual([
      200,
      'Scheduled notification cancelled',
      'cancelled',
    ]);
    const again = await post(`${ADMIN}/${later.id}/cancel`, {});
    expect([again.status, again.body.message]).toEqual([409, NOTIFICATION_MESSAGES.notCancellable]);
    expect((await post(`${ADMIN}/no-such-id/cancel`, {})).status).toBe(404);
    expect((await history('?status=scheduled')).total).toBe(1);

    // Not due yet: nothing is sent, the retailer sees nothing.
    expect(await sendDueNotifications(ctx.db, new Date())).toBe(0);
    expect((await inbox()).notifications.map((n) => n.title)).not.toContain('Holiday hours');
    // Due: two job runs at once (two instances) send it once.
    const due = new Date(Date.parse(sendAt) + 60_000);
    const runs = await Promise.all([sendDueNotifications(ctx.db, due), sendDueNotifications(ctx.db, due)]);
    expect(runs[0] + runs[1]).toBe(1);
    expect(await sendDueNotifications(ctx.db, due)).toBe(0);
    const list = await inbox();
    expect(list.notifications[0]).toMatchObject({ title: 'Holiday hours', isRead: false });
    expect((await inbox(retailer2)).notifications.map((n) => n.title)).not.toContain('Holiday hours'); // order day 5
    const sent = (await history('?search=holiday')).items[0];
    expect(sent).toMatchObject({ status: 'sent', sentAt: due.toISOString(), recipients: 1 });
    expect((await post(`${ADMIN}/${sent.id}/cancel`, {})).status).toBe(409);
    const rows = await ctx.db
      .selectFrom('notification_recipients')
      .select('user_id')
      .where('notification_id', '=', sent.id)
      .execute();
    expect(rows).toEqual([{ user_id: WORLD.users.retailer.id }]);
  });

  it('tells the store when its order changes status, one move and a bulk move, with a link to the order', async () => {
    const one = await placeOrder(retailer);
    const two = await placeOrder(retailer);
    const moved = await post(`/api/admin/orders/${one.id}/status`, { status: 'confirmed' });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect((await ofKind('orderStatus'))[0]).toMatchObject({
      title: `Order #${one.number} confirmed`,
      body: `Your order #${one.number} has been confirmed and will be prepared for delivery.`,
      url: `/retailer/order/details/${one.number}`,
      isRead: false,
    });
    // A refused move tells nobody.
    expect((await post(`/api/admin/orders/${one.id}/status`, { status: 'confirmed' })).status).toBe(409);
    expect((await ofKind('orderStatus')).length).toBe(1);

    const bulk = await post('/api/admin/orders/bulk/status', { orderIds: [one.id, two.id], status: 'out_for_delivery' });
    expect(bulk.status, JSON.stringify(bulk.body)).toBe(200);
    expect(
      (await ofKind('orderStatus'))
        .slice(0, 2)
        .map((n) => n.title)
        .sort(),
    ).toEqual([`Order #${one.number} is out for delivery`, `Order #${two.number} is out for delivery`].sort());
    expect((await inbox(retailer2)).notifications.some((n) => n.kind === 'orderStatus')).toBe(false);
    const office = await history('?kind=orderStatus');
    expect(office.total).toBe(3);
    expect(office.items[0]).toMatchObject({
      kind: 'orderStatus',
      audienceType: 'customers',
      audienceValues: [WORLD.customers.c10001],
      createdBy: null,
    });

    const three = await placeOrder(retailer);
    const cancel = await post(`/api/admin/orders/${three.id}/status`, { status: 'cancelled' });
    expect(cancel.status, JSON.stringify(cancel.body)).toBe(200);
    expect((await ofKind('orderStatus'))[0]).toMatchObject({
      title: `Order #${three.number} cancelled`,
      body: `Your order #${three.number} has been cancelled. Any charge for it has been credited to your account.`,
    });
  });

  it('e-mails the kinds a retailer switched on, from the distributor, with a link; nothing by default', async () => {
    const mails = async (address: string) =>
      (
        await ctx.db.selectFrom('outbox_messages').selectAll().where('recipient', '=', address).orderBy('created_at').execute()
      ).filter((m) => !m.subject.startsWith('Reply to your ticket'));
    const address = WORLD.users.retailer.email!;
    const before = (await mails(address)).length;
    const first = await placeOrder(retailer);
    expect((await post(`/api/admin/orders/${first.id}/status`, { status: 'confirmed' })).status).toBe(200);
    expect((await mails(address)).length).toBe(before);

    const saved = await call(ctx.app, {
      method: 'PUT',
      url: '/api/retailer/notificationPreferences',
      token: retailer,
      payload: { push: {}, email: { orderStatus: true } },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.data.email).toEqual({ message: false, orderStatus: true, orderReminder: false });
    expect((await post(`/api/admin/orders/${first.id}/status`, { status: 'picking' })).status).toBe(200);
    const sent = (await mails(address)).slice(before);
    expect(sent.map((m) => [m.channel, m.subject])).toEqual([['email', `Order #${first.number} is being packed`]]);
    expect(sent[0]!.body).toContain(`Your order #${first.number} is being picked at the warehouse.`);
    expect(sent[0]!.body).toContain(`/retailer/order/details/${first.number}`);
    // A message composed for the route is not e-mailed (that kind is off); the other store gets none.
    await compose({ title: 'New lines', body: 'Summer drinks are in.', audienceType: 'routes', audienceValues: ['101'] });
    expect((await mails(address)).slice(before).length).toBe(1);
    expect((await mails(WORLD.users.retailer2.email!)).some((m) => m.subject.startsWith('Order #'))).toBe(false);
  });

  it('tells the store when staff reply on its ticket', async () => {
    const opened = await post(
      '/api/retailer/support-tickets',
      { subject: 'Missing case', category: 'other', message: 'One case short.' },
      retailer,
    );
    expect(opened.status).toBe(201);
    const reply = await post(`/api/admin/support-tickets/${opened.body.data.id}/messages`, {
      message: 'A new case goes out on Thursday.',
    });
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    const [n, ...others] = await ofKind('ticketReply');
    expect(others).toEqual([]);
    expect(n).toMatchObject({
      title: expect.stringMatching(/^Reply to your ticket .+: Missing case$/),
      body: 'Dana Whitfield replied: A new case goes out on Thursday.',
      url: '/retailer/contact',
    });
    // The store's own message tells nobody.
    await post(`/api/retailer/support-tickets/${opened.body.data.id}/messages`, { message: 'Thanks' }, retailer);
    expect((await ofKind('ticketReply')).length).toBe(1);
  });

  it('welcomes an approved sign-up in its new inbox', async () => {
    await ctx.db
      .insertInto('retailer_requests')
      .values({
        id: 'request-notif',
        distributor_id: WORLD.distributorId,
        store_name: 'Maple Street Market',
        owner_name: 'Mia Maple',
        email: 'maple-notif@demo.test',
        phone: '15550107777',
        address: null,
        city: null,
        state: null,
        zip: null,
        password_hash: null,
        status: 'pending',
        notes: null,
        customer_id: null,
        verified_at: '2026-01-01T00:00:00.000Z',
        reviewed_by_user_id: null,
        reviewed_at: null,
        created_at: '2026-01-01T00:00:00.000Z',
        reject_reason: null,
        created_by_user_id: null,
        updated_at: null,
      })
      .execute();
    const approved = await post('/api/admin/retailer-requests/request-notif/approve', {
      cNumber: '10009',
      routeNumber: '101',
      orderDay: 3,
    });
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    const user = await ctx.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'maple-notif@demo.test')
      .executeTakeFirstOrThrow();
    const list = await inbox(await tokenFor(ctx, user.id));
    expect(list).toEqual({
      unreadCount: 1,
      notifications: [
        expect.objectContaining({
          kind: 'signupApproved',
          title: 'Your store account is approved',
          body: 'Welcome! Maple Street Market can now order. Your customer number is 10009.',
          url: '/retailer/dashboard',
        }),
      ],
    });
    // The new store is in later audiences.
    expect((await get(`${ADMIN}/audience?audienceType=routes&audienceValues=101`, admin)).body.data).toEqual({ recipients: 3 });
    await ctx.db.updateTable('users').set({ is_active: 0 }).where('id', '=', user.id).execute();
  });

  describe('order reminders (the job at a fixed clock)', () => {
    // Store 10001 orders on Wednesday (3), store 10002 on Friday (5); the distributor's time zone is UTC.
    const reminders = async (token = retailer) => (await inbox(token)).notifications.filter((n) => n.kind === 'orderReminder');

    it('reminds the day before and on the order day between 09:00 and the 16:00 cut-off, once', async () => {
      const tuesday = nextWeekdayAt(Date.now() + 30 * DAY, 2, 10);
      // Before 09:00 and from the cut-off on: nothing.
      expect(await sendOrderReminders(ctx.db, new Date(tuesday.getTime() - 2 * 3_600_000))).toBe(0);
      expect(await sendOrderReminders(ctx.db, new Date(tuesday.getTime() + 6 * 3_600_000))).toBe(0);
      // Two instances at once: one reminder.
      const runs = await Promise.all([sendOrderReminders(ctx.db, tuesday), sendOrderReminders(ctx.db, tuesday)]);
      expect(runs[0] + runs[1]).toBe(1);
      expect(await sendOrderReminders(ctx.db, new Date(tuesday.getTime() + 3_600_000))).toBe(0);
      expect(await reminders()).toEqual([
        expect.objectContaining({
          title: 'Tomorrow is your order day',
          body: 'Tomorrow (Wednesday) is your order day. Place your order before the 4:00 PM cut-off tomorrow.',
          url: '/retailer/order',
        }),
      ]);
      expect(await reminders(retailer2)).toEqual([]);
      const wednesday = new Date(tuesday.getTime() + DAY);
      expect((await runNotificationJob(ctx.db, wednesday)).reminders).toBe(1);
      expect((await reminders())[0]).toMatchObject({
        title: 'Today is your order day',
        body: 'You have not ordered yet for today. Place your order before 4:00 PM so it goes out on your next delivery.',
      });
      // Thursday: the day before store 10002's Friday.
      expect(await sendOrderReminders(ctx.db, new Date(wednesday.getTime() + DAY))).toBe(1);
      expect((await reminders(retailer2)).length).toBe(1);
    });

    it('does not remind a store that has ordered for that order day', async () => {
      const tuesday = nextWeekdayAt(Date.now() + 60 * DAY, 2, 10);
      // The store orders on the Monday before (its clock moved there), which counts for Wednesday.
      advanceClock(tuesday.getTime() - DAY - Date.now());
      await placeOrder(await tokenFor(ctx, WORLD.users.retailer.id));
      resetClock();
      const before = (await reminders()).length;
      expect(await sendOrderReminders(ctx.db, tuesday)).toBe(0);
      expect(await sendOrderReminders(ctx.db, new Date(tuesday.getTime() + DAY))).toBe(0);
      expect((await reminders()).length).toBe(before);
      // The week after, that order is for the previous order day: reminded again.
      expect(await sendOrderReminders(ctx.db, new Date(tuesday.getTime() + 7 * DAY))).toBe(1);
    });
  });
});

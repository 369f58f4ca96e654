// Web Push over HTTP on SQLite and PostgreSQL, end to end without the internet: a local HTTP server plays
// the push service, receives the encrypted request and the test decrypts it with the subscription's own
// keys (as the browser would). Also: the subscription paths and their refusals, preferences filtering
// kinds, 410 dropping a subscription, 500 retried, 400 failed but kept, and delivered counts.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { NOTIFICATION_KINDS } from '@portal/shared/notifications/notifications.schemas';
import { WORLD, createBaseWorld } from '../../db/seed/base-world.ts';
import { advanceClock, nowIso, resetClock } from '../../platform/clock.ts';
import { call, createTestContext, tokenFor, type TestContext } from '../../../test/helper.ts';
import { fakeBrowserSubscription, startFakePushService } from './push-fixtures.ts';
import { pushWorkerOf } from './push.routes.ts';
import { pushDeliveredCounts, queuePush } from './push.service.ts';

describe('push', () => {
  let ctx: TestContext;
  let retailer: string;
  let retailer2: string;
  let sales: string;
  let admin: string;
  let service: Awaited<ReturnType<typeof startFakePushService>>;
  let n = 0;

  const save = (token: string, subscription: unknown, headers: Record<string, string> = {}) =>
    call(ctx.app, {
      method: 'PUT',
      url: '/api/retailer/fcmToken',
      token,
      payload: { fcmToken: JSON.stringify(subscription) },
      headers,
    });
  const subscribe = async (token = retailer) => {
    const browser = fakeBrowserSubscription(`${service.base}/push/${++n}`);
    const res = await save(token, browser.json, { 'user-agent': 'Chrome test' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return { ...browser, path: `/push/${n}` };
  };
  /** Waits until no job is queued now or being sent. */
  const drain = async () => {
    for (let i = 0; i < 200; i++) {
      pushWorkerOf(ctx.app)!.kick();
      await pushWorkerOf(ctx.app)!.idle();
      const busy = await ctx.db
        .selectFrom('push_jobs')
        .select('id')
        .where((eb) =>
          eb.or([eb('status', '=', 'sending'), eb.and([eb('status', '=', 'queued'), eb('next_attempt_at', '<=', nowIso())])]),
        )
        .execute();
      if (!busy.length) return;
      await new Promise((r) => setTimeout(r, 20));
    }
    throw new Error('push queue did not drain');
  };
  const jobs = () => ctx.db.selectFrom('push_jobs').selectAll().orderBy('created_at').execute();
  const subscriptions = () => ctx.db.selectFrom('push_subscriptions').selectAll().execute();

  beforeAll(async () => {
    ctx = await createTestContext();
    await createBaseWorld(ctx.db);
    retailer = await tokenFor(ctx, WORLD.users.retailer.id);
    retailer2 = await tokenFor(ctx, WORLD.users.retailer2.id);
    sales = await tokenFor(ctx, WORLD.users.sales.id);
    admin = await tokenFor(ctx, WORLD.users.admin.id);
    service = await startFakePushService();
  });
  afterAll(async () => {
    await ctx.close();
    await service.close();
  });
  afterEach(async () => {
    resetClock();
    await ctx.db.deleteFrom('push_jobs').execute();
    await ctx.db.deleteFrom('push_subscriptions').execute();
    await ctx.db.deleteFrom('push_preferences').execute();
    await ctx.db.deleteFrom('push_delivered').execute();
    service.received.length = 0;
  });

  it('answers the VAPID public key the browser subscribes with', async () => {
    const res = await call(ctx.app, { method: 'GET', url: '/api/retailer/pushConfig', token: retailer });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ vapidPublicKey: ctx.config.push!.publicKey });
    expect(Buffer.from(res.body.data.vapidPublicKey, 'base64url')).toHaveLength(65);
  });

  it('sends an encrypted push the subscription can decrypt, with the title and body', async () => {
    const browser = await subscribe();
    await queuePush(ctx.db, [
      {
        userId: WORLD.users.retailer.id,
        kind: 'message',
        notificationId: 'n-1',
        payload: { title: 'Route 4 runs late', body: 'Expect your delivery after 2 pm.', url: '/retailer/order' },
      },
    ]);
    await drain();
    expect(service.received).toHaveLength(1);
    const got = service.received[0]!;
    expect(got.path).toBe(browser.path);
    expect(got.headers['content-encoding']).toBe('aes128gcm');
    expect(got.headers.authorization).toMatch(/^vapid t=[\w-]+\.[\w-]+\.[\w-]+, k=[\w-]+$/);
    expect(got.headers.ttl).toBe('86400');
    expect(got.body.includes(Buffer.from('Route 4'))).toBe(false); // encrypted on the wire
    expect(browser.decrypt(got.body)).toEqual({
      title: 'Route 4 runs late',
      body: 'Expect your delivery after 2 pm.',
      url: '/retailer/order',
      kind: 'message',
      notificationId: 'n-1',
    });
    expect((await jobs())[0]).toMatchObject({ status: 'sent', attempts: 1 });
    expect(await pushDeliveredCounts(ctx.db, ['n-1', 'n-2'])).toEqual(
      new Map([
        ['n-1', 1],
        ['n-2', 0],
      ]),
    );
  });

  it('pushes a notification the office composes, and its history counts the delivery', async () => {
    const browser = await subscribe();
    const sent = await call(ctx.app, {
      method: 'POST',
      url: '/api/admin/notifications',
      token: admin,
      payload: {
        title: 'New summer drinks',
        body: 'Order by Thursday.',
        audienceType: 'customers',
        audienceValues: [WORLD.customers.c10001],
      },
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    await drain();
    expect(service.received).toHaveLength(1);
    expect(browser.decrypt(service.received[0]!.body)).toMatchObject({
      title: 'New summer drinks',
      body: 'Order by Thursday.',
      kind: 'message',
      notificationId: sent.body.data.id,
    });
    const history = await call(ctx.app, { method: 'GET', url: '/api/admin/notifications', token: admin });
    expect(history.body.data.items.find((i: { id: string }) => i.id === sent.body.data.id)).toMatchObject({
      recipients: 1,
      pushDelivered: 1,
    });
  });

  it('sends one push per subscription of each user, and none to users without one', async () => {
    const a = await subscribe();
    const b = await subscribe();
    await queuePush(ctx.db, [
      { userId: WORLD.users.retailer.id, kind: 'orderStatus', notificationId: 'n-3', payload: { title: 'Order shipped' } },
      { userId: WORLD.users.retailer2.id, kind: 'orderStatus', notificationId: 'n-3', payload: { title: 'Order shipped' } },
    ]);
    await drain();
    expect(service.received.map((r) => r.path).sort()).toEqual([a.path, b.path].sort());
    expect((await pushDeliveredCounts(ctx.db, ['n-3'])).get('n-3')).toBe(2);
  });

  it('drops a subscription only when the push service answers 410 or 404', async () => {
    const gone = await subscribe();
    const missing = await subscribe();
    service.answer(gone.path, 410);
    service.answer(missing.path, 404);
    await queuePush(ctx.db, [
      { userId: WORLD.users.retailer.id, kind: 'message', notificationId: null, payload: { title: 'Hi' } },
    ]);
    await drain();
    expect(await subscriptions()).toEqual([]);
    expect((await jobs()).map((j) => j.status)).toEqual(['gone', 'gone']);
  });

  it('marks a 400 or 413 answer failed without dropping the subscription or retrying', async () => {
    const bad = await subscribe();
    const large = await subscribe();
    service.answer(bad.path, 400);
    service.answer(large.path, 413);
    await queuePush(ctx.db, [
      { userId: WORLD.users.retailer.id, kind: 'message', notificationId: 'n-4', payload: { title: 'Hi' } },
    ]);
    await drain();
    expect(await subscriptions()).toHaveLength(2);
    const all = await jobs();
    expect(all.map((j) => [j.status, j.attempts, j.last_error]).sort()).toEqual([
      ['failed', 1, 'Push service answered 400'],
      ['failed', 1, 'Push service answered 413'],
    ]);
    expect(service.received).toHaveLength(2);
    expect((await pushDeliveredCounts(ctx.db, ['n-4'])).get('n-4')).toBe(0);
  });

  it('retries a 500 and a 429 later, then succeeds; the subscription stays', async () => {
    const sub = await subscribe();
    service.answer(sub.path, 500, 429);
    await queuePush(ctx.db, [
      { userId: WORLD.users.retailer.id, kind: 'message', notificationId: 'n-5', payload: { title: 'Again' } },
    ]);
    await drain();
    let [job] = await jobs();
    expect(job).toMatchObject({ status: 'queued', attempts: 1, last_error: 'Push service answered 500' });
    expect(Date.parse(job!.next_attempt_at) - Date.parse(nowIso())).toBeGreaterThan(25_000);

    advanceClock(31_000);
    await drain();
    [job] = await jobs();
    expect(job).toMatchObject({ status: 'queued', attempts: 2, last_error: 'Push service answered 429' });

    advanceClock(61_000);
    await drain();
    [job] = await jobs();
    expect(job).toMatchObject({ status: 'sent', attempts: 3 });
    expect(service.received).toHaveLength(3);
    expect(sub.decrypt(service.received[2]!.body)).toMatchObject({ title: 'Again' });
    expect(await subscriptions()).toHaveLength(1);
    expect((await pushDeliveredCounts(ctx.db, ['n-5'])).get('n-5')).toBe(1);
  });

  it('gives up after five attempts of a failing push service', async () => {
    const sub = await subscribe();
    service.answer(sub.path, 503, 503, 503, 503, 503, 201);
    await queuePush(ctx.db, [
      { userId: WORLD.users.retailer.id, kind: 'message', notificationId: null, payload: { title: 'x' } },
    ]);
    for (let i = 0; i < 5; i++) {
      await drain();
      advanceClock(60 * 60_000);
    }
    await drain();
    const [job] = await jobs();
    expect(job).toMatchObject({
      status: 'failed',
      attempts: 5,
      last_error: 'Push service answered 503 (gave up after 5 attempts)',
    });
    expect(service.received).toHaveLength(5);
    expect(await subscriptions()).toHaveLength(1);
  });

  it('stores a subscription once per endpoint, refreshes it, and moves it to the user who sends it', async () => {
    const browser = fakeBrowserSubscription(`${service.base}/push/shared`);
    expect((await save(retailer, browser.json)).body).toEqual({ success: true, message: 'Push subscription saved', data: null });
    const [first] = await subscriptions();
    advanceClock(60_000);
    expect((await save(retailer, browser.json)).status).toBe(200);
    const [again] = await subscriptions();
    expect(again).toMatchObject({ id: first!.id, user_id: WORLD.users.retailer.id, created_at: first!.created_at });
    expect(again!.last_seen_at > first!.last_seen_at).toBe(true);

    // Queued for the first retailer, then the browser signs in as the second: nothing of the first's is sent.
    await ctx.db
      .insertInto('push_jobs')
      .values({
        id: 'j-old',
        subscription_id: first!.id,
        notification_id: null,
        payload: '{"title":"private"}',
        attempts: 0,
        next_attempt_at: '2999-01-01T00:00:00.000Z',
        status: 'queued',
        created_at: nowIso(),
        claim_token: null,
        claimed_at: null,
        last_error: null,
        finished_at: null,
      })
      .execute();
    expect((await save(retailer2, browser.json)).status).toBe(200);
    const [moved] = await subscriptions();
    expect(moved).toMatchObject({ id: first!.id, user_id: WORLD.users.retailer2.id });
    expect((await jobs()).map((j) => j.status)).toEqual(['dropped']);
  });

  it('keeps the ten most recently seen subscriptions of a user', async () => {
    for (let i = 0; i < 12; i++) {
      await subscribe();
      advanceClock(1000);
    }
    const rows = await subscriptions();
    expect(rows).toHaveLength(10);
    expect(rows.map((r) => r.endpoint)).not.toContain(`${service.base}/push/${n - 11}`);
  });

  it('refuses a subscription that is not valid, with a clear message', async () => {
    const bad = async (fcmToken: string) => {
      const res = await call(ctx.app, { method: 'PUT', url: '/api/retailer/fcmToken', token: retailer, payload: { fcmToken } });
      expect(res.status).toBe(400);
      expect(res.body.success).toBe(false);
      return res.body.message as string;
    };
    const good = fakeBrowserSubscription(`${service.base}/push/x`).json;
    expect(await bad('not json')).toBe('Send the browser push subscription as JSON with endpoint and keys');
    expect(await bad(JSON.stringify({ endpoint: good.endpoint }))).toBe(
      'Send the browser push subscription as JSON with endpoint and keys',
    );
    expect(await bad(JSON.stringify({ ...good, endpoint: 'ftp://push.example.com/x' }))).toBe(
      'The push endpoint must be an https:// address of a push service',
    );
    expect(await bad(JSON.stringify({ ...good, keys: { p256dh: 'abc', auth: good.keys.auth } }))).toBe(
      'The push subscription keys are not valid (p256dh must be a P-256 public key, auth 16 bytes)',
    );
    const missing = await call(ctx.app, { method: 'PUT', url: '/api/retailer/fcmToken', token: retailer, payload: {} });
    expect(missing.status).toBe(400);
    expect(await subscriptions()).toEqual([]);
  });

  it('lets a retailer choose the kinds that come by push; the others are not sent', async () => {
    const get = () => call(ctx.app, { method: 'GET', url: '/api/retailer/notificationPreferences', token: retailer });
    const noEmail = { message: false, orderStatus: false, orderReminder: false };
    expect((await get()).body.data).toEqual({
      push: Object.fromEntries(NOTIFICATION_KINDS.map((k) => [k, true])),
      email: noEmail,
    });
    const push = { message: true, orderStatus: false, signupApproved: true, ticketReply: true, orderReminder: false };
    const saved = await call(ctx.app, {
      method: 'PUT',
      url: '/api/retailer/notificationPreferences',
      token: retailer,
      payload: { push },
    });
    expect(saved.body).toEqual({ success: true, message: 'Notification settings saved', data: { push, email: noEmail } });
    expect((await get()).body.data).toEqual({ push, email: noEmail });
    // A PUT changes only the switches it sends: e-mail on for reminders keeps every push switch.
    const email = await call(ctx.app, {
      method: 'PUT',
      url: '/api/retailer/notificationPreferences',
      token: retailer,
      payload: { email: { orderReminder: true } },
    });
    expect(email.body.data).toEqual({ push, email: { ...noEmail, orderReminder: true } });
    // A kind without the e-mail choice (its module always e-mails it) is refused, not stored.
    const always = await call(ctx.app, {
      method: 'PUT',
      url: '/api/retailer/notificationPreferences',
      token: retailer,
      payload: { email: { ticketReply: false } },
    });
    expect(always.status).toBe(400);
    // another retailer's are their own
    const other = await call(ctx.app, { method: 'GET', url: '/api/retailer/notificationPreferences', token: retailer2 });
    expect(other.body.data.push.orderStatus).toBe(true);

    const sub = await subscribe();
    await queuePush(ctx.db, [
      { userId: WORLD.users.retailer.id, kind: 'orderStatus', notificationId: null, payload: { title: 'Shipped' } },
      { userId: WORLD.users.retailer.id, kind: 'orderReminder', notificationId: null, payload: { title: 'Order today' } },
      { userId: WORLD.users.retailer.id, kind: 'message', notificationId: null, payload: { title: 'Summer drinks' } },
    ]);
    await drain();
    expect(service.received.map((r) => (sub.decrypt(r.body) as { title: string }).title)).toEqual(['Summer drinks']);

    const wrong = await call(ctx.app, {
      method: 'PUT',
      url: '/api/retailer/notificationPreferences',
      token: retailer,
      payload: { push: { message: 'yes' } },
    });
    expect(wrong.status).toBe(400);
  });

  it('admits retailers only: sales and distributor tokens get 403, no token 401', async () => {
    for (const token of [sales, admin]) {
      for (const [method, url] of [
        ['GET', '/api/retailer/pushConfig'],
        ['GET', '/api/retailer/notificationPreferences'],
        ['PUT', '/api/retailer/notificationPreferences'],
        ['PUT', '/api/retailer/fcmToken'],
      ] as const) {
        const res = await call(ctx.app, { method, url, token, payload: method === 'PUT' ? {} : undefined });
        expect(res.status, `${method} ${url}`).toBe(403);
      }
    }
    expect((await call(ctx.app, { method: 'GET', url: '/api/retailer/pushConfig' })).status).toBe(401);
  });

  it('sends nothing to a device that signed out', async () => {
    const token = await tokenFor(ctx, WORLD.users.retailer.id, { name: 'phone' });
    const browser = fakeBrowserSubscription(`${service.base}/push/device`);
    expect((await save(token, browser.json)).status).toBe(200);
    expect((await call(ctx.app, { method: 'POST', url: '/api/auth/logout', token })).status).toBeLessThan(300);
    await queuePush(ctx.db, [
      { userId: WORLD.users.retailer.id, kind: 'message', notificationId: null, payload: { title: 'x' } },
    ]);
    await drain();
    expect(service.received).toEqual([]);
    expect(await jobs()).toEqual([]);
  });
});

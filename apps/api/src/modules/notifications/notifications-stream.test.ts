// The live stream over real HTTP (SQLite and PostgreSQL): GET /api/retailer/notifications/stream sends the
// current unread count, each new notification for this user and the count after a read or delete from any
// tab; it is not compressed, carries the security headers, ends when the client goes away and when the app
// closes. Two app instances on one database and one Redis: a notification created through one reaches a
// stream open on the other. A client that does not accept text/event-stream gets the count in the envelope.
import { request as httpRequest, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { createDb, type Db } from '../../db/database.ts';
import { WORLD } from '../../db/seed/base-world.ts';
import { createBaseWorld } from '../../db/seed/base-world.ts';
import { PERMISSIONS_POLICY } from '../../platform/security-headers.ts';
import { liveListenerCount } from './notifications-live.ts';
import { call, createTestContext, tokenFor, type TestContext } from '../../../test/helper.ts';
import { createCatalogFixtures } from '../../../test/fixtures/catalog-fixtures.ts';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

interface SseEvent {
  event: string;
  data: string;
}

/** An open stream: its answer's head, the events so far, and a wait for the next one of a name. */
interface Stream {
  response: IncomingMessage;
  events: SseEvent[];
  text: () => string;
  next(event: string, timeoutMs?: number): Promise<SseEvent>;
  ended: Promise<void>;
  close(): void;
}

function openStream(app: FastifyInstance, token: string, headers: Record<string, string> = {}): Promise<Stream> {
  const { port } = app.server.address() as AddressInfo;
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: '127.0.0.1',
        port,
        path: '/api/retailer/notifications/stream',
        headers: { accept: 'text/event-stream', authorization: `Bearer ${token}`, ...headers },
      },
      (response) => {
        let buffer = '';
        let all = '';
        const events: SseEvent[] = [];
        const waiters: { event: string; seen: number; resolve: (e: SseEvent) => void }[] = [];
        const settle = () => {
          for (const w of [...waiters]) {
            const found = events.slice(w.seen).find((e) => e.event === w.event);
            if (found) {
              waiters.splice(waiters.indexOf(w), 1);
              w.resolve(found);
            }
          }
        };
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          buffer += chunk;
          all += chunk;
          let at: number;
          while ((at = buffer.indexOf('\n\n')) >= 0) {
            const block = buffer.slice(0, at);
            buffer = buffer.slice(at + 2);
            const lines = block.split('\n');
            const event = lines.find((l) => l.startsWith('event: '))?.slice(7);
            const data = lines.find((l) => l.startsWith('data: '))?.slice(6);
            if (event && data !== undefined) events.push({ event, data });
          }
          settle();
        });
        const ended = new Promise<void>((done) => {
          response.on('end', done);
          response.on('close', done);
        });
        resolve({
          response,
          events,
          text: () => all,
          ended,
          next(event, timeoutMs = 5_000) {
            const seen = events.length;
            return new Promise<SseEvent>((ok, fail) => {
              const timer = setTimeout(() => fail(new Error(`no ${event} event within ${timeoutMs} ms: ${all}`)), timeoutMs);
              waiters.push({
                event,
                seen,
                resolve: (e) => {
                  clearTimeout(timer);
                  ok(e);
                },
              });
            });
          },
          close: () => req.destroy(),
        });
      },
    );
    req.on('error', reject);
    req.end();
  });
}

/** Waits until `check` holds (the server side of a closed connection settles a moment later). */
async function eventually(check: () => boolean | Promise<boolean>, timeoutMs = 3_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > until) throw new Error('condition not reached');
    await new Promise((r) => setTimeout(r, 20));
  }
}

async function compose(app: FastifyInstance, token: string, title: string, audience: object = { audienceType: 'all' }) {
  const res = await call(app, {
    method: 'POST',
    url: '/api/admin/notifications',
    payload: { title, body: `${title}: the details.`, ...audience },
    token,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data as { id: string };
}

describe('notifications stream, one instance', () => {
  let ctx: TestContext;
  let admin: string;
  let retailer: string;
  let retailer2: string;

  beforeAll(async () => {
    ctx = await createTestContext();
    await createBaseWorld(ctx.db);
    await createCatalogFixtures(ctx.db);
    admin = await tokenFor(ctx, WORLD.users.admin.id);
    retailer = await tokenFor(ctx, WORLD.users.retailer.id);
    retailer2 = await tokenFor(ctx, WORLD.users.retailer2.id);
    await ctx.app.listen({ host: '127.0.0.1', port: 0 });
  });
  afterAll(() => ctx.close());

  it('answers the unread count in the envelope to a client that does not ask for a stream', async () => {
    await compose(ctx.app, admin, 'Before the stream');
    const res = await call(ctx.app, { method: 'GET', url: '/api/retailer/notifications/stream', token: retailer });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, message: 'Success', data: { unreadCount: 1 } });
  });

  it('streams the count, new notifications for this user only, and counts after reads and deletes, uncompressed', async () => {
    const mine = await openStream(ctx.app, retailer, { 'accept-encoding': 'br, gzip' });
    const other = await openStream(ctx.app, retailer2);
    expect(mine.response.statusCode).toBe(200);
    expect(mine.response.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    expect(mine.response.headers['cache-control']).toBe('no-store');
    expect(mine.response.headers['content-encoding']).toBeUndefined();
    expect(mine.response.headers['permissions-policy']).toBe(PERMISSIONS_POLICY);
    expect(mine.response.headers['x-content-type-options']).toBe('nosniff');
    await eventually(() => mine.events.length > 0);
    expect(mine.events[0]).toEqual({ event: 'changed', data: '{"unreadCount":1}' });

    const arrived = mine.next('notification');
    const toOnly1 = await compose(ctx.app, admin, 'Only for you', {
      audienceType: 'customers',
      audienceValues: [WORLD.customers.c10001],
    });
    const item = JSON.parse((await arrived).data);
    expect(item).toMatchObject({
      id: toOnly1.id,
      title: 'Only for you',
      description: 'Only for you: the details.',
      body: 'Only for you: the details.',
      kind: 'message',
      url: null,
      isRead: false,
    });
    expect(item.createdAt).toBe(item.timestamp);

    // Another tab reads it: this stream hears the new count.
    let changed = mine.next('changed');
    expect(
      (await call(ctx.app, { method: 'GET', url: `/api/retailer/readNotification/${toOnly1.id}`, token: retailer })).status,
    ).toBe(200);
    expect((await changed).data).toBe('{"unreadCount":1}');
    changed = mine.next('changed');
    await call(ctx.app, { method: 'GET', url: '/api/retailer/deleteAllNotification', token: retailer });
    expect((await changed).data).toBe('{"unreadCount":0}');

    // The other store's stream got only its own events.
    expect(other.events.map((e) => e.event)).toEqual(['changed']);
    const broadcast = other.next('notification');
    await compose(ctx.app, admin, 'For everyone');
    expect(JSON.parse((await broadcast).data).title).toBe('For everyone');
    expect(liveListenerCount(ctx.db, WORLD.users.retailer.id)).toBe(1);
    mine.close();
    other.close();
    await Promise.all([mine.ended, other.ended]);
    // The server lets go of a stream whose client went away.
    await eventually(() => liveListenerCount(ctx.db, WORLD.users.retailer.id) === 0);
    await eventually(() => liveListenerCount(ctx.db, WORLD.users.retailer2.id) === 0);
  });

  it('refuses a stream to a signed-out session', async () => {
    const token = await tokenFor(ctx, WORLD.users.retailer.id);
    const stream = await openStream(ctx.app, token);
    await eventually(() => stream.events.length > 0);
    expect((await call(ctx.app, { method: 'POST', url: '/api/auth/logout', token, payload: {} })).status).toBe(200);
    // A new stream for the signed-out session is refused.
    const again = await openStream(ctx.app, token);
    expect(again.response.statusCode).toBe(401);
    stream.close();
    again.close();
  });

  it('ends open streams when the app closes', async () => {
    const db = createDb(ctx.config.database);
    const other = { db, app: await buildApp({ config: ctx.config, db }) };
    await other.app.listen({ host: '127.0.0.1', port: 0 });
    const stream = await openStream(other.app, retailer);
    await eventually(() => stream.events.length > 0);
    const started = Date.now();
    expect(liveListenerCount(db, WORLD.users.retailer.id)).toBe(1);
    await other.app.close();
    await stream.ended;
    expect(liveListenerCount(db, WORLD.users.retailer.id)).toBe(0);
    expect(Date.now() - started).toBeLessThan(5_000);
    await other.db.destroy();
  });
});

describe('notifications stream, two instances on one database and Redis', () => {
  let ctx: TestContext;
  let second: { app: FastifyInstance; db: Db };
  let admin: string;
  let retailer: string;

  beforeAll(async () => {
    const redisKeyPrefix = `test-notif-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}:`;
    ctx = await createTestContext({ redisUrl: REDIS_URL, redisKeyPrefix });
    await createBaseWorld(ctx.db);
    await createCatalogFixtures(ctx.db);
    const db = createDb(ctx.config.database);
    second = { db, app: await buildApp({ config: ctx.config, db }) };
    await ctx.app.listen({ host: '127.0.0.1', port: 0 });
    await second.app.listen({ host: '127.0.0.1', port: 0 });
    admin = await tokenFor(ctx, WORLD.users.admin.id);
    retailer = await tokenFor(ctx, WORLD.users.retailer.id);
  });
  afterAll(async () => {
    await second.app.close();
    await second.db.destroy();
    await ctx.close();
  });

  it('delivers a notification created through instance A to a stream open on instance B, and counts back', async () => {
    const onB = await openStream(second.app, retailer);
    await eventually(() => onB.events.length > 0);
    const arrived = onB.next('notification');
    const sent = await compose(ctx.app, admin, 'Route 101 runs late', { audienceType: 'routes', audienceValues: ['101'] });
    expect(JSON.parse((await arrived).data)).toMatchObject({ id: sent.id, title: 'Route 101 runs late', isRead: false });
    // Read through B: a stream on A hears the count.
    const onA = await openStream(ctx.app, retailer);
    await eventually(() => onA.events.length > 0);
    const changed = onA.next('changed');
    expect(
      (await call(second.app, { method: 'GET', url: `/api/retailer/readNotification/${sent.id}`, token: retailer })).status,
    ).toBe(200);
    expect((await changed).data).toBe('{"unreadCount":0}');
    // Each event once per stream, though both instances publish and subscribe.
    expect(onB.events.filter((e) => e.event === 'notification')).toHaveLength(1);
    onA.close();
    onB.close();
    await Promise.all([onA.ended, onB.ended]);
  });

  it('delivers a system notification (an order status move on A) to B', async () => {
    const onB = await openStream(second.app, retailer);
    await eventually(() => onB.events.length > 0);
    const arrived = onB.next('notification');
    await ctx.db
      .insertInto('orders')
      .values({
        id: 'o-stream',
        order_number: '900001',
        distributor_id: WORLD.distributorId,
        customer_id: WORLD.customers.c10001,
        placed_by_user_id: WORLD.users.retailer.id,
        placed_by_role: 'retailer',
        status: 'placed',
        notes: null,
        po_number: null,
        requested_delivery_date: null,
        subtotal_cents: 1000,
        tax_cents: 0,
        crv_cents: 0,
        delivery_charge_cents: 0,
        total_cents: 1000,
        item_count: 0,
        is_web_order: 1,
        idempotency_key: null,
        created_at: new Date().toISOString(),
        updated_at: new Date().toISOString(),
      })
      .execute();
    const moved = await call(ctx.app, {
      method: 'POST',
      url: '/api/admin/orders/o-stream/status',
      payload: { status: 'confirmed' },
      token: admin,
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(JSON.parse((await arrived).data)).toMatchObject({ kind: 'orderStatus', title: 'Order #900001 confirmed' });
    onB.close();
    await onB.ended;
  });
});

// Back office webhooks over HTTP against a local receiver: an endpoint's secret shown once and stored
// encrypted; signed deliveries for order placed, status changed and customer created; a 500 retried then
// delivered; giving up after the last attempt; the history; validation, 404s and the Back Office permission.
import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { WEBHOOK_MESSAGES } from '@portal/shared/webhooks/webhooks.schemas';
import { WORLD } from '../../db/seed/base-world.ts';
import { advanceClock, resetClock } from '../../platform/clock.ts';
import { call, tokenFor, type TestContext } from '../../../test/helper.ts';
import { createCatalogContext, P } from '../../../test/fixtures/catalog-fixtures.ts';
import { addDistributor, addDistributorUser, ALL } from '../../../test/fixtures/admin-fixtures.ts';
import { decide, endpointUrlProblem, isPrivateAddress, signatureHeader, WEBHOOK_RULES } from './webhook-delivery.ts';
import { webhookWorkerOf } from './webhooks.routes.ts';

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

/** A local HTTP receiver: records every request and answers the statuses queued in `answers` (then 200). */
function startReceiver() {
  const received: Received[] = [];
  const answers: number[] = [];
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString('utf8')));
    req.on('end', () => {
      received.push({ headers: req.headers, body });
      const status = answers.shift() ?? 200;
      res.writeHead(status, { 'content-type': 'text/plain' }).end(status === 200 ? 'ok' : 'boom');
    });
  });
  return new Promise<{ url: string; received: Received[]; answers: number[]; close: () => Promise<void> }>((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({
        url: `http://127.0.0.1:${port}/hooks`,
        received,
        answers,
        close: () => new Promise((done) => server.close(() => done())),
      });
    });
  });
}

/** What a receiver does: recompute the HMAC of "t.body" with the secret and compare. */
function verify(secret: string, r: Received): boolean {
  const header = String(r.headers['x-portal-signature'] ?? '');
  const m = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(header);
  if (!m) return false;
  return createHmac('sha256', secret).update(`${m[1]}.${r.body}`).digest('hex') === m[2];
}

describe('back office webhooks: /api/admin/back-office/webhooks', () => {
  let ctx: TestContext;
  let admin: string;
  let viewOnly: string;
  let otherAdmin: string;
  let retailer: string;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let endpointId: string;
  let secret: string;

  const base = '/api/admin/back-office/webhooks';
  const get = (url: string, token = admin) => call(ctx.app, { method: 'GET', url, token });
  const send = (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, token = admin) =>
    call(ctx.app, { method, url, ...(payload ? { payload } : {}), token });

  /** Runs the worker until nothing is due now (deliveries queued inside a transaction wake it a bit later). */
  async function drain(): Promise<void> {
    const worker = webhookWorkerOf(ctx.app)!;
    for (let i = 0; i < 20; i++) {
      worker.kick();
      await worker.idle();
      const due = await ctx.db
        .selectFrom('webhook_deliveries')
        .select('id')
        .where('status', 'in', ['queued', 'sending'])
        .where('next_attempt_at', '<=', new Date(Date.now() + 1000).toISOString())
        .execute();
      if (!due.length) return;
    }
  }
  const events = () => receiver.received.map((r) => JSON.parse(r.body) as { event: string; data: Record<string, unknown> });

  beforeAll(async () => {
    ctx = await createCatalogContext();
    receiver = await startReceiver();
    await addDistributor(ctx.db, 'dist-2');
    await addDistributorUser(ctx.db, 'user-bo-view', { 'Back Office': { view: true } });
    await addDistributorUser(ctx.db, 'user-bo-other', { 'Back Office': ALL }, 'dist-2');
    [admin, viewOnly, otherAdmin, retailer] = await Promise.all([
      tokenFor(ctx, WORLD.users.admin.id),
      tokenFor(ctx, 'user-bo-view'),
      tokenFor(ctx, 'user-bo-other'),
      tokenFor(ctx, WORLD.users.retailer.id),
    ]);
  });
  afterEach(() => resetClock());
  afterAll(async () => {
    await receiver.close();
    await ctx.close();
  });

  it('adds an endpoint and shows its secret once; the database keeps it encrypted', async () => {
    const res = await send('POST', base, {
      url: receiver.url,
      description: 'Accounting',
      events: ['order.placed', 'order.status_changed', 'customer.created', 'order.placed'],
    });
    expect(res.status).toBe(201);
    expect(res.body.message).toBe(WEBHOOK_MESSAGES.created);
    expect(res.body.data).toMatchObject({
      url: receiver.url,
      description: 'Accounting',
      events: ['order.placed', 'order.status_changed', 'customer.created'],
      isActive: true,
      lastDelivery: null,
    });
    secret = res.body.data.secret;
    endpointId = res.body.data.id;
    expect(secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    expect(res.body.data.secretHint).toBe(secret.slice(-4));

    const row = await ctx.db.selectFrom('webhook_endpoints').selectAll().where('id', '=', endpointId).executeTakeFirstOrThrow();
    expect(JSON.stringify(row)).not.toContain(secret.slice(6));
    const again = await get(`${base}/${endpointId}`);
    expect(again.status).toBe(200);
    expect(again.body.data.secret).toBeUndefined();
    expect(JSON.stringify(again.body)).not.toContain(secret);
  });

  it('sends a signed test delivery the receiver can verify', async () => {
    const res = await send('POST', `${base}/${endpointId}/test`);
    expect(res.status).toBe(202);
    // The worker runs beside the request: by the answer it may have claimed the delivery already.
    expect(res.body).toMatchObject({
      message: 'Test delivery sent',
      data: { event: 'webhook.test', status: expect.stringMatching(/^(queued|sending|delivered)$/), isTest: true },
    });
    await drain();
    expect(receiver.received).toHaveLength(1);
    const r = receiver.received[0]!;
    expect(verify(secret, r)).toBe(true);
    expect(verify('whsec_wrong', r)).toBe(false);
    expect(r.headers['content-type']).toBe('application/json');
    expect(r.headers['x-portal-event']).toBe('webhook.test');
    expect(r.headers['x-portal-delivery']).toBe(res.body.data.id);
    expect(JSON.parse(r.body)).toMatchObject({ event: 'webhook.test', data: { endpointId } });

    const history = await get(`/api/admin/back-office/webhook-deliveries?endpointId=${endpointId}`);
    expect(history.body.data).toMatchObject({ total: 1, page: 1 });
    expect(history.body.data.items[0]).toMatchObject({ status: 'delivered', attempts: 1, lastStatusCode: 200, lastError: null });
  });

  it('announces a placed order and a status change, signed, with the order data', async () => {
    receiver.received.length = 0;
    await call(ctx.app, {
      method: 'POST',
      url: '/api/retailer/cart/add',
      payload: { productId: P.cola, quantity: 6 },
      token: retailer,
    });
    const placed = await call(ctx.app, {
      method: 'POST',
      url: '/api/retailer/placeOrder',
      payload: {},
      headers: { 'is-web-order': 'true' },
      token: retailer,
    });
    expect(placed.status).toBe(200);
    await drain();
    expect(events().map((e) => e.event)).toEqual(['order.placed']);
    const order = events()[0]!.data;
    expect(order).toMatchObject({ status: 'placed', customerNumber: '10001', total: expect.any(Number) });
    expect(order.lines).toHaveLength(1);
    expect(receiver.received.every((r) => verify(secret, r))).toBe(true);

    const moved = await send('POST', `/api/admin/orders/${String(order.orderId)}/status`, { status: 'confirmed' });
    expect(moved.status).toBe(200);
    await drain();
    expect(events()[1]).toMatchObject({
      event: 'order.status_changed',
      data: { orderNumber: order.orderNumber, previousStatus: 'placed', status: 'confirmed', customerNumber: '10001' },
    });
  });

  it('announces a customer created by the office; a customer change is not subscribed here', async () => {
    receiver.received.length = 0;
    const created = await send('POST', '/api/admin/retailers', {
      cNumber: '30077',
      companyName: 'Hook Market',
      contactName: 'Ada Lane',
    });
    expect(created.status).toBe(201);
    await drain();
    expect(events()).toEqual([
      expect.objectContaining({
        event: 'customer.created',
        data: expect.objectContaining({ customerId: created.body.data.id, cNumber: '30077', companyName: 'Hook Market' }),
      }),
    ]);
    const deactivated = await send('POST', `/api/admin/retailers/${created.body.data.id}/deactivate`);
    expect(deactivated.status).toBe(200);
    await drain();
    expect(events()).toHaveLength(1); // customer.changed is not among this endpoint's events
  });

  it('retries a delivery answered 500 after the backoff, then records it delivered', async () => {
    receiver.received.length = 0;
    receiver.answers.push(500);
    const test = await send('POST', `${base}/${endpointId}/test`);
    await drain();
    const first = await get(`/api/admin/back-office/webhook-deliveries?status=queued`);
    expect(first.body.data.items).toHaveLength(1);
    expect(first.body.data.items[0]).toMatchObject({
      id: test.body.data.id,
      status: 'queued',
      attempts: 1,
      lastStatusCode: 500,
      lastError: 'HTTP 500: boom',
    });
    expect(Date.parse(first.body.data.items[0].nextAttemptAt) - Date.now()).toBeGreaterThan(25_000);

    advanceClock(WEBHOOK_RULES.baseDelayMs + 1000);
    await drain();
    const after = await get(`/api/admin/back-office/webhook-deliveries?endpointId=${endpointId}&limit=1`);
    expect(after.body.data.items[0]).toMatchObject({
      id: test.body.data.id,
      status: 'delivered',
      attempts: 2,
      lastStatusCode: 200,
      lastError: null,
      nextAttemptAt: null,
    });
    expect(receiver.received).toHaveLength(2);
    // The same event id on both attempts, so a receiver can drop a duplicate.
    expect(JSON.parse(receiver.received[0]!.body).id).toBe(JSON.parse(receiver.received[1]!.body).id);
  });

  it('gives up after the last attempt and records the error', async () => {
    receiver.received.length = 0;
    receiver.answers.push(...Array.from({ length: WEBHOOK_RULES.maxAttempts }, () => 503));
    const test = await send('POST', `${base}/${endpointId}/test`);
    await drain();
    for (let i = 1; i < WEBHOOK_RULES.maxAttempts; i++) {
      advanceClock(WEBHOOK_RULES.maxDelayMs);
      await drain();
    }
    expect(receiver.received).toHaveLength(WEBHOOK_RULES.maxAttempts);
    const failed = await get(`/api/admin/back-office/webhook-deliveries?status=failed`);
    expect(failed.body.data.items[0]).toMatchObject({
      id: test.body.data.id,
      status: 'failed',
      attempts: WEBHOOK_RULES.maxAttempts,
      lastStatusCode: 503,
      lastError: 'HTTP 503: boom',
    });
    const list = await get(base);
    expect(list.body.data.items[0].lastDelivery).toMatchObject({ status: 'failed', event: 'webhook.test' });
  });

  it('pages the history newest first', async () => {
    const page = await get('/api/admin/back-office/webhook-deliveries?limit=2&page=2');
    expect(page.status).toBe(200);
    expect(page.body.data).toMatchObject({ page: 2, limit: 2 });
    expect(page.body.data.total).toBeGreaterThanOrEqual(5);
    expect(page.body.data.items).toHaveLength(2);
  });

  it('sorts the history by a column, ties newest first; an unknown column is 400', async () => {
    type Row = { id: string; attempts: number; createdAt: string };
    const list = async (query: string) =>
      (await get(`/api/admin/back-office/webhook-deliveries?limit=100${query}`)).body.data.items as Row[];
    const all = await list('');
    // More than one attempt count among the deliveries, so the orders below are real sorts.
    expect(new Set(all.map((d) => d.attempts)).size).toBeGreaterThan(1);
    const pairs = (rows: Row[]) => rows.slice(1).map((row, i) => [rows[i]!, row] as const);
    for (const [a, b] of pairs(all)) expect(a.createdAt >= b.createdAt).toBe(true);
    for (const dir of ['asc', 'desc'] as const) {
      const rows = await list(`&sort=attempts&dir=${dir}`);
      expect(rows.map((d) => d.id).sort()).toEqual(all.map((d) => d.id).sort());
      for (const [a, b] of pairs(rows)) {
        expect(dir === 'asc' ? a.attempts <= b.attempts : a.attempts >= b.attempts).toBe(true);
        if (a.attempts === b.attempts) expect(a.createdAt >= b.createdAt).toBe(true);
      }
    }
    const bad = await get('/api/admin/back-office/webhook-deliveries?sort=secret');
    expect([bad.status, bad.body.success, bad.body.message]).toEqual([
      400,
      false,
      'sort must be one of: createdAt, event, endpointUrl, status, attempts, nextAttemptAt',
    ]);
  });

  it('edits the endpoint, and a paused endpoint gets no events and no test', async () => {
    const res = await send('PUT', `${base}/${endpointId}`, {
      url: receiver.url,
      description: null,
      events: ['customer.changed'],
      isActive: false,
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      message: 'Webhook endpoint updated',
      data: { events: ['customer.changed'], isActive: false },
    });
    const test = await send('POST', `${base}/${endpointId}/test`);
    expect(test.status).toBe(409);
    expect(test.body.message).toBe(WEBHOOK_MESSAGES.inactive);
  });

  it('rotates the secret: shown once, and deliveries are signed with the new one', async () => {
    await send('PUT', `${base}/${endpointId}`, { url: receiver.url, events: ['customer.changed'], isActive: true });
    const res = await send('POST', `${base}/${endpointId}/secret`);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(WEBHOOK_MESSAGES.secretRotated);
    const fresh = res.body.data.secret as string;
    expect(fresh).not.toBe(secret);
    receiver.received.length = 0;
    await send('POST', `${base}/${endpointId}/test`);
    await drain();
    expect(verify(fresh, receiver.received[0]!)).toBe(true);
    expect(verify(secret, receiver.received[0]!)).toBe(false);
  });

  it('refuses bad input with the field named', async () => {
    const cases: [object, string, string][] = [
      [{ url: 'not a url', events: ['order.placed'] }, 'url', WEBHOOK_MESSAGES.urlInvalid],
      [{ url: 'ftp://x.test/a', events: ['order.placed'] }, 'url', WEBHOOK_MESSAGES.urlInvalid],
      [{ url: 'https://u:p@x.test/a', events: ['order.placed'] }, 'url', WEBHOOK_MESSAGES.urlCredentials],
      [{ url: 'https://x.test/a', events: [] }, 'events', WEBHOOK_MESSAGES.eventsRequired],
      [{ url: 'https://x.test/a' }, 'events', WEBHOOK_MESSAGES.eventsRequired],
      [
        { url: 'https://x.test/a', events: ['order.deleted'] },
        'events.0',
        'events must be among: order.placed, order.status_changed, customer.created, customer.changed, payment.recorded',
      ],
    ];
    for (const [payload, field, message] of cases) {
      const res = await send('POST', base, payload);
      expect(res.status, JSON.stringify(payload)).toBe(400);
      expect(res.body.error.fields[field], JSON.stringify(res.body)).toBe(message);
    }
  });

  it("answers 404 for another distributor's endpoint and refuses a view-only user's changes", async () => {
    expect((await get(`${base}/${endpointId}`, otherAdmin)).status).toBe(404);
    expect((await send('POST', `${base}/${endpointId}/test`, undefined, otherAdmin)).status).toBe(404);
    expect((await send('DELETE', `${base}/${endpointId}`, undefined, otherAdmin)).status).toBe(404);
    expect((await get('/api/admin/back-office/webhook-deliveries', otherAdmin)).body.data.total).toBe(0);
    expect((await get(base, viewOnly)).status).toBe(200);
    const refused = await send('POST', base, { url: receiver.url, events: ['order.placed'] }, viewOnly);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('You do not have add permission for Back Office');
    expect((await get(base, retailer)).status).toBe(403);
  });

  it('deletes the endpoint with its history', async () => {
    const res = await send('DELETE', `${base}/${endpointId}`);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Webhook endpoint deleted');
    expect((await get(`${base}/${endpointId}`)).status).toBe(404);
    expect((await get('/api/admin/back-office/webhook-deliveries')).body.data.total).toBe(0);
  });
});

describe('webhook delivery rules', () => {
  it('signs "t.body" with HMAC-SHA256', () => {
    const expected = createHmac('sha256', 'whsec_x').update('1700000000.{"a":1}').digest('hex');
    expect(signatureHeader('whsec_x', '{"a":1}', 1_700_000_000)).toBe(`t=1700000000,v1=${expected}`);
  });

  it('retries with doubling waits and gives up after the last attempt', () => {
    const e500 = { kind: 'status', status: 500, body: '' } as const;
    expect(decide(e500, 1)).toEqual({ action: 'retry', delayMs: 30_000, reason: 'HTTP 500', statusCode: 500 });
    expect(decide(e500, 3)).toMatchObject({ action: 'retry', delayMs: 120_000 });
    expect(decide({ kind: 'network', message: 'ECONNREFUSED' }, 2)).toMatchObject({
      action: 'retry',
      delayMs: 60_000,
      statusCode: null,
    });
    expect(decide(e500, WEBHOOK_RULES.maxAttempts)).toEqual({ action: 'failed', reason: 'HTTP 500', statusCode: 500 });
    expect(decide({ kind: 'status', status: 204, body: '' }, 1)).toEqual({ action: 'delivered', statusCode: 204 });
  });

  it('in production accepts only https:// to public addresses; demo and test accept a local receiver', () => {
    expect(endpointUrlProblem('http://127.0.0.1:9000/hooks', 'test')).toBeNull();
    expect(endpointUrlProblem('http://erp.example.com/hooks', 'production')).toBe(WEBHOOK_MESSAGES.urlHttpsOnly);
    for (const url of [
      'https://127.0.0.1/hooks',
      'https://10.1.2.3/hooks',
      'https://192.168.0.10/hooks',
      'https://[::1]/hooks',
      'https://169.254.169.254/latest',
      'https://localhost/hooks',
      'https://erp.internal/hooks',
      'https://intranet/hooks',
    ]) {
      expect(endpointUrlProblem(url, 'production'), url).toBe(WEBHOOK_MESSAGES.urlPrivate);
    }
    expect(endpointUrlProblem('https://erp.example.com/hooks', 'production')).toBeNull();
    expect(isPrivateAddress('::ffff:10.0.0.1')).toBe(true);
    expect(isPrivateAddress('8.8.8.8')).toBe(false);
  });
});

// Every route of the OpenAPI document, called by every role with junk: empty and wrong-typed bodies,
// nonsense path parameters and query strings. Whatever the answer, it is never a 500 and always the
// envelope: bad input is the caller's problem and must say so with a 4xx.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBaseWorld, WORLD } from '../src/db/seed/base-world.ts';
import { call, createTestContext, tokenFor, type TestContext } from './helper.ts';

interface Operation {
  method: string;
  path: string;
}

const JUNK_BODIES: unknown[] = [
  undefined,
  {},
  [],
  'text',
  { quantity: -1, productId: { $ne: 1 }, email_phone: 12, page: 'x' },
  { a: 'x'.repeat(5000) },
];
const JUNK_PARAMS = ['x', '0', '-1', '%27%20or%201%3D1', 'undefined', '9'.repeat(30)];

describe('no route answers 500 to bad input', () => {
  let ctx: TestContext;
  let operations: Operation[] = [];
  const tokens: Record<string, string> = {};

  beforeAll(async () => {
    ctx = await createTestContext();
    await createBaseWorld(ctx.db);
    tokens.retailer = await tokenFor(ctx, WORLD.users.retailer.id);
    tokens.sales = await tokenFor(ctx, WORLD.users.sales.id);
    tokens.admin = await tokenFor(ctx, WORLD.users.admin.id);
    // The rep works for 10001, so sales calls get past the customer binding to their real handlers.
    await ctx.db.updateTable('sessions').set({ current_customer_id: WORLD.customers.c10001 }).execute();
    const doc = (await call(ctx.app, { method: 'GET', url: '/api/docs/json' })).body as {
      paths: Record<string, Record<string, unknown>>;
    };
    operations = Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.keys(methods)
        .filter((m) => ['get', 'post', 'put', 'patch', 'delete'].includes(m))
        .map((method) => ({ method: method.toUpperCase(), path })),
    );
  });
  afterAll(() => ctx.close());

  it('covers a real number of routes', () => {
    expect(operations.length).toBeGreaterThan(60);
  });

  it('answers every junk call with the envelope and a status below 500', async () => {
    const failures: string[] = [];
    for (const op of operations) {
      if (op.path === '/api/auth/logout') continue; // would end the sessions used below
      for (const [i, param] of JUNK_PARAMS.entries()) {
        const url =
          op.path.replace(/\{customerId\}/g, i % 2 ? WORLD.customers.c10001 : param).replace(/\{[^}]+\}/g, param) +
          (i === 1 ? '?page=-3&limit=abc&startDate=yesterday&role=undefined' : '');
        for (const token of [undefined, tokens.retailer, tokens.sales, tokens.admin]) {
          const body = JUNK_BODIES[(i + (token?.length ?? 0)) % JUNK_BODIES.length];
          const customerId = i % 2 ? WORLD.customers.c10001 : param;
          const headers: Record<string, string> = { 'x-customer-id': customerId, 'idempotency-key': param };
          const res = await call(ctx.app, {
            method: op.method as 'GET',
            url,
            token,
            headers,
            ...(op.method === 'GET' || op.method === 'DELETE' || body === undefined ? {} : { payload: body as object }),
          });
          const isPdf = String(res.headers['content-type'] ?? '').includes('pdf');
          if (res.status >= 500 || (!isPdf && res.status >= 400 && res.body?.success !== false)) {
            failures.push(
              `${op.method} ${url} (${token ? 'signed in' : 'no token'}) → ${res.status} ${JSON.stringify(res.body).slice(0, 200)}`,
            );
          }
        }
      }
    }
    expect(failures).toEqual([]);
  }, 120_000);
});

// Issue 12 §5 access matrix: every /api route of the live route table (app.routeAccess, filled as routes
// register, so a route added later is in it) × eight identities × an object of customer A and one of
// customer B. The expected answer comes from the route's declared rule (platform/auth/access.ts), and
// no answer to one side's identity may contain the other side's identifiers.
//   A = customer 10001 (its retailer; rep-1 is assigned to it), B = customer 10003 (a retailer added
//   here; rep-2 is assigned to it). Distributor users: with the route's module permission (a role that
//   grants only that module, or the full admin for non-module routes) and without it (a role that
//   grants every other module, or none).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DISTRIBUTOR_MODULES } from '@portal/shared/auth/modules';
import type { Role } from '@portal/shared/auth/roles';
import type { Selectable } from 'kysely';
import type { WebhookEndpointTable } from '../src/db/schema.ts';
import { buildApp } from '../src/app.ts';
import { WORLD } from '../src/db/seed/base-world.ts';
import { access, type Access } from '../src/platform/auth/access.ts';
import type { DeclaredRoute } from '../src/platform/auth/guard.ts';
import { ok } from '../src/platform/envelope.ts';
import { CAT, createCatalogContext, insertPromotion, P, setCustomer } from './fixtures/catalog-fixtures.ts';
import { addDistributorUser } from './fixtures/admin-fixtures.ts';
import { call, tokenFor, type TestContext } from './helper.ts';
import { makeImage, multipart } from './fixtures/media-fixtures.ts';

type Side = 'A' | 'B';
type IdentityName =
  | 'anonymous'
  | 'malformed token'
  | 'retailer of A'
  | 'retailer of B'
  | 'sales rep assigned to A'
  | 'sales rep not assigned to A'
  | 'distributor with permission'
  | 'distributor without permission';

interface Identity {
  name: IdentityName;
  role: Role | null;
  /** The customer side whose objects are this identity's own (reps: their assigned customer). */
  side: Side | null;
}

const IDENTITIES: Identity[] = [
  { name: 'anonymous', role: null, side: null },
  { name: 'malformed token', role: null, side: null },
  { name: 'retailer of A', role: 'retailer', side: 'A' },
  { name: 'retailer of B', role: 'retailer', side: 'B' },
  { name: 'sales rep assigned to A', role: 'sales', side: 'A' },
  { name: 'sales rep not assigned to A', role: 'sales', side: 'B' },
  { name: 'distributor with permission', role: 'distributor', side: null },
  { name: 'distributor without permission', role: 'distributor', side: null },
];

interface CustomerObjects {
  customerId: string;
  cNumber: string;
  company: string;
  orderNumber: string;
  /** A second session of the side's rep (the devices routes end it). */
  repSessionId: string;
  /** A support ticket the side's retailer opened, and the PNG on its first message. */
  ticketId: string;
  attachmentId: string;
}

/** Path parameters that name one side's object; the others (products, policy kinds) are shared. */
const OWNED_PARAMS = new Set(['customerId', 'cNumber', 'orderNumber', 'sessionId', 'ticketId', 'attachmentId']);

/**
 * Shared objects named by admin path parameters: a vendor and a category in use (so DELETE is refused),
 * a product, the fixture's lime promotion, a banner added here, and a product import uploaded in beforeAll
 * (not applied, so apply and rollback are refused), store 10002 and its user for the admin retailer routes
 * (neither side's, so deactivating them leaves both sides signed in; reactivate runs right after and restores them),
 * a pending sign-up request (the matrix sends empty bodies, so it is never decided), and the owner role.
 */
const SHARED_PARAMS: Record<string, string> = {
  kind: 'privacy',
  vendorId: 'vendor-1',
  categoryId: CAT.beverages,
  productId: P.cola,
  promotionId: 'promo-lime',
  bannerId: 'banner-matrix',
  retailerId: WORLD.customers.c10002,
  // the office's receivables name a store too: 10002, neither side's (payments need a body, so none is recorded)
  storeId: WORLD.customers.c10002,
  // store 10002's retailer, not a matrix identity: deactivating or signing it out leaves both sides signed in
  userId: WORLD.users.retailer2.id,
  requestId: 'request-matrix',
  // the owner role: readable, and refused (409) when deleted or reduced, so the matrix changes no role
  roleId: WORLD.adminRoleId,
  // a staff user and a sales rep that are not matrix identities (deactivating them changes no identity)
  staffId: 'staff-matrix',
  repId: 'rep-3',
};

/**
 * Valid inputs for routes that validate before their handler runs, so the handler (and the owner check
 * inside it) is reached; `{order}` is the object's order number. Routes not listed get an empty body.
 * Password changes keep an empty body: a real attempt would change a password or count a failure.
 */
const SAMPLES: Record<string, { query?: string; body?: object }> = {
  'GET /api/sales/calendar': { query: 'from=2026-01-01&to=2026-01-31' },
  'GET /api/admin/calendar': { query: 'from=2026-01-01&to=2026-01-31' },
  'GET /api/dev/outbox': { query: 'to=retailer%40demo.test' },
  'GET /api/retailer/orderPdf': { query: 'orderNumber={order}' },
  'GET /api/sales/orderPdf/:customerId': { query: 'orderNumber={order}' },
  'GET /api/sales/orderHistoryByProductNumber': { query: 'productNumber={product}' },
  'GET /api/admin/promotions/:promotionId/preview': { query: `customerId=${WORLD.customers.c10001}` },
  'GET /api/admin/promotions/choices': { query: 'kind=customers&search=100' },
  'GET /api/admin/notifications/audience': { query: 'audienceType=routes&audienceValues=101' },
  'POST /api/retailer/cart/add': { body: { productId: P.cola, quantity: 1 } },
  'POST /api/sales/addToCart/:customerId': { body: { productId: P.cola, quantity: 1 } },
  'PUT /api/retailer/cart/items/:productId': { body: { quantity: 2 } },
  'PUT /api/sales/cartItem/:id': { body: { quantity: 2 } },
  'POST /api/retailer/orderNotes/:orderNumber': { body: { text: 'A note from the matrix.' } },
  'POST /api/sales/orderNotes/:orderNumber': { body: { text: 'A note from the matrix.' } },
  'POST /api/admin/orders/:orderId/notes': { body: { text: 'A note from the matrix.' } },
  'POST /api/admin/epick/pick-list': { body: { deliveryDate: '2026-12-01' } },
  'PUT /api/admin/epick/settings': {
    body: { groupBy: 'route', sortBy: 'location', loadOrder: 'reverse_stop', printPrices: false },
  },
  'PUT /api/admin/policies/:kind': { body: { title: 'Privacy', body: 'What we keep and why.' } },
  // A change that changes nothing (the cola has no limit), so that applying it leaves the fixtures as they are.
  'POST /api/admin/products/bulk/preview': { body: { ids: [P.cola], change: { kind: 'productLimit', productLimit: null } } },
  'POST /api/admin/products/bulk/apply': { body: { ids: [P.cola], change: { kind: 'productLimit', productLimit: null } } },
  'POST /api/contact': {
    body: { name: 'Matrix', email: 'matrix@demo.test', phone: '9165550100', message: 'Hello from the matrix.' },
  },
  // Valid tickets and replies, so the owner check (another side's ticket is 404) is what answers.
  'POST /api/retailer/support-tickets': { body: { subject: 'From the matrix', category: 'other', message: 'Hello.' } },
  'POST /api/sales/support-tickets': { body: { subject: 'From the matrix', category: 'other', message: 'Hello.' } },
  'POST /api/retailer/support-tickets/:ticketId/messages': { body: { message: 'A reply from the matrix.' } },
  'POST /api/sales/support-tickets/:ticketId/messages': { body: { message: 'A reply from the matrix.' } },
  'POST /api/retailer/contact': {
    body: { name: 'Matrix', email: 'matrix@demo.test', phone: '9165550100', message: 'Hello from the matrix.' },
  },
  // Back office: a local receiver address nothing listens on (test mode accepts http://127.0.0.1); a paused
  // endpoint, so the matrix's writes queue no deliveries.
  'POST /api/admin/back-office/webhooks': {
    body: { url: 'http://127.0.0.1:9/matrix', events: ['order.placed'], isActive: false },
  },
  'PUT /api/admin/back-office/webhooks/:endpointId': {
    body: { url: 'http://127.0.0.1:9/matrix', events: ['order.placed'], isActive: true },
  },
  'GET /api/admin/back-office/exports/orders.csv': { query: 'from=2026-01-01&to=2026-01-31' },
  'GET /api/admin/back-office/exports/invoices.csv': { query: 'from=2026-01-01&to=2026-01-31' },
  'GET /api/admin/back-office/exports/payments.csv': { query: 'from=2026-01-01&to=2026-01-31' },
};

type Expected = 'allowed' | 'refused-401' | 'refused-403' | 'other-side';

/** What the declared rule says this identity gets for this object. */
function expected(route: DeclaredRoute, who: Identity, side: Side, namesObject: boolean): Expected {
  const rule: Access = route.access;
  if (rule.kind === 'public') return 'allowed';
  if (!who.role) return 'refused-401';
  if (rule.kind === 'signedIn') return 'allowed';
  if (rule.kind === 'module') {
    return who.name === 'distributor with permission' ? 'allowed' : 'refused-403';
  }
  if (!rule.roles.includes(who.role)) return 'refused-403';
  if (namesObject && who.side !== side) return 'other-side';
  return 'allowed';
}

function matches(exp: Expected, status: number, body: any): boolean {
  const code = body?.error?.code;
  switch (exp) {
    case 'allowed':
      return status < 500 && status !== 401 && status !== 403;
    case 'refused-401':
      return status === 401 && code === 'UNAUTHORIZED';
    case 'refused-403':
      return status === 403 && code === 'FORBIDDEN';
    case 'other-side':
      // Not one of yours (403) or, for an object looked up within your own customer, not found (404).
      return status === 403 || status === 404;
  }
}

describe('access matrix: every route × identity × object', () => {
  let ctx: TestContext;
  let routes: DeclaredRoute[] = [];
  const objects = {} as Record<Side, CustomerObjects>;
  let endpointRow: Selectable<WebhookEndpointTable>;
  const restoreEndpoint = async () => {
    await ctx.db
      .insertInto('webhook_endpoints')
      .values(endpointRow)
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
  };
  const tokens = {} as Record<IdentityName, string | undefined>;
  /** Distributor users by the module their role grants ('*' all, '-' none, '-X' all but X). */
  const distributorUsers = new Map<string, string>();
  let productNumber = '';

  async function distributorUser(key: string, grants: readonly string[]): Promise<string> {
    const existing = distributorUsers.get(key);
    if (existing) return existing;
    const roleId = `role-matrix-${distributorUsers.size}`;
    const userId = `user-matrix-${distributorUsers.size}`;
    await ctx.db
      .insertInto('distributor_roles')
      .values({
        id: roleId,
        distributor_id: WORLD.distributorId,
        name: `Matrix ${key}`,
        description: null,
        is_system: 0,
        created_at: '2026-01-01T00:00:00.000Z',
      })
      .execute();
    if (grants.length) {
      await ctx.db
        .insertInto('role_permissions')
        .values(
          grants.map((module) => ({
            role_id: roleId,
            module,
            can_view: 1,
            can_add: 1,
            can_edit: 1,
            can_delete: 1,
            can_export: 1,
            can_approve: 1,
          })),
        )
        .execute();
    }
    const admin = await ctx.db.selectFrom('users').selectAll().where('id', '=', WORLD.users.admin.id).executeTakeFirstOrThrow();
    await ctx.db
      .insertInto('users')
      .values({
        ...admin,
        id: userId,
        email: `${userId}@demo.test`,
        phone: `1555099${String(distributorUsers.size).padStart(4, '0')}`,
        name: `Matrix ${key}`,
        distributor_role_id: roleId,
      })
      .execute();
    distributorUsers.set(key, userId);
    return userId;
  }

  /** Fresh sessions for every identity; reps work for their own side's customer. */
  async function signIn(): Promise<void> {
    tokens.anonymous = undefined;
    tokens['malformed token'] = 'not.a.jwt';
    tokens['retailer of A'] = await tokenFor(ctx, WORLD.users.retailer.id);
    tokens['retailer of B'] = await tokenFor(ctx, 'user-retailer-b');
    tokens['sales rep assigned to A'] = await tokenFor(ctx, WORLD.users.sales.id);
    tokens['sales rep not assigned to A'] = await tokenFor(ctx, WORLD.users.sales2.id);
    await ctx.db
      .updateTable('sessions')
      .set({ current_customer_id: objects.A.customerId })
      .where('user_id', '=', WORLD.users.sales.id)
      .execute();
    await ctx.db
      .updateTable('sessions')
      .set({ current_customer_id: objects.B.customerId })
      .where('user_id', '=', WORLD.users.sales2.id)
      .execute();
  }

  async function distributorTokens(route: DeclaredRoute): Promise<[string, string]> {
    const rule = route.access;
    if (rule.kind === 'module') {
      const others = DISTRIBUTOR_MODULES.filter((m) => m !== rule.module);
      return [
        await tokenFor(ctx, await distributorUser(rule.module, [rule.module])),
        await tokenFor(ctx, await distributorUser(`-${rule.module}`, others)),
      ];
    }
    return [await tokenFor(ctx, WORLD.users.admin.id), await tokenFor(ctx, await distributorUser('-', []))];
  }

  /** A support ticket opened by the retailer with a PNG on its first message. */
  async function openTicket(token: string): Promise<{ ticketId: string; attachmentId: string }> {
    const form = multipart([{ filename: 'matrix.png', contentType: 'image/png', bytes: await makeImage('png', 20, 20) }]);
    const up = await call(ctx.app, {
      method: 'POST',
      url: '/api/retailer/support-tickets/attachments',
      payload: form.payload,
      headers: form.headers,
      token,
    });
    expect(up.status).toBe(201);
    const opened = await call(ctx.app, {
      method: 'POST',
      url: '/api/retailer/support-tickets',
      payload: { subject: 'Matrix ticket', category: 'other', message: 'From the matrix.', attachmentIds: [up.body.data.id] },
      token,
    });
    expect(opened.status).toBe(201);
    return { ticketId: opened.body.data.id, attachmentId: up.body.data.id };
  }

  async function placeOrder(token: string): Promise<string> {
    const add = await call(ctx.app, {
      method: 'POST',
      url: '/api/retailer/cart/add',
      payload: { productId: P.cola, quantity: 6 },
      token,
    });
    expect(add.status).toBe(200);
    const placed = await call(ctx.app, {
      method: 'POST',
      url: '/api/retailer/placeOrder',
      payload: {},
      headers: { 'is-web-order': 'true' },
      token,
    });
    expect(placed.status).toBe(200);
    return String(placed.body.data.orderNumber);
  }

  beforeAll(async () => {
    ctx = await createCatalogContext();
    routes = ctx.app.routeAccess.filter((r) => r.method !== 'HEAD'); // HEAD shares its GET's rule and handler
    const retailerA = await ctx.db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', WORLD.users.retailer.id)
      .executeTakeFirstOrThrow();
    await ctx.db
      .insertInto('users')
      .values({
        ...retailerA,
        id: 'user-retailer-b',
        email: 'retailer-b@demo.test',
        phone: '15550109999',
        name: 'Tom Reyes',
        customer_id: WORLD.customers.c10003,
      })
      .execute();
    for (const id of [WORLD.customers.c10001, WORLD.customers.c10003]) await setCustomer(ctx.db, id, { min_order_cents: null });
    await ctx.db
      .insertInto('retailer_requests')
      .values({
        id: 'request-matrix',
        distributor_id: WORLD.distributorId,
        store_name: 'Matrix Mart',
        owner_name: 'Max Matrix',
        email: 'matrix-mart@demo.test',
        phone: '15550108888',
        address: null,
        city: null,
        state: null,
        zip: null,
        password_hash: null,
        status: 'pending',
        notes: null,
        customer_id: null,
        verified_at: null,
        reviewed_by_user_id: null,
        reviewed_at: null,
        created_at: '2026-01-01T00:00:00.000Z',
        reject_reason: null,
        created_by_user_id: null,
        updated_at: null,
      })
      .execute();
    await addDistributorUser(ctx.db, 'staff-matrix', {});
    await insertPromotion(ctx.db, { id: 'banner-matrix', kind: 'banner', productId: null, title: 'Matrix banner' });
    productNumber = (await ctx.db.selectFrom('products').select('item_number').where('id', '=', P.cola).executeTakeFirstOrThrow())
      .item_number;

    const side = async (customerId: string, cNumber: string, company: string, retailer: string, repUser: string) => {
      const orderNumber = await placeOrder(await tokenFor(ctx, retailer));
      await tokenFor(ctx, repUser, { name: 'second device' });
      const session = await ctx.db
        .selectFrom('sessions')
        .select('id')
        .where('user_id', '=', repUser)
        .where('device_name', '=', 'second device')
        .executeTakeFirstOrThrow();
      const ticket = await openTicket(await tokenFor(ctx, retailer));
      return { customerId, cNumber, company, orderNumber, repSessionId: session.id, ...ticket };
    };
    // A published policy, so the policy reads have something to answer.
    const saved = await call(ctx.app, {
      method: 'PUT',
      url: '/api/admin/policies/privacy',
      payload: SAMPLES['PUT /api/admin/policies/:kind']!.body,
      token: await tokenFor(ctx, WORLD.users.admin.id),
    });
    expect(saved.status).toBe(200);
    const uploaded = await call(ctx.app, {
      method: 'POST',
      url: '/api/admin/product-imports?fileName=matrix.csv',
      payload: 'Item number,Description,Price 1\r\nMATRIX-1,Matrix product,1.00\r\n',
      headers: { 'content-type': 'text/csv' },
      token: await tokenFor(ctx, WORLD.users.admin.id),
    });
    expect(uploaded.status).toBe(201);
    SHARED_PARAMS.importId = uploaded.body.data.id;
    objects.A = await side(WORLD.customers.c10001, '10001', 'Corner Mart #1', WORLD.users.retailer.id, WORLD.users.sales.id);
    objects.B = await side(WORLD.customers.c10003, '10003', 'Harbor Quick Stop', 'user-retailer-b', WORLD.users.sales2.id);
    // The office's order routes name an order by id, and its bulk print reads orders (view): side A's
    // order (distributor identities have no side).
    const orderA = await ctx.db
      .selectFrom('orders')
      .select('id')
      .where('order_number', '=', objects.A.orderNumber)
      .executeTakeFirstOrThrow();
    SHARED_PARAMS.orderId = orderA.id;
    // The view-only pass names objects by SHARED_PARAMS alone: side A's ticket and its file.
    SHARED_PARAMS.ticketId = objects.A.ticketId;
    SHARED_PARAMS.attachmentId = objects.A.attachmentId;
    SAMPLES['POST /api/admin/orders/bulk/pdf'] = { body: { orderIds: [orderA.id], hasPrice: false } };
    // A notification to every store, so both sides' retailers can read and delete it by its id.
    const notification = await call(ctx.app, {
      method: 'POST',
      url: '/api/admin/notifications',
      payload: { title: 'Matrix notice', body: 'For every store.', audienceType: 'all' },
      token: await tokenFor(ctx, WORLD.users.admin.id),
    });
    expect(notification.status).toBe(201);
    SHARED_PARAMS.notificationId = notification.body.data.id;
    // A webhook endpoint (back office); the matrix's DELETE removes it, restoreEndpoint puts it back.
    const endpoint = await call(ctx.app, {
      method: 'POST',
      url: '/api/admin/back-office/webhooks',
      payload: SAMPLES['POST /api/admin/back-office/webhooks']!.body,
      token: await tokenFor(ctx, WORLD.users.admin.id),
    });
    expect(endpoint.status).toBe(201);
    SHARED_PARAMS.endpointId = endpoint.body.data.id;
    endpointRow = await ctx.db
      .selectFrom('webhook_endpoints')
      .selectAll()
      .where('id', '=', endpoint.body.data.id)
      .executeTakeFirstOrThrow();
    // A purchase order already received in full: issue, cancel and delete are refused (409) and the
    // empty bodies of edit and receive (400), so the matrix changes nothing and every read finds it.
    const at = '2026-01-02T00:00:00.000Z';
    await ctx.db
      .insertInto('purchase_orders')
      .values({
        id: 'po-matrix',
        distributor_id: WORLD.distributorId,
        po_number: 'PO-MATRIX',
        vendor_id: 'vendor-1',
        status: 'received',
        notes: null,
        expected_date: null,
        total_cents: 0,
        created_by_user_id: WORLD.users.admin.id,
        created_at: at,
        updated_at: at,
        issued_at: at,
        received_at: at,
      })
      .execute();
    SHARED_PARAMS.purchaseOrderId = 'po-matrix';
    await signIn();
  });
  afterAll(() => ctx.close());

  it('the route table holds every /api route, each with a rule', () => {
    expect(routes.length).toBeGreaterThanOrEqual(75);
    for (const r of routes) expect(r.access, `${r.method} ${r.url}`).toBeDefined();
  });

  it('answers every route × identity × object as its declared rule says, and never with the other side’s objects', async () => {
    const failures: string[] = [];
    const histogram: Record<string, number> = {};
    let cases = 0;
    const markers = (s: Side) => [
      objects[s].customerId,
      objects[s].company,
      `"${objects[s].cNumber}"`,
      `"${objects[s].orderNumber}"`,
    ];

    for (const route of routes) {
      const [distWith, distWithout] = await distributorTokens(route);
      tokens['distributor with permission'] = distWith;
      tokens['distributor without permission'] = distWithout;
      const params = [...route.url.matchAll(/:(\w+)/g)].map((m) => m[1]!);

      for (const who of IDENTITIES) {
        for (const side of ['A', 'B'] as const) {
          const o = objects[side];
          const values: Record<string, string> = {
            customerId: o.customerId,
            cNumber: o.cNumber,
            orderNumber: o.orderNumber,
            sessionId: o.repSessionId,
            productId: P.cola,
            id: P.cola,
            productNumber,
            ...SHARED_PARAMS,
            ticketId: o.ticketId,
            attachmentId: o.attachmentId,
          };
          let url = route.url.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(values[name] ?? 'x'));
          const sample = SAMPLES[`${route.method} ${route.url}`] ?? {};
          const isDashboard = route.url.startsWith('/api/dashboard/');
          const query = [
            isDashboard ? `role=${who.role ?? 'retailer'}&customerNumber=${o.cNumber}` : '',
            (sample.query ?? '').replace('{order}', o.orderNumber).replace('{product}', encodeURIComponent(productNumber)),
          ].filter(Boolean);
          if (query.length) url += `?${query.join('&')}`;
          // The object is named by a path parameter, by the dashboard's customer number, or (for a rep
          // on a customer route) by the x-customer-id header every request carries.
          const namesObject =
            params.some((p) => OWNED_PARAMS.has(p)) ||
            isDashboard ||
            Boolean(sample.query?.includes('{order}')) ||
            (who.role === 'sales' && route.access.kind === 'role' && route.access.owner === 'customer');
          const exp = expected(route, who, side, namesObject);
          const hasBody = route.method === 'POST' || route.method === 'PUT' || route.method === 'PATCH';
          const res = await call(ctx.app, {
            method: route.method as 'GET',
            url,
            token: tokens[who.name],
            headers: {
              'x-customer-id': o.customerId,
              'x-customer-number': o.cNumber,
              // a client address of its own, so the sign-in routes' per-IP limit does not answer instead
              'x-forwarded-for': `10.9.${Math.floor(cases / 250)}.${cases % 250}`,
            },
            ...(hasBody ? { payload: sample.body ?? {} } : {}),
          });
          cases++;
          histogram[res.status] = (histogram[res.status] ?? 0) + 1;
          const label = `${route.method} ${route.url} as ${who.name}, object of ${side}: expected ${exp}, got ${res.status}`;
          // A file answer (an order's PDF, a CSV download, a ticket's image) is outside the envelope on success only.
          const isPdf = /pdf|text\/csv|image\//.test(String(res.headers['content-type'] ?? '')) && res.status < 300;
          if (res.headers['cache-control'] !== 'no-store')
            failures.push(`${label}: Cache-Control ${String(res.headers['cache-control'])}`);
          if (!matches(exp, res.status, res.body)) failures.push(`${label} ${JSON.stringify(res.body).slice(0, 160)}`);
          // A read the rule allows, with valid input, must really answer: a 4xx there hides a wrong rule.
          else if (exp === 'allowed' && route.method === 'GET' && res.status >= 300) {
            failures.push(`${label}: an allowed read did not succeed ${JSON.stringify(res.body).slice(0, 160)}`);
          } else if (!isPdf && res.body?.success !== res.status < 400) failures.push(`${label}: not in the envelope`);
          if (who.side && !isPdf) {
            const other = who.side === 'A' ? 'B' : 'A';
            const text = res.raw.body;
            const leaked = markers(other).filter((m) => text.includes(m));
            if (leaked.length) failures.push(`${label}: answer contains ${other}'s ${leaked.join(', ')}`);
          }
          if (res.status < 300 && route.method === 'DELETE' && route.url === '/api/admin/back-office/webhooks/:endpointId') {
            await restoreEndpoint();
          }
          // Signing out or ending a device revokes a session the later cases need.
          if (res.status < 300 && (route.url === '/api/auth/logout' || route.url.startsWith('/api/sales/devices/'))) {
            await signIn();
            [tokens['distributor with permission'], tokens['distributor without permission']] = await distributorTokens(route);
          }
        }
      }
    }
    console.log(
      `access matrix: ${routes.length} routes × ${IDENTITIES.length} identities × 2 objects = ${cases} cases; statuses ${JSON.stringify(histogram)}`,
    );
    expect(cases).toBe(routes.length * IDENTITIES.length * 2);
    expect(failures).toEqual([]);
  }, 240_000);

  it('a module rule follows the method: a view-only role reads and may not write', async () => {
    const moduleRoutes = routes.filter((r) => r.access.kind === 'module');
    expect(moduleRoutes.length).toBeGreaterThan(0);
    for (const route of moduleRoutes) {
      const rule = route.access as Extract<Access, { kind: 'module' }>;
      const key = `view:${rule.module}`;
      let userId = distributorUsers.get(key);
      if (!userId) {
        userId = await distributorUser(key, []);
        const user = await ctx.db
          .selectFrom('users')
          .select('distributor_role_id')
          .where('id', '=', userId)
          .executeTakeFirstOrThrow();
        await ctx.db
          .insertInto('role_permissions')
          .values({
            role_id: user.distributor_role_id!,
            module: rule.module,
            can_view: 1,
            can_add: 0,
            can_edit: 0,
            can_delete: 0,
          })
          .execute();
      }
      const sample = SAMPLES[`${route.method} ${route.url}`] ?? {};
      const res = await call(ctx.app, {
        method: route.method as 'GET',
        url:
          route.url.replace(/:(\w+)/g, (_, name: string) => SHARED_PARAMS[name] ?? 'x') +
          (sample.query ? `?${sample.query}` : ''),
        token: await tokenFor(ctx, userId),
        ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { payload: sample.body ?? {} }),
      });
      const action = [rule.action ?? { GET: 'view', POST: 'add', PUT: 'edit', PATCH: 'edit', DELETE: 'delete' }[route.method]]
        .flat()
        .join(' or ');
      if (action === 'view') expect(res.status, `${route.method} ${route.url}`).toBe(200);
      else {
        expect([route.method, route.url, res.status, res.body]).toEqual([
          route.method,
          route.url,
          403,
          { success: false, message: `You do not have ${action} permission for ${rule.module}`, error: { code: 'FORBIDDEN' } },
        ]);
      }
    }
  });

  it('a route without an access rule stops the app from starting', async () => {
    const app = await buildApp({ config: ctx.config, db: ctx.db });
    await expect(
      app.register(async (api) => void api.get('/retailer/undeclared', async () => ok(null)), { prefix: '/api' }).ready(),
    ).rejects.toThrow('Route GET /api/retailer/undeclared declares no access rule (config.access). See docs/security.md.');
    await app.close().catch(() => undefined);
  });

  it('a rule that disagrees with the URL prefix stops the app from starting', async () => {
    const app = await buildApp({ config: ctx.config, db: ctx.db });
    await expect(
      app
        .register(
          async (api) => void api.get('/admin/mislabelled', { config: { access: access.salesSelf } }, async () => ok(null)),
          {
            prefix: '/api',
          },
        )
        .ready(),
    ).rejects.toThrow('Route GET /api/admin/mislabelled is under a distributor prefix');
    await app.close().catch(() => undefined);
  });
});

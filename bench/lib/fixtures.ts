// Users, sessions and the ordering carts the load phases need, written straight into the seeded
// database before the server starts (signing in through the API would spend minutes on argon2).
// Each user gets a session row and a JWT naming it, exactly what sign-in produces; the office
// writer signs in as the seeded distributor admin the same way.
// The ordering carts only hold lines the server will accept: active, orderable products without a
// product limit, at quantities the stock covers (or that allow backorders), for customers without a
// minimum order amount, so every refused order in the timed phase is a real failure. The searching
// buyers' carts and the 20-line carts are filled later through the cart API (cart-setup in
// api-bench.ts), from `cartPool`.
import type { DbOrTrx } from '../../apps/api/src/db/database.ts';
import { WORLD } from '../../apps/api/src/db/seed/base-world.ts';
import { bulkInserter } from '../../apps/api/src/db/seed/bulk-insert.ts';
import { createRng } from '../../apps/api/src/db/seed/prng.ts';
import { signToken } from '../../apps/api/src/platform/auth/tokens.ts';
import type { ImportTarget } from './office.ts';

export interface BenchUser {
  userId: string;
  customerId: string;
  token: string;
}

export interface FixturePlan {
  /** Users who search the catalogue (spread over customers, so over price levels). */
  browseUsers: number;
  /** Users whose cart is read back (filled through the API later). */
  cartUsers: number;
  /** Users with a full cart each, one order each. */
  orderUsers: number;
  orderLines: number;
}

export interface Fixtures {
  browse: BenchUser[];
  carts: BenchUser[];
  orders: BenchUser[];
  /** The seeded distributor admin, signed in: the office writer. */
  admin: BenchUser;
  /** Orderable products in stock, for carts filled through the API (quantity 1 each). */
  cartPool: string[];
  /** Active products the office edits, in a repeatable order. */
  editable: string[];
  /** Active products the office's CSV import updates (price 1), in a repeatable order. */
  importTargets: ImportTarget[];
  /** Item numbers and UPCs of real products, for exact-match searches. */
  itemNumbers: string[];
  upcs: string[];
}

export const BENCH_USER_PREFIX = 'bench-';

export async function createFixtures(db: DbOrTrx, jwtSecret: string, plan: FixturePlan): Promise<Fixtures> {
  const rng = createRng('api-bench');
  const d = WORLD.distributorId;
  const customers = await db
    .selectFrom('customers')
    .select(['id', 'min_order_cents'])
    .where('distributor_id', '=', d)
    .where('is_active', '=', 1)
    .orderBy('c_number')
    .execute();
  const anyCustomer = customers.map((c) => c.id);
  const noMinimum = customers.filter((c) => c.min_order_cents == null).map((c) => c.id);
  if (noMinimum.length === 0) throw new Error('The seeded data has no customer without a minimum order amount');

  const products = await db
    .selectFrom('products')
    .select(['id', 'stock_on_hand', 'allow_backorder'])
    .where('distributor_id', '=', d)
    .where('is_active', '=', 1)
    .where('allow_to_order', '=', 1)
    .where('product_limit', 'is', null)
    .orderBy('id')
    .execute();
  // Stock still free for bench carts; products allowing backorders are never short.
  const free = new Map(products.map((p) => [p.id, p.allow_backorder === 1 ? Number.POSITIVE_INFINITY : p.stock_on_hand]));
  const pool = products.filter((p) => p.allow_backorder === 1 || p.stock_on_hand >= 20).map((p) => p.id);
  if (pool.length < Math.max(30, plan.orderLines) * 4) throw new Error(`Too few orderable products in stock (${pool.length})`);

  const at = new Date().toISOString();
  const users = bulkInserter(db, 'users', [
    'id',
    'distributor_id',
    'role',
    'email',
    'phone',
    'password_hash',
    'name',
    'customer_id',
    'sales_rep_id',
    'distributor_role_id',
    'is_active',
    'created_at',
    'updated_at',
  ]);
  const sessions = bulkInserter(db, 'sessions', [
    'id',
    'user_id',
    'device_type',
    'device_name',
    'device_id',
    'ip',
    'user_agent',
    'current_customer_id',
    'created_at',
    'last_seen_at',
    'revoked_at',
  ]);
  const cartItems = bulkInserter(db, 'cart_items', [
    'id',
    'customer_id',
    'user_id',
    'product_id',
    'quantity',
    'created_at',
    'updated_at',
  ]);

  const make = async (kind: string, n: number, customersOf: string[], lines: number): Promise<BenchUser[]> => {
    const out: BenchUser[] = [];
    for (let i = 0; i < n; i++) {
      const userId = `${BENCH_USER_PREFIX}${kind}-${String(i + 1).padStart(6, '0')}`;
      const customerId = customersOf[i % customersOf.length]!;
      users.add([
        userId,
        d,
        'retailer',
        `${userId}@bench.test`,
        null,
        null,
        `Bench ${kind} ${i + 1}`,
        customerId,
        null,
        null,
        1,
        at,
        at,
      ]);
      const sessionId = `${userId}-session`;
      sessions.add([sessionId, userId, 'web', 'api-bench', sessionId, '127.0.0.1', 'api-bench', null, at, at, null]);
      const chosen = new Set<string>();
      while (chosen.size < lines) {
        const productId = rng.pick(pool);
        if (chosen.has(productId)) continue;
        const quantity = rng.int(1, 4);
        const left = free.get(productId)!;
        if (left < quantity) continue;
        free.set(productId, left - quantity);
        chosen.add(productId);
        // Distinct created_at per line keeps the cart's order stable, as real adds would.
        const lineAt = new Date(Date.parse(at) + chosen.size).toISOString();
        cartItems.add([`${userId}-line-${chosen.size}`, customerId, userId, productId, quantity, lineAt, lineAt]);
      }
      const token = await signToken({ sessionId, userId, role: 'retailer' }, jwtSecret);
      out.push({ userId, customerId, token });
      if (users.hasFullChunk || sessions.hasFullChunk || cartItems.hasFullChunk) {
        // Parents before children: the foreign keys are checked row by row.
        await users.finish();
        await sessions.finish();
        await cartItems.finish();
      }
    }
    return out;
  };

  // Spread the customers so that consecutive users belong to different stores.
  const browse = await make('browse', plan.browseUsers, rng.shuffle(anyCustomer), 0);
  const carts = await make('cart', plan.cartUsers, rng.shuffle(noMinimum), 0);
  const orders = await make('order', plan.orderUsers, rng.shuffle(noMinimum), plan.orderLines);
  await users.finish();
  await sessions.finish();
  await cartItems.finish();

  const adminSession = `${BENCH_USER_PREFIX}office-session`;
  await db
    .insertInto('sessions')
    .values({
      id: adminSession,
      user_id: WORLD.users.admin.id,
      device_type: 'web',
      device_name: 'api-bench office',
      device_id: adminSession,
      ip: '127.0.0.1',
      user_agent: 'api-bench',
      current_customer_id: null,
      created_at: at,
      last_seen_at: at,
      revoked_at: null,
    })
    .execute();
  const admin = {
    userId: WORLD.users.admin.id,
    customerId: '',
    token: await signToken({ sessionId: adminSession, userId: WORLD.users.admin.id, role: 'distributor' }, jwtSecret),
  };
  const editable = rng.shuffle(products.map((p) => p.id)).slice(0, 5000);
  const importable = await db
    .selectFrom('products')
    .select(['item_number', 'description', 'price1_cents'])
    .where('distributor_id', '=', d)
    .where('is_active', '=', 1)
    .orderBy('id')
    .execute();
  const importTargets = rng
    .shuffle(importable)
    .slice(0, 5000)
    .map((p) => ({ itemNumber: p.item_number, description: p.description, price1Cents: p.price1_cents }));

  // A spread-out, repeatable sample, the same on both databases.
  const all = await db
    .selectFrom('products as p')
    .innerJoin('product_upcs as u', 'u.product_id', 'p.id')
    .select(['p.item_number', 'u.upc'])
    .where('p.distributor_id', '=', d)
    .where('p.is_active', '=', 1)
    .orderBy('u.upc')
    .execute();
  const sample = rng.shuffle(all).slice(0, 400);
  return {
    browse,
    carts,
    orders,
    admin,
    cartPool: rng.shuffle(pool),
    editable,
    importTargets,
    itemNumbers: sample.map((s) => s.item_number),
    upcs: sample.map((s) => s.upc),
  };
}

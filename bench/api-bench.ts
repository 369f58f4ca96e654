// `npm run bench:api`: the API benchmark of issue 3 §4. Seeds a large SQLite data set in a
// temporary DATA_DIR, starts the real server (apps/api/src/main.ts, production mode) on a free
// 127.0.0.1 port, loads four routes with autocannon at 32 connections, checks in the database that
// every order answered was stored exactly once with all its lines, prints the figures, the ratio
// of each route's throughput to the bare /api/health baseline measured beside it (in slices that
// alternate with the route's, so that a change of the machine's speed moves both) and whether the
// targets are met, writes bench/results/api.json, then stops the server and deletes the temporary files.
// See bench/README.md for the options.
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import SQLite from 'better-sqlite3';
import { isStrongSecret } from '../apps/api/src/config.ts';
import { createDb } from '../apps/api/src/db/database.ts';
import { seedDatabase, type SeededDatabase } from './lib/dataset.ts';
import { BENCH_USER_PREFIX, createFixtures, type BenchUser, type Fixtures } from './lib/fixtures.ts';
import { figuresOf, round, runLoad, type LoadRun, type RouteFigures } from './lib/load.ts';
import { buildInventoryQueries, zipfSampler, type InventoryQuery } from './lib/search-terms.ts';
import { startServer, type RunningServer } from './lib/server.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const USAGE = `Usage: npm run bench:api -- [options]
  --products N          products to seed (default 100000)
  --customers N         customers to seed (default 2000)
  --orders N            order history to seed (default 200000)
  --connections N       concurrent connections (default 32)
  --duration S          measured seconds per route (default 10; placeOrder runs a fixed count instead)
  --slices N            measure each route in N slices of duration/N seconds, each after a slice of
                        the baseline, which gives the route's ratio (default 5; 1: the baseline's
                        seconds, then the route's)
  --warmup S            unmeasured warm-up seconds per route (default 3)
  --place N             orders placed in the measured placeOrder run, one fresh cart each (default 6000)
  --log-level L         the server's LOG_LEVEL (default info, production's default)
  --seed-cache DIR      reuse a seeded database file kept in DIR (made on the first run; keyed by the
                        sizes and the migration and seed sources; each run works on its own copy)
  --out FILE            where to write the results (default bench/results/api.json)
  --routes LIST         run only these of health,inventory,cart,orders (default all; health is always run)
  --strict              exit with code 2 when a target is missed
  --cpu-prof DIR        write a V8 CPU profile of the server to DIR (open it in Chrome DevTools, or
                        summarise it with: npx tsx bench/profile-summary.ts FILE)
  --keep                keep the temporary directory (database and server log) for inspection`;

const TARGET_MACHINE = '2-core machine, SQLite, 32 connections';
const TARGETS = { inventoryRatio: 0.35, inventoryP99Ms: 50, ordersPerSecond: 300 };
const CART_LINES = 20;
const ORDER_LINES = 10;
const WARMUP_ORDERS = 300;

function options() {
  const { values } = parseArgs({
    options: {
      products: { type: 'string', default: '100000' },
      customers: { type: 'string', default: '2000' },
      orders: { type: 'string', default: '200000' },
      connections: { type: 'string', default: '32' },
      duration: { type: 'string', default: '10' },
      slices: { type: 'string', default: '5' },
      warmup: { type: 'string', default: '3' },
      place: { type: 'string', default: '6000' },
      'log-level': { type: 'string', default: 'info' },
      'seed-cache': { type: 'string' },
      out: { type: 'string', default: path.join(ROOT, 'bench/results/api.json') },
      strict: { type: 'boolean', default: false },
      routes: { type: 'string', default: 'health,inventory,cart,orders' },
      keep: { type: 'boolean', default: false },
      'cpu-prof': { type: 'string' },
      help: { type: 'boolean', short: 'h', default: false },
    },
    strict: true,
  });
  if (values.help) {
    console.log(USAGE);
    process.exit(0);
  }
  const int = (name: keyof typeof values, min: number) => {
    const n = Number(String(values[name]).replace(/_/g, ''));
    if (!Number.isInteger(n) || n < min) {
      console.error(`--${name} must be a whole number of at least ${min}\n\n${USAGE}`);
      process.exit(1);
    }
    return n;
  };
  const connections = int('connections', 1);
  return {
    sizes: { products: int('products', 1000), customers: int('customers', 10), orders: int('orders', 0) },
    connections,
    duration: int('duration', 1),
    slices: int('slices', 1),
    warmup: int('warmup', 0),
    place: int('place', connections),
    logLevel: String(values['log-level']),
    seedCache: values['seed-cache'] ? path.resolve(String(values['seed-cache'])) : undefined,
    out: path.resolve(String(values.out)),
    strict: Boolean(values.strict),
    routes: new Set(
      String(values.routes)
        .split(',')
        .map((r) => r.trim()),
    ),
    keep: Boolean(values.keep),
    cpuProfileDir: values['cpu-prof'] ? path.resolve(String(values['cpu-prof'])) : undefined,
  };
}

function strongSecret(): string {
  for (;;) {
    const s = randomBytes(48).toString('base64url');
    if (isStrongSecret(s)) return s;
  }
}

const bearer = (u: BenchUser) => ({ authorization: `Bearer ${u.token}` });
const json = { 'content-type': 'application/json' };

/** Hands out items in turn; `take` throws when a one-use list runs out. */
function rotation<T>(items: readonly T[], once = false) {
  let i = 0;
  return {
    get used() {
      return i;
    },
    take(): T {
      if (once && i >= items.length) throw new Error('Ran out of prepared carts');
      return items[i++ % items.length]!;
    },
  };
}

interface OrderVerification {
  answered: number;
  distinctAnswered: number;
  inDatabase: number;
  answeredMissingFromDatabase: number;
  storedButNotAnswered: number;
  usersWithMoreThanOneOrder: number;
  ordersWithWrongLineCount: number;
  cartsLeftAfterOrder: number;
  idempotentReplays: { sent: number; sameOrder: number };
  ok: boolean;
}

function verifyOrders(
  file: string,
  answeredNumbers: string[],
  replays: OrderVerification['idempotentReplays'],
): OrderVerification {
  const raw = new SQLite(file, { readonly: true });
  try {
    const rows = raw
      .prepare(
        `select o.order_number, o.placed_by_user_id as user_id, o.item_count,
                (select count(*) from order_lines l where l.order_id = o.id) as line_count
         from orders o where o.placed_by_user_id like ?`,
      )
      .all(`${BENCH_USER_PREFIX}order-%`) as { order_number: string; user_id: string; item_count: number; line_count: number }[];
    const stored = new Set(rows.map((r) => r.order_number));
    const answered = new Set(answeredNumbers);
    const perUser = new Map<string, number>();
    for (const r of rows) perUser.set(r.user_id, (perUser.get(r.user_id) ?? 0) + 1);
    const cartsLeft = raw
      .prepare(
        `select count(distinct c.user_id) as n from cart_items c where c.user_id in (select placed_by_user_id from orders where placed_by_user_id like ?)`,
      )
      .get(`${BENCH_USER_PREFIX}order-%`) as { n: number };
    const v: OrderVerification = {
      answered: answeredNumbers.length,
      distinctAnswered: answered.size,
      inDatabase: rows.length,
      answeredMissingFromDatabase: [...answered].filter((n) => !stored.has(n)).length,
      storedButNotAnswered: [...stored].filter((n) => !answered.has(n)).length,
      usersWithMoreThanOneOrder: [...perUser.values()].filter((n) => n > 1).length,
      ordersWithWrongLineCount: rows.filter((r) => r.line_count !== ORDER_LINES || r.item_count !== ORDER_LINES).length,
      cartsLeftAfterOrder: cartsLeft.n,
      idempotentReplays: replays,
      ok: false,
    };
    v.ok =
      v.answered === v.distinctAnswered &&
      v.inDatabase === v.answered &&
      v.answeredMissingFromDatabase === 0 &&
      v.storedButNotAnswered === 0 &&
      v.usersWithMoreThanOneOrder === 0 &&
      v.ordersWithWrongLineCount === 0 &&
      v.cartsLeftAfterOrder === 0 &&
      replays.sameOrder === replays.sent;
    return v;
  } finally {
    raw.close();
  }
}

/** Sends already-used Idempotency-Keys again: each must answer its first order, and store nothing. */
async function replayOrders(url: string, file: string, users: Map<string, BenchUser>, count: number) {
  const raw = new SQLite(file, { readonly: true });
  const rows = raw
    .prepare(
      `select placed_by_user_id as user_id, idempotency_key as key, order_number from orders where placed_by_user_id like ? order by order_number limit ?`,
    )
    .all(`${BENCH_USER_PREFIX}order-%`, count) as { user_id: string; key: string; order_number: string }[];
  raw.close();
  let sameOrder = 0;
  for (const r of rows) {
    const res = await fetch(`${url}/api/retailer/placeOrder`, {
      method: 'POST',
      headers: { ...json, ...bearer(users.get(r.user_id)!), 'is-web-order': 'true', 'idempotency-key': r.key },
      body: '{}',
    });
    const body = (await res.json()) as { data?: { orderNumber?: string; replayed?: boolean } };
    if (res.status === 200 && body.data?.orderNumber === r.order_number && body.data.replayed === true) sameOrder++;
  }
  return { sent: rows.length, sameOrder };
}

/** A route's figures and those of the baseline measured beside it. */
interface Measured {
  route: RouteFigures;
  baseline: RouteFigures;
}

const ratioOf = (m: Measured) =>
  m.baseline.requestsPerSecond > 0 ? round(m.route.requestsPerSecond / m.baseline.requestsPerSecond, 3) : 0;

/** A route's line of the report: the baseline at start has none measured beside it. */
function printRoute(name: string, m: Measured | { route: RouteFigures }) {
  const f = m.route;
  const failures = f.non2xx + f.errors + f.timeouts;
  const cpu = (x: RouteFigures) => (x.serverCpuMsPerRequest === null ? '' : `${x.serverCpuMsPerRequest.toFixed(3)} CPU ms/req  `);
  const vs =
    'baseline' in m
      ? `${(ratioOf(m) * 100).toFixed(1).padStart(5)}% of baseline (${m.baseline.requestsPerSecond} req/s, ${cpu(m.baseline).trim()} beside it)`
      : 'the baseline at start';
  console.log(
    `${name.padEnd(14)} ${String(f.requestsPerSecond).padStart(9)} req/s  p50 ${String(f.p50Ms).padStart(5)} ms  p99 ${String(f.p99Ms).padStart(5)} ms  ` +
      `${cpu(f)}(${f.ok} ok${failures ? `, ${failures} FAILED` : ''} in ${f.seconds} s)  ${vs}`,
  );
}

async function main(): Promise<number> {
  const opt = options();
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'portal-api-bench-'));
  const dbFile = path.join(tmp, 'portal.sqlite'); // where main.ts looks in DATA_DIR
  let server: RunningServer | null = null;
  const cleanup = () => {
    if (!opt.keep) rmSync(tmp, { recursive: true, force: true });
  };
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      void (server?.stop() ?? Promise.resolve()).finally(() => {
        cleanup();
        process.exit(130);
      });
    });
  }
  const started = Date.now();
  const loadAtStart = round(os.loadavg()[0]!, 2);
  try {
    const s = opt.sizes;
    console.log(
      `API benchmark: SQLite, ${s.products.toLocaleString('en-US')} products, ${s.customers.toLocaleString('en-US')} customers, ${s.orders.toLocaleString('en-US')} orders; ${opt.connections} connections`,
    );
    console.log(`Temporary data in ${tmp}`);
    if (loadAtStart > 0.5 * os.cpus().length) {
      console.log(
        `Note: the machine is busy (load average ${loadAtStart} on ${os.cpus().length} CPUs); the figures will be lower than on an idle machine.`,
      );
    }

    let seeded: SeededDatabase;
    {
      const t = Date.now();
      console.log(opt.seedCache ? `Seeding (or copying from the cache in ${opt.seedCache})…` : 'Seeding…');
      seeded = await seedDatabase(dbFile, s, opt.seedCache);
      console.log(`  ${seeded.fromCache ? 'copied from the cache' : 'seeded'} in ${((Date.now() - t) / 1000).toFixed(1)} s`);
    }

    const jwtSecret = strongSecret();
    const cartUsers = opt.connections;
    const orderUsers = WARMUP_ORDERS + opt.place + opt.connections; // a spare cart per connection
    let fixtures: Fixtures;
    {
      const t = Date.now();
      const db = createDb({ kind: 'sqlite', file: dbFile });
      try {
        fixtures = await db.transaction().execute((trx) =>
          createFixtures(trx, jwtSecret, {
            browseUsers: 256,
            cartUsers,
            cartLines: CART_LINES,
            orderUsers,
            orderLines: ORDER_LINES,
          }),
        );
      } finally {
        await db.destroy();
      }
      console.log(
        `  ${fixtures.browse.length + fixtures.carts.length + fixtures.orders.length} retailer sessions and ${cartUsers} carts of ${CART_LINES} lines, ${orderUsers} of ${ORDER_LINES} lines, in ${((Date.now() - t) / 1000).toFixed(1)} s`,
      );
    }
    const sqliteVersion = (() => {
      const raw = new SQLite(':memory:');
      const v = (raw.prepare('select sqlite_version() as v').get() as { v: string }).v;
      raw.close();
      return v;
    })();

    const startedAt = Date.now();
    server = await startServer({ dataDir: tmp, jwtSecret, logLevel: opt.logLevel, cpuProfileDir: opt.cpuProfileDir });
    const startSeconds = round((Date.now() - startedAt) / 1000, 1);
    const memoryAtStart = server.memoryMb();
    let memoryAtEnd: ReturnType<RunningServer['memoryMb']> = null;
    console.log(
      `Server ${server.url} (pid ${server.pid}, APP_MODE=production, LOG_LEVEL=${opt.logLevel}) ready in ${startSeconds} s` +
        `${memoryAtStart ? `, ${memoryAtStart.rss} MB resident` : ''}\n`,
    );
    const url = server.url;
    const base = { url, connections: opt.connections, serverCpu: () => server?.cpuSeconds() ?? null };
    const healthRun = (duration: number) => runLoad({ ...base, method: 'GET', path: '/api/health', duration });
    // A route's warm-up, then its measured seconds in slices, each after a slice of the baseline: this
    // virtual machine's speed moves by up to a third from one minute to the next, so a baseline measured
    // a minute before the route can meet another machine than the route does.
    const slice = opt.duration / opt.slices;
    const besideBaseline = async (run: (seconds: number) => Promise<LoadRun>): Promise<Measured> => {
      if (opt.warmup > 0) await run(opt.warmup);
      const baseline: LoadRun[] = [];
      const route: LoadRun[] = [];
      for (let i = 0; i < opt.slices; i++) {
        baseline.push(await healthRun(slice));
        route.push(await run(slice));
      }
      return { route: figuresOf(route), baseline: figuresOf(baseline) };
    };

    // 1. Baseline: a bare route on the same server (also measured beside every route, below).
    if (opt.warmup > 0) await healthRun(opt.warmup);
    const health = figuresOf([await healthRun(opt.duration)]);

    // 2. Catalogue search, a page of 50, catalogue words, many stores (so all five price levels):
    //    popular (Zipf) traffic for the target, then every query in turn (answers rarely reused).
    let inventory: Measured | null = null;
    let inventoryCold: Measured | null = null;
    const distinctQueries = buildInventoryQueries(fixtures);
    if (opt.routes.has('inventory')) {
      const searchLoad = (duration: number, nextQuery: () => InventoryQuery) => {
        const browsers = rotation(fixtures.browse);
        return runLoad({
          ...base,
          method: 'POST',
          path: '/api/retailer/getInventory',
          duration,
          headers: json,
          next: () => ({ headers: bearer(browsers.take()), body: JSON.stringify(nextQuery()) }),
        });
      };
      const popular = zipfSampler(distinctQueries);
      inventory = await besideBaseline((duration) => searchLoad(duration, popular));
      const cold = rotation(distinctQueries);
      inventoryCold = await besideBaseline((duration) => searchLoad(duration, () => cold.take()));
    }

    // 3. The cart of 20 lines, priced.
    let cart: Measured | null = null;
    if (opt.routes.has('cart')) {
      const carts = rotation(fixtures.carts);
      cart = await besideBaseline((duration) =>
        runLoad({
          ...base,
          method: 'GET',
          path: '/api/retailer/cart/items',
          duration,
          next: () => ({ headers: bearer(carts.take()) }),
        }),
      );
    }

    // 4. Orders: every request places a different user's full cart, with its own Idempotency-Key.
    let orders: Measured | null = null;
    let verification: OrderVerification | null = null;
    const refusals = new Map<string, number>();
    if (opt.routes.has('orders')) {
      const orderCarts = rotation(fixtures.orders, true);
      const answered: string[] = [];
      const placeOrders = (amount: number) =>
        runLoad({
          ...base,
          method: 'POST',
          path: '/api/retailer/placeOrder',
          amount,
          headers: { ...json, 'is-web-order': 'true' },
          next: () => ({
            headers: { ...bearer(orderCarts.take()), 'idempotency-key': randomUUID() },
            body: JSON.stringify({ notes: 'api-bench' }),
          }),
          onResponse: (status, body) => {
            if (status === 200) {
              const n = (JSON.parse(body) as { data?: { orderNumber?: string } }).data?.orderNumber;
              if (n) answered.push(n);
            } else {
              let message = body.slice(0, 200);
              try {
                message = (JSON.parse(body) as { message?: string }).message ?? message;
              } catch {
                // not JSON: keep the raw start
              }
              refusals.set(`${status} ${message}`, (refusals.get(`${status} ${message}`) ?? 0) + 1);
            }
          },
        });
      // A fixed number of orders, not seconds: the baseline is measured a slice before and after.
      if (WARMUP_ORDERS > 0) await placeOrders(WARMUP_ORDERS);
      const before = await healthRun(slice);
      const placed = await placeOrders(opt.place);
      orders = { route: figuresOf([placed]), baseline: figuresOf([before, await healthRun(slice)]) };
      const replays = await replayOrders(url, dbFile, new Map(fixtures.orders.map((u) => [u.userId, u])), 20);
      memoryAtEnd = server.memoryMb();
      await server.stop();
      server = null;
      verification = verifyOrders(dbFile, answered, replays);
    }
    if (server) {
      memoryAtEnd = server.memoryMb();
      await server.stop();
      server = null;
    }

    // Report.
    printRoute('health', { route: health });
    if (inventory) printRoute('getInventory', inventory);
    if (inventoryCold) printRoute('  (cold)', inventoryCold);
    if (cart) printRoute('cart/items', cart);
    if (orders) printRoute('placeOrder', orders);
    for (const [k, n] of refusals) console.log(`  placeOrder refused ${n}×: ${k}`);
    if (verification) {
      const v = verification;
      console.log(
        `\nOrders: ${v.answered} answered (warm-up included), ${v.inDatabase} in the database, ` +
          `${v.answeredMissingFromDatabase} lost, ${v.storedButNotAnswered} unanswered, ` +
          `${v.usersWithMoreThanOneOrder} duplicated, ${v.ordersWithWrongLineCount} with a wrong line count, ` +
          `${v.cartsLeftAfterOrder} carts not emptied; ${v.idempotentReplays.sameOrder}/${v.idempotentReplays.sent} key replays answered the same order` +
          ` → ${v.ok ? 'OK' : 'FAILED'}`,
      );
    }

    const targets: { name: string; target: number; actual: number; met: boolean }[] = [];
    const resultOf = (m: Measured) => ({
      ...m.route,
      ratioToBaseline: ratioOf(m),
      ratioToStartBaseline: round(m.route.requestsPerSecond / health.requestsPerSecond, 3),
      baselineBeside: m.baseline,
    });
    if (inventory) {
      targets.push(
        {
          name: 'getInventory throughput ≥ 35% of baseline',
          target: TARGETS.inventoryRatio,
          actual: ratioOf(inventory),
          met: ratioOf(inventory) >= TARGETS.inventoryRatio,
        },
        {
          name: 'getInventory p99 < 50 ms',
          target: TARGETS.inventoryP99Ms,
          actual: inventory.route.p99Ms,
          met: inventory.route.p99Ms < TARGETS.inventoryP99Ms,
        },
      );
    }
    if (orders && verification) {
      const placed = orders.route;
      const failed = placed.non2xx + placed.errors + placed.timeouts;
      targets.push(
        {
          name: 'placeOrder ≥ 300 orders/s',
          target: TARGETS.ordersPerSecond,
          actual: placed.requestsPerSecond,
          met: placed.requestsPerSecond >= TARGETS.ordersPerSecond,
        },
        {
          name: 'placeOrder: none refused, lost or duplicated (failures)',
          target: 0,
          actual: failed + (verification.ok ? 0 : 1),
          met: verification.ok && failed === 0,
        },
      );
    }
    console.log(`\nTargets (${TARGET_MACHINE}):`);
    for (const t of targets) console.log(`  ${t.met ? 'MET    ' : 'NOT MET'}  ${t.name} (actual ${t.actual})`);

    if (memoryAtEnd) console.log(`Server memory: ${memoryAtEnd.rss} MB resident at the end, ${memoryAtEnd.peak} MB at the peak`);

    const result = {
      generatedAt: new Date().toISOString(),
      machine: {
        cpus: os.cpus().length,
        cpuModel: os.cpus()[0]?.model ?? 'unknown',
        memoryGb: round(os.totalmem() / 2 ** 30, 1),
        platform: `${os.platform()} ${os.release()}`,
        node: process.version,
        sqlite: sqliteVersion,
        loadAverageAtStart: loadAtStart,
      },
      server: {
        database: 'sqlite',
        appMode: 'production',
        logLevel: opt.logLevel,
        host: '127.0.0.1',
        // Start-up includes the catalogue warm-up (search index, product cache, product JSON parts).
        startSeconds,
        memoryMb: { atStart: memoryAtStart?.rss ?? null, atEnd: memoryAtEnd?.rss ?? null, peak: memoryAtEnd?.peak ?? null },
      },
      dataset: {
        ...s,
        seededFromCache: seeded.fromCache,
        seedSeconds: round(seeded.seconds, 1),
        created: seeded.summary ?? null,
      },
      load: {
        tool: 'autocannon',
        connections: opt.connections,
        pipelining: 1,
        warmupSeconds: opt.warmup,
        measuredSeconds: opt.duration,
        slices: opt.slices,
        baseline:
          "GET /api/health measured beside each route: a slice of it before each of the route's slices (placeOrder: a slice before and after); ratioToBaseline is to that, ratioToStartBaseline to routes.health, measured once after start-up",
        inventoryQueries: {
          distinct: distinctQueries.length,
          kinds:
            'whole words, prefixes as typed, brand + product line, two words, item numbers, UPCs, misses; pages 1-3 of 50; 256 stores',
          getInventory: 'popular traffic: Zipf(1) draw over the distinct queries',
          getInventoryCold: 'every distinct query in turn (server-side answer cache rarely hit); no target',
        },
        cartLines: CART_LINES,
        orderLines: ORDER_LINES,
        warmupOrders: WARMUP_ORDERS,
        measuredOrders: opt.place,
      },
      routes: {
        health: { ...health, ratioToBaseline: 1 },
        ...(inventory ? { getInventory: resultOf(inventory) } : {}),
        ...(inventoryCold ? { getInventoryCold: resultOf(inventoryCold) } : {}),
        ...(cart ? { cartItems: resultOf(cart) } : {}),
        ...(orders ? { placeOrder: { ...resultOf(orders), refusals: Object.fromEntries(refusals) } } : {}),
      },
      orderVerification: verification,
      targets,
      totalSeconds: round((Date.now() - started) / 1000, 1),
    };
    mkdirSync(path.dirname(opt.out), { recursive: true });
    writeFileSync(opt.out, `${JSON.stringify(result, null, 2)}\n`);
    console.log(`\nWrote ${path.relative(process.cwd(), opt.out) || opt.out} (${result.totalSeconds} s in all)`);

    if (verification && !verification.ok) return 1;
    if (opt.strict && targets.some((t) => !t.met)) return 2;
    return 0;
  } catch (err) {
    if (server) console.error(`Server log (last lines):\n${server.tail()}`);
    throw err;
  } finally {
    if (server) await server.stop();
    cleanup();
    if (opt.keep) console.log(`Kept ${tmp}`);
  }
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err instanceof Error ? (err.stack ?? err.message) : err);
    process.exit(1);
  },
);

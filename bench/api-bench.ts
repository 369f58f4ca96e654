// `npm run bench:api`: the API benchmark of issue 14 §2, real use while the office edits. Seeds a
// large data set (SQLite in a temporary DATA_DIR, or its own PostgreSQL database), starts the real
// server (the bundle `npm start` runs, production mode; two instances on PostgreSQL) on free 127.0.0.1
// ports, fills buyers' carts through the cart API, then, while an office writer edits products
// through the admin API and runs a CSV import, loads search, the 20-line cart and placeOrder with
// autocannon, each in slices that alternate with the bare /api/health (the machine's speed drifts).
// It checks in the database that every order answered was stored exactly once, prints a table and
// the floors, writes bench/results/api.json (api-postgres.json), and cleans up.
// See bench/README.md for the options and how to read the figures.
import { execFileSync } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import { isStrongSecret } from '../apps/api/src/config.ts';
import { createDb, type Db } from '../apps/api/src/db/database.ts';
import { seedDatabase, type SeededDatabase } from './lib/dataset.ts';
import { BENCH_USER_PREFIX, createFixtures, type BenchUser, type Fixtures } from './lib/fixtures.ts';
import { figuresOf, round, runLoad, type LoadRun, type RouteFigures } from './lib/load.ts';
import {
  adminRoutesOf,
  importSummary,
  apiEditor,
  databaseEditor,
  runCsvImport,
  startWriter,
  type ImportReport,
  type WriterReport,
} from './lib/office.ts';
import { judgeFloors, judgeOfficeTargets, type Floor } from './lib/floors.ts';
import { measureDashboard, type DashboardCase } from './lib/dashboard.ts';
import { measureOrderQueue, type QueueReport } from './lib/order-queue.ts';
import { buyerCartSizes } from './lib/plan.ts';
import { preparePostgres, vacuumAsAutovacuumWould, type BenchPostgres } from './lib/postgres.ts';
import { buildInventoryQueries, zipfSampler, type InventoryQuery } from './lib/search-terms.ts';
import { startServer, type EventLoopFigures, type RunningServer } from './lib/server.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
/** A floor or target as printed: its name, the run's figure and why it is not met beyond the figure. */
const floorText = (f: Floor) => `${f.name} (actual ${f.actual ?? '?'}${f.note ? `; ${f.note}` : ''})`;
const USAGE = `Usage: npm run bench:api -- [options]
  --quick               a smoke run of about a minute: 5,000 products, 200 customers, 2,000 orders,
                        2-second routes in 2 slices, 1-second warm-ups, 300 orders (other options override)
  --db sqlite|postgres  the database (default sqlite, one server; postgres: --instances servers on one
                        database of their own, driven in turn by the connections)
  --database-url URL    PostgreSQL server (default postgres://postgres@127.0.0.1:5432); the benchmark
                        creates and drops its own database there
  --instances N         API instances (default 1 on SQLite, 2 on PostgreSQL)
  --products N          products to seed (default 100000)
  --customers N         customers to seed (default 2000)
  --orders N            order history to seed (default 200000)
  --connections N       concurrent connections (default 32)
  --duration S          measured seconds per route (default 10; placeOrder runs a fixed count instead)
  --slices N            measure each route in N slices of duration/N seconds, each after a slice of
                        the bare route, which gives the route's ratio (default 5)
  --warmup S            unmeasured warm-up seconds per route (default 3)
  --place N             orders placed in the measured placeOrder run, one fresh cart each (default 6000)
  --place-max-seconds S stop the placeOrder run (and its warm-up) after S seconds (default 90; --quick 30),
                        so a frozen server cannot make the run endless; orders left in flight are sent
                        again with their Idempotency-Key before they are checked
  --edits-per-second N  the office writer's product edits a second (default 2; 0: no writer)
  --edits-via WHERE     auto (default: the admin API when the server has it, else the database), api, db
  --import-rows N       rows of the office's CSV import (default 1000)
  --log-level L         the server's LOG_LEVEL (default info, production's default)
  --seed-cache DIR      SQLite: reuse a seeded database file kept in DIR; PostgreSQL: keep the seeded
                        database as a template (DIR unused). Keyed by the sizes and the db sources.
  --out FILE            where to write the results (default bench/results/api.json, api-postgres.json)
  --routes LIST         run only these of inventory,cart,orders,queue,dashboard (default all; health always runs);
                        queue: the office's order queue, one request at a time, and a bulk move of 200
  --strict              exit with code 2 when a floor (or an office read's target) is missed
  --cpu-prof DIR        write a V8 CPU profile of the (first) server to DIR (npx tsx bench/profile-summary.ts FILE)
  --keep                keep the temporary directory (database and server logs) for inspection`;

const CART_LINES = 20;
const ORDER_LINES = 10;
const BROWSE_USERS = 256;
const WARMUP_ORDERS_FULL = 300;
/** The longest wait for the servers to catch up after a route (see drain). */
const DRAIN_SECONDS = 20;

function options() {
  const { values } = parseArgs({
    options: {
      quick: { type: 'boolean', default: false },
      db: { type: 'string', default: 'sqlite' },
      'database-url': { type: 'string', default: 'postgres://postgres@127.0.0.1:5432' },
      instances: { type: 'string' },
      products: { type: 'string' },
      customers: { type: 'string' },
      orders: { type: 'string' },
      connections: { type: 'string', default: '32' },
      duration: { type: 'string' },
      slices: { type: 'string' },
      warmup: { type: 'string' },
      place: { type: 'string' },
      'place-max-seconds': { type: 'string' },
      'edits-per-second': { type: 'string', default: '2' },
      'edits-via': { type: 'string', default: 'auto' },
      'import-rows': { type: 'string', default: '1000' },
      'log-level': { type: 'string', default: 'info' },
      'seed-cache': { type: 'string' },
      out: { type: 'string' },
      strict: { type: 'boolean', default: false },
      routes: { type: 'string', default: 'inventory,cart,orders,queue,dashboard' },
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
  const fail = (message: string): never => {
    console.error(`${message}\n\n${USAGE}`);
    process.exit(1);
  };
  const quick = Boolean(values.quick);
  const int = (name: keyof typeof values, min: number, full: number, short: number) => {
    const raw = values[name] ?? String(quick ? short : full);
    const n = Number(String(raw).replace(/_/g, ''));
    if (!Number.isInteger(n) || n < min) fail(`--${name} must be a whole number of at least ${min}`);
    return n;
  };
  const db = String(values.db);
  if (db !== 'sqlite' && db !== 'postgres') fail('--db must be sqlite or postgres');
  const editsVia = String(values['edits-via']);
  if (!['auto', 'api', 'db'].includes(editsVia)) fail('--edits-via must be auto, api or db');
  const connections = int('connections', 1, 32, 32);
  const instances = int('instances', 1, db === 'postgres' ? 2 : 1, db === 'postgres' ? 2 : 1);
  if (db === 'sqlite' && instances > 1) fail('--instances above 1 needs --db postgres (SQLite is one server’s file)');
  return {
    quick,
    db: db as 'sqlite' | 'postgres',
    databaseUrl: String(values['database-url']),
    instances,
    sizes: {
      products: int('products', 1000, 100_000, 5000),
      customers: int('customers', 10, 2000, 200),
      orders: int('orders', 0, 200_000, 2000),
    },
    connections,
    duration: int('duration', 1, 10, 2),
    slices: int('slices', 1, 5, 2),
    warmup: int('warmup', 0, 3, 1),
    place: int('place', connections, 6000, 300),
    placeMaxSeconds: int('place-max-seconds', 1, 90, 30),
    warmupOrders: quick ? 50 : WARMUP_ORDERS_FULL,
    editsPerSecond: int('edits-per-second', 0, 2, 2),
    editsVia: editsVia as 'auto' | 'api' | 'db',
    importRows: int('import-rows', 1, 1000, 1000),
    logLevel: String(values['log-level']),
    seedCache: values['seed-cache'] ? path.resolve(String(values['seed-cache'])) : undefined,
    out: path.resolve(String(values.out ?? path.join(ROOT, `bench/results/${db === 'postgres' ? 'api-postgres' : 'api'}.json`))),
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

/** The commit measured, and whether the work tree differed from it. */
function codeVersion(): { commit: string; changedFiles: number } | null {
  try {
    const git = (...args: string[]) => execFileSync('git', args, { cwd: ROOT, encoding: 'utf8' }).trim();
    return { commit: git('rev-parse', 'HEAD'), changedFiles: git('status', '--porcelain').split('\n').filter(Boolean).length };
  } catch {
    return null;
  }
}

const bearer = (u: BenchUser) => ({ authorization: `Bearer ${u.token}` });
const json = { 'content-type': 'application/json' };

/** Hands out items in turn; `take` throws when a one-use list runs out. */
function rotation<T>(items: readonly T[], once = false) {
  let i = 0;
  return {
    take(): T {
      if (once && i >= items.length) throw new Error('Ran out of prepared carts');
      return items[i++ % items.length]!;
    },
  };
}

/** Runs `work` over `items`, `parallel` at a time. */
async function inParallel<T>(items: readonly T[], parallel: number, work: (item: T) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: parallel }, async () => {
      while (next < items.length) await work(items[next++]!);
    }),
  );
}

/**
 * Fills carts through the real cart API (`POST /api/retailer/cart/add`, quantity 1 a line), as the
 * buyers' screens do; every line must be accepted.
 */
async function fillCarts(urls: string[], plan: { user: BenchUser; lines: number }[], pool: readonly string[]) {
  const adds: { user: BenchUser; productId: string; url: string }[] = [];
  let at = 0;
  plan.forEach(({ user, lines }, i) => {
    for (let l = 0; l < lines; l++) adds.push({ user, productId: pool[at++ % pool.length]!, url: urls[i % urls.length]! });
  });
  await inParallel(adds, 8, async (a) => {
    const res = await fetch(`${a.url}/api/retailer/cart/add`, {
      method: 'POST',
      headers: { ...json, ...bearer(a.user) },
      body: JSON.stringify({ productId: a.productId, quantity: 1 }),
    });
    if (!res.ok) throw new Error(`cart/add answered ${res.status}: ${(await res.text()).slice(0, 300)}`);
  });
  return adds.length;
}

interface OrderVerification {
  answered: number;
  distinctAnswered: number;
  inDatabase: number;
  /** Answered 200 but not stored. */
  lost: number;
  storedButNotAnswered: number;
  /** Stored, unanswered, but sent last and still unanswered when the bench stopped waiting (not a failure). */
  inFlightAtEnd: number;
  /** Users with more than one order (each placed one cart once). */
  duplicated: number;
  ordersWithWrongLineCount: number;
  cartsLeftAfterOrder: number;
  idempotentReplays: { sent: number; sameOrder: number; unanswered: number };
  ok: boolean;
}

async function verifyOrders(
  db: Db,
  answeredNumbers: string[],
  inFlightKeys: ReadonlySet<string>,
  replays: OrderVerification['idempotentReplays'],
) {
  const prefix = `${BENCH_USER_PREFIX}order-%`;
  const rows = await db
    .selectFrom('orders as o')
    .select((eb) => [
      'o.order_number',
      'o.placed_by_user_id as user_id',
      'o.item_count',
      'o.idempotency_key',
      eb
        .selectFrom('order_lines as l')
        .select(eb.fn.countAll<number>().as('n'))
        .whereRef('l.order_id', '=', 'o.id')
        .as('line_count'),
    ])
    .where('o.placed_by_user_id', 'like', prefix)
    .execute();
  const stored = new Set(rows.map((r) => r.order_number));
  const answered = new Set(answeredNumbers);
  const perUser = new Map<string, number>();
  for (const r of rows) perUser.set(r.user_id!, (perUser.get(r.user_id!) ?? 0) + 1);
  const cartsLeft = await sql<{ n: number }>`select count(distinct c.user_id) as n from cart_items c
    where c.user_id in (select placed_by_user_id from orders where placed_by_user_id like ${prefix})`.execute(db);
  const v: OrderVerification = {
    answered: answeredNumbers.length,
    distinctAnswered: answered.size,
    inDatabase: rows.length,
    lost: [...answered].filter((n) => !stored.has(n)).length,
    storedButNotAnswered: rows.filter((r) => !answered.has(r.order_number) && !inFlightKeys.has(r.idempotency_key ?? '')).length,
    inFlightAtEnd: rows.filter((r) => !answered.has(r.order_number) && inFlightKeys.has(r.idempotency_key ?? '')).length,
    duplicated: [...perUser.values()].filter((n) => n > 1).length,
    ordersWithWrongLineCount: rows.filter((r) => Number(r.line_count) !== ORDER_LINES || r.item_count !== ORDER_LINES).length,
    cartsLeftAfterOrder: Number(cartsLeft.rows[0]?.n ?? 0),
    idempotentReplays: replays,
    ok: false,
  };
  v.ok =
    v.answered === v.distinctAnswered &&
    v.inDatabase === v.answered + v.inFlightAtEnd &&
    v.lost === 0 &&
    v.storedButNotAnswered === 0 &&
    v.duplicated === 0 &&
    v.ordersWithWrongLineCount === 0 &&
    v.cartsLeftAfterOrder === 0 &&
    replays.sameOrder + replays.unanswered === replays.sent;
  return v;
}

/** Sends already-used Idempotency-Keys again: each must answer its first order, and store nothing. */
async function replayOrders(urls: string[], db: Db, users: Map<string, BenchUser>, count: number) {
  const rows = await db
    .selectFrom('orders')
    .select(['placed_by_user_id as user_id', 'idempotency_key as key', 'order_number'])
    .where('placed_by_user_id', 'like', `${BENCH_USER_PREFIX}order-%`)
    .orderBy('order_number')
    .limit(count)
    .execute();
  let sameOrder = 0;
  let unanswered = 0;
  const deadline = Date.now() + 20_000; // a server still busy with a backlog must not hold the run
  for (const [i, r] of rows.entries()) {
    const left = deadline - Date.now();
    const res =
      left > 0
        ? await fetch(`${urls[i % urls.length]}/api/retailer/placeOrder`, {
            method: 'POST',
            headers: { ...json, ...bearer(users.get(r.user_id!)!), 'is-web-order': 'true', 'idempotency-key': r.key! },
            body: '{}',
            signal: AbortSignal.timeout(left),
          }).catch(() => null)
        : null;
    if (!res) {
      unanswered++;
      continue;
    }
    const body = (await res.json()) as { data?: { orderNumber?: string; replayed?: boolean } };
    if (res.status === 200 && body.data?.orderNumber === r.order_number && body.data.replayed === true) sameOrder++;
  }
  return { sent: rows.length, sameOrder, unanswered };
}

/**
 * Waits until the servers answer the bare route again (a server frozen by a rebuild still works
 * through requests whose clients have gone), at most `maxSeconds`: the seconds waited, or null.
 */
async function drain(urls: string[], maxSeconds: number): Promise<number | null> {
  const started = Date.now();
  const deadline = started + maxSeconds * 1000;
  for (const url of urls) {
    for (;;) {
      const left = deadline - Date.now();
      if (left <= 0) return null;
      const res = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(left) }).catch(() => null);
      if (res?.ok) break;
      await new Promise((r) => setTimeout(r, 200));
    }
  }
  return round((Date.now() - started) / 1000, 1);
}

/** A route's figures, the bare route's measured beside it, and the servers' event loop meanwhile. */
interface Measured {
  route: RouteFigures;
  baseline: RouteFigures;
  eventLoop: EventLoopFigures | null;
  /** Seconds the servers needed after the route to answer the bare route again (null: not within DRAIN_SECONDS). */
  drainSeconds: number | null;
}

const ratioOf = (m: Measured) =>
  m.baseline.requestsPerSecond > 0 ? round(m.route.requestsPerSecond / m.baseline.requestsPerSecond, 3) : 0;

/** The figure the floor applies to: the server's own longest block, or the whole gap where that is unknown. */
const blockOf = (f: EventLoopFigures | null) => (f ? (f.maxBlockMs ?? f.maxMs) : null);

/** The worst of several instances' event-loop figures. */
function worstLoop(all: (EventLoopFigures | null)[]): EventLoopFigures | null {
  const known = all.filter((f): f is EventLoopFigures => f !== null);
  if (known.length === 0) return null;
  return {
    maxMs: Math.max(...known.map((f) => f.maxMs)),
    maxBlockMs: known.every((f) => f.maxBlockMs !== null) ? Math.max(...known.map((f) => f.maxBlockMs!)) : null,
    maxGcMs: Math.max(...known.map((f) => f.maxGcMs)),
    p99Ms: Math.max(...known.map((f) => f.p99Ms)),
    meanMs: round(known.reduce((n, f) => n + f.meanMs, 0) / known.length, 2),
  };
}

function printTable(rows: { name: string; m: Measured | { route: RouteFigures; eventLoop: EventLoopFigures | null } }[]) {
  const head = [
    'route',
    'req/s',
    'of bare',
    'bare req/s',
    'p50 ms',
    'p99 ms',
    'max ms',
    'CPU ms/req',
    'loop gap ms',
    'block ms',
    'catch-up s',
    'ok',
    'failed',
  ];
  const lines = rows.map(({ name, m }) => {
    const f = m.route;
    return [
      name,
      String(f.requestsPerSecond),
      'baseline' in m ? `${(ratioOf(m) * 100).toFixed(1)}%` : '100%',
      'baseline' in m ? String(m.baseline.requestsPerSecond) : '',
      f.ok === 0 ? '-' : String(f.p50Ms),
      f.ok === 0 ? '-' : String(f.p99Ms),
      f.ok === 0 ? '-' : String(f.maxMs),
      f.serverCpuMsPerRequest === null ? '' : f.serverCpuMsPerRequest.toFixed(3),
      m.eventLoop ? String(m.eventLoop.maxMs) : '?',
      m.eventLoop?.maxBlockMs != null ? String(m.eventLoop.maxBlockMs) : '?',
      'drainSeconds' in m ? (m.drainSeconds === null ? `>${DRAIN_SECONDS}` : String(m.drainSeconds)) : '',
      String(f.ok),
      String(f.non2xx + f.errors + f.timeouts),
    ];
  });
  const widths = head.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i]!.length)));
  const fmt = (cells: string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  console.log(fmt(head));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const l of lines) console.log(fmt(l));
}

async function main(): Promise<number> {
  const opt = options();
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'portal-api-bench-'));
  const dbFile = path.join(tmp, 'portal.sqlite'); // where main.ts looks in DATA_DIR
  const servers: RunningServer[] = [];
  let postgres: BenchPostgres | null = null;
  const stopAll = async () => {
    await Promise.all(servers.map((s) => s.stop()));
    servers.length = 0;
  };
  const cleanup = async () => {
    if (!opt.keep) rmSync(tmp, { recursive: true, force: true });
    if (postgres && !opt.keep) await postgres.drop().catch(() => undefined);
  };
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      void stopAll()
        .then(cleanup)
        .finally(() => process.exit(130));
    });
  }
  const started = Date.now();
  const loadAtStart = round(os.loadavg()[0]!, 2);
  const database = (): Db =>
    opt.db === 'postgres' ? createDb({ kind: 'postgres', url: postgres!.url }) : createDb({ kind: 'sqlite', file: dbFile });
  try {
    const s = opt.sizes;
    console.log(
      `API benchmark${opt.quick ? ' (--quick smoke run)' : ''}: ${opt.db === 'postgres' ? `PostgreSQL, ${opt.instances} API instances` : 'SQLite'}, ` +
        `${s.products.toLocaleString('en-US')} products, ${s.customers.toLocaleString('en-US')} customers, ${s.orders.toLocaleString('en-US')} orders; ${opt.connections} connections`,
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
      console.log(opt.seedCache ? `Seeding (or copying from the cache)…` : 'Seeding…');
      if (opt.db === 'postgres') {
        postgres = await preparePostgres(opt.databaseUrl, s, opt.seedCache !== undefined);
        seeded = postgres;
      } else seeded = await seedDatabase(dbFile, s, opt.seedCache);
      console.log(`  ${seeded.fromCache ? 'copied from the cache' : 'seeded'} in ${((Date.now() - t) / 1000).toFixed(1)} s`);
    }

    const jwtSecret = strongSecret();
    const orderUsers = opt.warmupOrders + opt.place + opt.connections; // a spare cart per connection
    let fixtures: Fixtures;
    {
      const t = Date.now();
      const db = database();
      try {
        fixtures = await db.transaction().execute((trx) =>
          createFixtures(trx, jwtSecret, {
            browseUsers: BROWSE_USERS,
            cartUsers: opt.connections,
            orderUsers,
            orderLines: ORDER_LINES,
          }),
        );
      } finally {
        await db.destroy();
      }
      console.log(
        `  ${fixtures.browse.length + fixtures.carts.length + fixtures.orders.length} retailer sessions, ${orderUsers} ordering carts of ${ORDER_LINES} lines, in ${((Date.now() - t) / 1000).toFixed(1)} s`,
      );
    }
    const engineVersion = await (async () => {
      if (opt.db === 'sqlite') {
        const raw = new SQLite(':memory:');
        const v = (raw.prepare('select sqlite_version() as v').get() as { v: string }).v;
        raw.close();
        return `SQLite ${v}`;
      }
      const db = database();
      try {
        const row = (await sql<{ server_version: string }>`show server_version`.execute(db)).rows[0];
        return `PostgreSQL ${row?.server_version ?? '?'}`;
      } finally {
        await db.destroy();
      }
    })();

    // Start-up: each instance in turn (they would share the CPU otherwise), from spawn to listening.
    for (let i = 0; i < opt.instances; i++) {
      const server = await startServer({
        dataDir: tmp,
        name: opt.instances > 1 ? `server-${i + 1}` : 'server',
        jwtSecret,
        logLevel: opt.logLevel,
        ...(postgres ? { databaseUrl: postgres.url } : {}),
        ...(opt.cpuProfileDir && i === 0 ? { cpuProfileDir: opt.cpuProfileDir } : {}),
      });
      servers.push(server);
      const u = server.startUp;
      const mem = server.memoryMb();
      console.log(
        `Server ${server.url} (pid ${server.pid}, APP_MODE=production, LOG_LEVEL=${opt.logLevel}): listening ${u.listeningSeconds ?? '?'} s after start` +
          `${u.catalogueReadySeconds !== null ? `, catalogue ready at ${u.catalogueReadySeconds} s` : ''}, first answer at ${u.firstAnswerSeconds} s` +
          `${mem ? `, ${mem.rss} MB resident` : ''}`,
      );
    }
    const memoryAtStart = servers.map((x) => x.memoryMb());
    const startUps = servers.map((x) => x.startUp);
    const urls = servers.map((x) => x.url);
    const base = {
      url: urls,
      connections: opt.connections,
      serverCpu: () => {
        const all = servers.map((x) => x.cpuSeconds());
        return all.every((c) => c !== null) ? all.reduce((n, c) => n + c!, 0) : null;
      },
    };
    const eventLoop = async (reset: boolean, timeoutMs = 10_000) =>
      worstLoop(await Promise.all(servers.map((x) => x.eventLoop(reset, timeoutMs))));

    // Carts through the cart API: 60% of the searching buyers hold 5–30 lines, the rest none; the
    // cart route's users hold 20.
    const cartSizes = buyerCartSizes(fixtures.browse.length);
    {
      const t = Date.now();
      const adds = await fillCarts(
        urls,
        [
          ...fixtures.browse.map((user, i) => ({ user, lines: cartSizes[i]! })),
          ...fixtures.carts.map((user) => ({ user, lines: CART_LINES })),
        ],
        fixtures.cartPool,
      );
      console.log(
        `  ${adds} cart lines added through POST /api/retailer/cart/add in ${((Date.now() - t) / 1000).toFixed(1)} s: ` +
          `${cartSizes.filter((n) => n > 0).length} of ${fixtures.browse.length} searching buyers hold 5–30 lines, ${fixtures.carts.length} carts of ${CART_LINES}`,
      );
    }

    // The office: which admin routes this server has decides how the writer edits.
    const routes = await adminRoutesOf(urls[0]!);
    if (opt.editsVia === 'api' && !routes.productUpdate)
      throw new Error('--edits-via api: the server has no PUT /api/admin/products/{productId}');
    const officeDb = opt.db === 'postgres' ? database() : null;
    const editor =
      routes.productUpdate && opt.editsVia !== 'db'
        ? { ...apiEditor(urls, fixtures.admin.token, routes), close: () => Promise.resolve() }
        : databaseEditor(
            officeDb ? { kind: 'postgres', db: officeDb } : { kind: 'sqlite', file: dbFile },
            routes.productUpdate ? 'asked with --edits-via db' : 'the server has no PUT /api/admin/products/:productId yet',
          );
    if (opt.editsPerSecond > 0) {
      console.log(
        `Office writer: ${opt.editsPerSecond} product edits a second (${editor.kinds.join(', ')}) through ${editor.via}`,
      );
      if (editor.promotionNote) console.log(`  ${editor.promotionNote}`);
    } else console.log('Office writer: off (--edits-per-second 0)');
    console.log('');

    const healthRun = (duration: number) => runLoad({ ...base, method: 'GET', path: '/api/health', duration });
    // A route's warm-up, then its measured seconds in slices, each after a slice of the bare route:
    // this virtual machine's speed moves by up to a third from one minute to the next.
    const slice = opt.duration / opt.slices;
    const besideBaseline = async (run: (seconds: number) => Promise<LoadRun>): Promise<Measured> => {
      if (opt.warmup > 0) await run(opt.warmup);
      await eventLoop(true, 2000);
      const baseline: LoadRun[] = [];
      const route: LoadRun[] = [];
      for (let i = 0; i < opt.slices; i++) {
        baseline.push(await healthRun(slice));
        route.push(await run(slice));
      }
      const drainSeconds = await drain(urls, DRAIN_SECONDS);
      return { route: figuresOf(route), baseline: figuresOf(baseline), eventLoop: await eventLoop(true), drainSeconds };
    };

    // 1. The bare route alone, before the office starts.
    if (opt.warmup > 0) await healthRun(opt.warmup);
    await eventLoop(true);
    const health = figuresOf([await healthRun(opt.duration)]);
    const healthLoop = await eventLoop(true);

    // The office starts now and edits until the last route has run; its import runs beside the search.
    const runStartedAt = Date.now();
    const writer = opt.editsPerSecond > 0 ? startWriter(editor, fixtures.editable, opt.editsPerSecond) : null;
    let importing = null as Promise<ImportReport> | null;
    const startImport = () => {
      importing ??= runCsvImport(routes, opt.importRows, urls[0]!, fixtures.admin.token, fixtures.importTargets)
        .catch((err: unknown): ImportReport => ({
          rows: opt.importRows,
          skipped: null,
          seconds: null,
          status: 'failed',
          error: err instanceof Error ? err.message : String(err),
        }))
        .then((r) => {
          console.log(`CSV import of ${r.rows} rows: ${importSummary(r)}`);
          return r;
        });
    };

    // 2. Catalogue search, a page of 50, catalogue words, 256 stores (all five price levels), 60% of
    //    them with a cart: popular (Zipf) traffic for the floor, then every query in turn.
    let inventory: Measured | null = null;
    let inventoryCold: Measured | null = null;
    const distinctQueries = buildInventoryQueries(fixtures);
    if (opt.routes.has('inventory')) {
      const searchLoad = (duration: number, nextQuery: () => InventoryQuery) => {
        const buyers = rotation(fixtures.browse);
        return runLoad({
          ...base,
          method: 'POST',
          path: '/api/retailer/getInventory',
          duration,
          headers: json,
          next: () => ({ headers: bearer(buyers.take()), body: JSON.stringify(nextQuery()) }),
        });
      };
      const popular = zipfSampler(distinctQueries);
      startImport();
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
    const answered: string[] = [];
    let placeSettled = 0;
    const inFlightKeys = new Set<string>();
    const refusals = new Map<string, number>();
    if (opt.routes.has('orders')) {
      startImport();
      const orderCarts = rotation(fixtures.orders, true);
      // Each order's Idempotency-Key until its answer arrives: a run stopped at its time limit leaves
      // some in flight, and they are sent again with the same key afterwards, as a client would. Keys
      // still unanswered when the bench stops waiting are in `inFlightKeys` for the check.
      const pending = new Map<string, BenchUser>();
      const placeOrders = (amount: number, maxSeconds: number) =>
        runLoad({
          ...base,
          method: 'POST',
          path: '/api/retailer/placeOrder',
          amount,
          maxSeconds,
          headers: { ...json, 'is-web-order': 'true' },
          next: (context) => {
            const user = orderCarts.take();
            const key = randomUUID();
            pending.set(key, user);
            context.key = key;
            return { headers: { ...bearer(user), 'idempotency-key': key }, body: JSON.stringify({ notes: 'api-bench' }) };
          },
          onResponse: (status, body, context) => {
            pending.delete(String(context.key));
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
      const settlePending = async () => {
        if (pending.size === 0) return 0;
        await drain(urls, DRAIN_SECONDS); // let the servers finish what they received
        const deadline = Date.now() + DRAIN_SECONDS * 1000;
        const left = [...pending];
        pending.clear();
        for (const [i, [key, user]] of left.entries()) {
          for (let attempt = 0; attempt < 5 && Date.now() < deadline; attempt++) {
            const res = await fetch(`${urls[i % urls.length]}/api/retailer/placeOrder`, {
              method: 'POST',
              headers: { ...json, ...bearer(user), 'is-web-order': 'true', 'idempotency-key': key },
              body: JSON.stringify({ notes: 'api-bench' }),
              signal: AbortSignal.timeout(Math.max(1, deadline - Date.now())),
            }).catch(() => null);
            const body = res ? ((await res.json()) as { data?: { orderNumber?: string } }) : null;
            if (res?.status === 200 && body?.data?.orderNumber) {
              answered.push(body.data.orderNumber);
              left[i] = ['', user]; // answered: no longer in flight
              break;
            }
            await new Promise((r) => setTimeout(r, 500));
          }
        }
        for (const [key] of left) if (key) inFlightKeys.add(key);
        return left.length;
      };
      // A fixed number of orders, not seconds: the bare route is measured a slice before and after.
      if (opt.warmupOrders > 0) await placeOrders(opt.warmupOrders, Math.min(30, opt.placeMaxSeconds));
      placeSettled += await settlePending();
      await eventLoop(true, 2000);
      const before = await healthRun(slice);
      const placed = await placeOrders(opt.place, opt.placeMaxSeconds);
      const drainSeconds = await drain(urls, DRAIN_SECONDS);
      const loop = await eventLoop(true);
      if (placed.requests < opt.place)
        console.log(
          `placeOrder stopped at its limit of ${opt.placeMaxSeconds} s with ${placed.ok} of ${opt.place} orders answered`,
        );
      const after = await healthRun(slice);
      orders = { route: figuresOf([placed]), baseline: figuresOf([before, after]), eventLoop: loop, drainSeconds };
      placeSettled += await settlePending();
      if (placeSettled > 0)
        console.log(`  ${placeSettled} orders left in flight at a time limit were sent again with the same Idempotency-Key`);
    }
    // Between the buyers and the office's reads: on PostgreSQL, what autovacuum would have done meanwhile.
    let vacuumed: Awaited<ReturnType<typeof vacuumAsAutovacuumWould>> | null = null;
    if (postgres && (opt.routes.has('queue') || opt.routes.has('dashboard'))) {
      vacuumed = await vacuumAsAutovacuumWould(postgres.url);
      if (!vacuumed.on)
        console.log(
          `PostgreSQL's autovacuum is off on this server: vacuumed what it would have by now (${vacuumed.tables.join(', ') || 'nothing due'}) in ${vacuumed.seconds} s`,
        );
    }
    // 5. The office's order queue: first pages with each filter alone, counts, the retailer list; a bulk move.
    let queue: QueueReport | null = null;
    let queueLoop: EventLoopFigures | null = null;
    if (opt.routes.has('queue')) {
      queue = await measureOrderQueue(urls[0]!, fixtures.admin.token, {
        samples: opt.quick ? 30 : 100,
        bulkOrders: 200,
        onBulk: async (run) => {
          await eventLoop(true, 2000);
          const figures = await run();
          queueLoop = await eventLoop(true);
          return figures;
        },
      });
    }
    // 6. The distributor's dashboard and the sales reports over 90 days, one request at a time.
    let dashboard: DashboardCase[] | null = null;
    let dashboardLoop: EventLoopFigures | null = null;
    if (opt.routes.has('dashboard')) {
      await eventLoop(true, 2000);
      dashboard = await measureDashboard(urls[0]!, fixtures.admin.token, { samples: opt.quick ? 20 : 100 });
      dashboardLoop = await eventLoop(true);
    }
    const importReport = importing ? await importing : null;
    const writerReport: WriterReport | null = writer ? await writer.stop() : null;
    const runSeconds = round((Date.now() - runStartedAt) / 1000, 1);
    await editor.close();
    if (officeDb) await officeDb.destroy();

    let verification: OrderVerification | null = null;
    const memoryAtEnd = servers.map((x) => x.memoryMb());
    const heapAtEnd = await Promise.all(servers.map((x) => x.eventLoop(false).then((f) => f?.heapMb ?? null)));
    if (orders) {
      const db = database();
      try {
        const replays = await replayOrders(urls, db, new Map(fixtures.orders.map((u) => [u.userId, u])), 20);
        await stopAll();
        verification = await verifyOrders(db, answered, inFlightKeys, replays);
      } finally {
        await db.destroy();
      }
    }
    await stopAll();

    // Report.
    const measured = [inventory, inventoryCold, cart, orders].filter((m): m is Measured => m !== null);
    const runLoop = worstLoop(measured.map((m) => m.eventLoop));
    printTable([
      { name: 'health (alone)', m: { route: health, eventLoop: healthLoop } },
      ...(inventory ? [{ name: 'getInventory', m: inventory }] : []),
      ...(inventoryCold ? [{ name: 'getInventory cold', m: inventoryCold }] : []),
      ...(cart ? [{ name: `cart/items (${CART_LINES})`, m: cart }] : []),
      ...(orders ? [{ name: 'placeOrder', m: orders }] : []),
    ]);
    console.log(
      `(req/s: answered 2xx a second; "of bare": ratio to GET /api/health measured in slices beside the route; ` +
        `latency of 2xx answers; CPU: server user+system per answer; loop gap: the servers' longest gap between two event-loop turns while the route was measured; block: that gap less the wait for a CPU held by other processes; catch-up: seconds after the route until the bare route was answered again, ? when the server could not say)`,
    );
    for (const [k, n] of refusals) console.log(`  placeOrder refused ${n}×: ${k}`);
    if (writerReport) {
      const w = writerReport;
      console.log(
        `\nOffice writer: ${w.done} edits done of ${w.planned} due in ${w.seconds} s (${Object.entries(w.byKind)
          .map(([k, n]) => `${n} ${k}`)
          .join(
            ', ',
          )}), ${w.failed} failed; each edit p50 ${w.latency.p50Ms} ms, p99 ${w.latency.p99Ms} ms, max ${w.latency.maxMs} ms; via ${w.via}`,
      );
      if (w.promotionNote) console.log(`  ${w.promotionNote}`);
      for (const f of w.failures) console.log(`  edit failed: ${f}`);
    }
    if (importReport) console.log(`CSV import of ${importReport.rows} rows: ${importSummary(importReport)}`);
    if (verification) {
      const v = verification;
      console.log(
        `Orders: ${v.answered} answered (warm-up included), ${v.inDatabase} in the database, ` +
          `${v.lost} lost, ${v.storedButNotAnswered} unanswered, ${v.duplicated} duplicated, ` +
          `${v.inFlightAtEnd ? `${v.inFlightAtEnd} stored while the bench waited for their answers (in flight at the end, not lost), ` : ''}` +
          `${v.ordersWithWrongLineCount} with a wrong line count, ${v.cartsLeftAfterOrder} carts not emptied; ` +
          `${v.idempotentReplays.sameOrder}/${v.idempotentReplays.sent} key replays answered the same order` +
          `${v.idempotentReplays.unanswered ? ` (${v.idempotentReplays.unanswered} not answered within 20 s)` : ''} → ${v.ok ? 'OK' : 'FAILED'}`,
      );
    }
    memoryAtEnd.forEach((m, i) => {
      if (m)
        console.log(
          `Server ${i + 1} memory: ${memoryAtStart[i]?.rss ?? '?'} MB resident at start, ${m.rss} MB at the end (${m.anon} MB anonymous, ${m.file} MB file-backed), ${m.peak} MB at the peak` +
            (heapAtEnd[i]
              ? `; main thread's JavaScript heap at the end ${heapAtEnd[i]!.committed} MB held, ${heapAtEnd[i]!.used} MB in use`
              : ''),
        );
    });
    if (queue) {
      console.log('\nOrder queue (GET, one request at a time; first page of 25):');
      for (const c of queue.cases)
        console.log(
          `  ${c.name.padEnd(30)} p50 ${String(c.p50Ms).padStart(6)} ms  p99 ${String(c.p99Ms).padStart(6)} ms  max ${String(c.maxMs).padStart(6)} ms` +
            `${c.total !== null ? `  total ${c.total.toLocaleString('en-US')}` : ''}${c.failed ? `  ${c.failed} failed` : ''}`,
        );
      if (queue.bulk)
        console.log(
          `  bulk move of ${queue.bulk.orders} orders out for delivery to delivered: ${queue.bulk.seconds} s, ${queue.bulk.summary}; ` +
            `event loop block ${blockOf(queueLoop) ?? '?'} ms (gap ${(queueLoop as EventLoopFigures | null)?.maxMs ?? '?'} ms)`,
        );
    }
    if (dashboard) {
      console.log('\nDashboard and reports (one request at a time, 90 days):');
      for (const c of dashboard)
        console.log(
          `  ${c.name.padEnd(30)} p50 ${String(c.p50Ms).padStart(6)} ms  p99 ${String(c.p99Ms).padStart(6)} ms  max ${String(c.maxMs).padStart(6)} ms${c.failed ? `  ${c.failed} failed` : ''}`,
        );
      console.log(
        `  event loop meanwhile: longest block ${blockOf(dashboardLoop) ?? '?'} ms (gap ${(dashboardLoop as EventLoopFigures | null)?.maxMs ?? '?'} ms)`,
      );
    }
    if (runLoop)
      console.log(
        `Event loop while the routes were measured: longest block ${runLoop.maxBlockMs ?? '?'} ms of the server's own, longest gap ${runLoop.maxMs} ms (wall clock, waits for a CPU included), longest GC pause ${runLoop.maxGcMs} ms`,
      );

    // Floors (SQLite; on PostgreSQL the figures are a baseline, no floor yet).
    const edited = (writerReport?.done ?? 0) > 0;
    const routeResult = (m: Measured) => ({ ...m.route, baselineBeside: m.baseline });
    const floors = judgeFloors({
      health,
      ...(inventory ? { getInventory: routeResult(inventory) } : {}),
      ...(cart ? { cartItems: routeResult(cart) } : {}),
      ...(orders ? { placeOrder: routeResult(orders) } : {}),
      edits: writerReport?.done ?? 0,
      orders: verification,
      eventLoopBlockMs: blockOf(runLoop),
      eventLoopUnknownRoutes: measured.filter((m) => m.eventLoop === null).length,
    });
    const withFloors = opt.db === 'sqlite';
    console.log(
      withFloors
        ? '\nFloors (issue 14 §2; ratios to the bare route measured beside each route):'
        : '\nFloors (PostgreSQL: a baseline for scaling work, no floor yet; shown for reference):',
    );
    if (!edited && inventory)
      console.log('  (no edit was made during the run: the search floors need the office writer running)');
    for (const f of floors)
      console.log(`  ${withFloors ? (f.met ? 'PASS' : 'FAIL') : f.met ? '(pass)' : '(fail)'}  ${floorText(f)}`);
    const officeTargets = dashboard ? judgeOfficeTargets({ cases: dashboard, eventLoopBlockMs: blockOf(dashboardLoop) }) : [];
    if (dashboard) {
      console.log('\nOffice reads (issue 18 §7, on SQLite and PostgreSQL alike):');
      for (const f of officeTargets) console.log(`  ${f.met ? 'PASS' : 'FAIL'}  ${floorText(f)}`);
    }

    const resultOf = (m: Measured) => ({
      ...m.route,
      ratioToBaseline: ratioOf(m),
      eventLoopBlockMs: blockOf(m.eventLoop),
      catchUpSeconds: m.drainSeconds,
      eventLoop: m.eventLoop,
      baselineBeside: m.baseline,
    });
    const result = {
      generatedAt: new Date().toISOString(),
      code: codeVersion(),
      quick: opt.quick,
      machine: {
        cpus: os.cpus().length,
        cpuModel: os.cpus()[0]?.model ?? 'unknown',
        memoryGb: round(os.totalmem() / 2 ** 30, 1),
        platform: `${os.platform()} ${os.release()}`,
        node: process.version,
        database: engineVersion,
        loadAverageAtStart: loadAtStart,
      },
      server: {
        database: opt.db,
        instances: opt.instances,
        appMode: 'production',
        logLevel: opt.logLevel,
        host: '127.0.0.1',
        startUp: startUps.map((u, i) => ({ instance: i + 1, ...u, residentMbWhenReady: memoryAtStart[i]?.rss ?? null })),
        memoryMb: memoryAtEnd.map((m, i) => ({
          instance: i + 1,
          atStart: memoryAtStart[i]?.rss ?? null,
          atEnd: m?.rss ?? null,
          anonymousAtEnd: m?.anon ?? null,
          fileBackedAtEnd: m?.file ?? null,
          peak: m?.peak ?? null,
          heapAtEnd: heapAtEnd[i] ?? null,
        })),
        eventLoopDuringRun: runLoop,
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
          "GET /api/health measured beside each route: a slice of it before each of the route's slices (placeOrder: a slice before and after); ratioToBaseline is to that. routes.health: measured alone before the office starts",
        buyers: {
          searching: fixtures.browse.length,
          withCart: cartSizes.filter((n) => n > 0).length,
          cartLines: 'between 5 and 30, through POST /api/retailer/cart/add',
          cartRouteLines: CART_LINES,
        },
        inventoryQueries: {
          distinct: distinctQueries.length,
          getInventory: 'popular traffic: Zipf(1) draw over the distinct queries',
          getInventoryCold: 'every distinct query in turn (server-side answer cache rarely hit); no floor',
        },
        orderLines: ORDER_LINES,
        warmupOrders: opt.warmupOrders,
        measuredOrders: opt.place,
        placeMaxSeconds: opt.placeMaxSeconds,
        ordersSentAgainAfterTimeLimit: placeSettled,
      },
      office: { runSeconds, writer: writerReport, csvImport: importReport, autovacuumStandIn: vacuumed },
      routes: {
        health: { ...health, ratioToBaseline: 1, eventLoopBlockMs: blockOf(healthLoop), eventLoop: healthLoop },
        ...(inventory ? { getInventory: resultOf(inventory) } : {}),
        ...(inventoryCold ? { getInventoryCold: resultOf(inventoryCold) } : {}),
        ...(cart ? { cartItems: resultOf(cart) } : {}),
        ...(orders ? { placeOrder: { ...resultOf(orders), refusals: Object.fromEntries(refusals) } } : {}),
      },
      dashboard: dashboard ? { cases: dashboard, eventLoop: dashboardLoop, eventLoopBlockMs: blockOf(dashboardLoop) } : null,
      orderQueue: queue ? { ...queue, bulkEventLoop: queueLoop, bulkEventLoopBlockMs: blockOf(queueLoop) } : null,
      orderVerification: verification,
      floors: { apply: withFloors, list: floors },
      officeTargets,
      totalSeconds: round((Date.now() - started) / 1000, 1),
    };
    mkdirSync(path.dirname(opt.out), { recursive: true });
    writeFileSync(opt.out, `${JSON.stringify(result, null, 2)}\n`);
    console.log(`\nWrote ${path.relative(process.cwd(), opt.out) || opt.out} (${result.totalSeconds} s in all)`);

    if (verification && !verification.ok) return 1;
    if (opt.strict && ((withFloors && floors.some((f) => !f.met)) || officeTargets.some((f) => !f.met))) return 2;
    return 0;
  } catch (err) {
    for (const x of servers) console.error(`Server log of ${x.url} (last lines):\n${x.tail()}`);
    throw err;
  } finally {
    await stopAll();
    await cleanup();
    if (opt.keep) console.log(`Kept ${tmp}${postgres ? ` and the database ${postgres.url}` : ''}`);
  }
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err instanceof Error ? (err.stack ?? err.message) : err);
    process.exit(1);
  },
);

// The distributor's office during the run: a writer that edits products at a steady pace (price,
// flag, promotion in turn) and runs one CSV import, through the real admin API when the server has
// it. Which admin routes exist is read from the server's own OpenAPI document (/api/docs/json), so
// the benchmark follows the admin catalogue as it is built: a missing route is said in the output,
// never silently passed over.
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import type { Db } from '../../apps/api/src/db/database.ts';
import { changedPrices, dueAt, editKinds, flagOf, type EditKind, type Prices } from './plan.ts';
import { figuresOf, type RouteFigures } from './load.ts';

/** The admin routes the office uses, as the OpenAPI document names them (null: not in this server). */
export interface AdminRoutes {
  /** `PUT /api/admin/products/{productId}` (and its GET). */
  productUpdate: string | null;
  /** Creating a promotion (`POST`); its `/{promotionId}/deactivate` ends one. */
  promotions: string | null;
  /** Uploading a CSV of products (`POST`), followed by `/{importId}/dry-run` and `/{importId}/apply`. */
  productImport: string | null;
}

export async function adminRoutesOf(url: string): Promise<AdminRoutes> {
  const res = await fetch(`${url}/api/docs/json`);
  if (!res.ok) throw new Error(`GET /api/docs/json answered ${res.status}`);
  const doc = (await res.json()) as { paths?: Record<string, Record<string, unknown>> };
  const paths = Object.entries(doc.paths ?? {});
  const find = (test: (path: string, methods: string[]) => boolean) =>
    paths.find(([p, m]) => test(p, Object.keys(m)))?.[0] ?? null;
  return {
    productUpdate: find((p, m) => /^\/api\/admin\/products\/\{[^}]+\}$/.test(p) && m.includes('put')),
    promotions: find((p, m) => /^\/api\/admin\/promo(tion)?s?$/.test(p) && m.includes('post')),
    productImport: find((p, m) => /^\/api\/admin\/product-imports$/.test(p) && m.includes('post')),
  };
}

/** One edit of one product; throws when it was refused. */
export interface Editor {
  /** Where the edits go, for the report. */
  via: string;
  kinds: EditKind[];
  /** Why promotions are not edited, when they are not. */
  promotionNote: string | null;
  edit(productId: string, kind: EditKind, n: number): Promise<void>;
}

/**
 * Edits through `PUT /api/admin/products/:productId`: the product as the admin API shows it, changed,
 * sent back. With an admin promotions route, every third edit starts or ends a promotion in turn: a
 * 5% discount for all customers on the edited product's brand (or the product alone when it has none),
 * starting at once, and the next promotion edit deactivates it, so one bench promotion at most runs.
 */
export function apiEditor(urls: string[], token: string, routes: AdminRoutes): Editor {
  const auth = { authorization: `Bearer ${token}` };
  let turn = 0;
  let running: string | null = null;
  const send = async (method: string, at: string, body?: unknown) => {
    const res = await fetch(
      at,
      body === undefined
        ? { method, headers: auth }
        : { method, headers: { ...auth, 'content-type': 'application/json' }, body: JSON.stringify(body) },
    );
    if (!res.ok) throw new Error(`${method} ${res.status} ${(await res.text()).slice(0, 200)}`);
    return ((await res.json()) as { data: Record<string, unknown> }).data;
  };
  const promotions = routes.promotions;
  return {
    via: promotions ? `PUT /api/admin/products/:productId and ${promotions}` : `PUT /api/admin/products/:productId`,
    kinds: editKinds(promotions !== null),
    promotionNote: promotions
      ? `promotions: every third edit starts (POST ${promotions}) or ends (POST …/deactivate) a 5% promotion on a brand`
      : 'promotions: not edited, the server has no admin promotions route',
    async edit(productId, kind, n) {
      const url = urls[turn++ % urls.length]!; // the office's browser reaches any instance
      const at = `${url}/api/admin/products/${encodeURIComponent(productId)}`;
      if (kind === 'promotion' && promotions) {
        if (running) {
          const id = running;
          running = null;
          await send('POST', `${url}${promotions}/${encodeURIComponent(id)}/deactivate`);
          return;
        }
        const product = await send('GET', at);
        const brand = typeof product.brand === 'string' && product.brand ? product.brand : null;
        const created = await send('POST', `${url}${promotions}`, {
          title: `Bench promotion ${n}`,
          discountType: 'percent',
          discountValue: 5,
          targets: brand ? { brands: [brand] } : { productIds: [productId] },
          audience: { type: 'all' },
          startsAt: new Date().toISOString(),
        });
        running = String(created.id);
        return;
      }
      const product = (await send('GET', at)) as Record<string, unknown> & Prices;
      // As the admin screen does: the stock it loaded goes back with it, so orders taken meanwhile are kept.
      const loaded = { ...product, stockOnHandLoaded: product.stockOnHand };
      const body =
        kind === 'price' ? { ...loaded, ...changedPrices(product, n) } : { ...loaded, [flagOf(n)]: !product[flagOf(n)] };
      await send('PUT', at, body);
    },
  };
}

const FLAG_COLUMNS = { isNewItem: 'is_new_item', showLowStock: 'show_low_stock' } as const;

/** Where database edits go: the SQLite file (opened here) or the PostgreSQL database. */
export type EditTarget = { kind: 'sqlite'; file: string } | { kind: 'postgres'; db: Db };

interface PriceRow {
  price1_cents: number;
  price2_cents: number;
  price3_cents: number;
  price4_cents: number;
  price5_cents: number;
}
const pricesOf = (p: PriceRow): Prices => ({
  price1Cents: p.price1_cents,
  price2Cents: p.price2_cents,
  price3Cents: p.price3_cents,
  price4Cents: p.price4_cents,
  price5Cents: p.price5_cents,
});

/**
 * Edits written straight to the database, as an admin route would, for a server that has none yet
 * (the catalogue's triggers see them exactly as they see the API's writes). On SQLite the file is
 * opened here with no busy timeout and a busy write is retried after a timer: better-sqlite3 waits
 * synchronously, and a wait here would stall the load generator that shares this process.
 */
export function databaseEditor(target: EditTarget, note: string): Editor & { close(): Promise<void> } {
  const base = {
    via: `the database directly (${note})`,
    kinds: editKinds(false),
    promotionNote: 'promotions: not edited (only through an admin promotions route)',
  };
  if (target.kind === 'postgres') {
    const db = target.db;
    return {
      ...base,
      async edit(productId, kind, n) {
        const updatedAt = new Date().toISOString();
        if (kind === 'price') {
          const p = await db
            .selectFrom('products')
            .select(['price1_cents', 'price2_cents', 'price3_cents', 'price4_cents', 'price5_cents'])
            .where('id', '=', productId)
            .executeTakeFirstOrThrow();
          const c = changedPrices(pricesOf(p), n);
          await db
            .updateTable('products')
            .set({
              price1_cents: c.price1Cents,
              price2_cents: c.price2Cents,
              price3_cents: c.price3Cents,
              price4_cents: c.price4Cents,
              price5_cents: c.price5Cents,
              updated_at: updatedAt,
            })
            .where('id', '=', productId)
            .execute();
        } else if (kind === 'flag') {
          const column = FLAG_COLUMNS[flagOf(n)];
          await db
            .updateTable('products')
            .set({ [column]: sql`1 - ${sql.ref(column)}`, updated_at: updatedAt })
            .where('id', '=', productId)
            .execute();
        } else throw new Error('promotions are not edited in the database');
      },
      close: () => Promise.resolve(),
    };
  }
  const raw = new SQLite(target.file);
  raw.pragma('busy_timeout = 0');
  const read = raw.prepare<[string], PriceRow>(
    'select price1_cents, price2_cents, price3_cents, price4_cents, price5_cents from products where id = ?',
  );
  const writePrices = raw.prepare(
    'update products set price1_cents = ?, price2_cents = ?, price3_cents = ?, price4_cents = ?, price5_cents = ?, updated_at = ? where id = ?',
  );
  const toggle = Object.fromEntries(
    Object.entries(FLAG_COLUMNS).map(([flag, column]) => [
      flag,
      raw.prepare(`update products set ${column} = 1 - ${column}, updated_at = ? where id = ?`),
    ]),
  ) as Record<keyof typeof FLAG_COLUMNS, SQLite.Statement>;
  const whenFree = async (write: () => void) => {
    for (let attempt = 0; ; attempt++) {
      try {
        return write();
      } catch (err) {
        if ((err as { code?: string }).code !== 'SQLITE_BUSY' || attempt > 5000) throw err;
        await new Promise((r) => setTimeout(r, 2));
      }
    }
  };
  return {
    ...base,
    async edit(productId, kind, n) {
      const updatedAt = new Date().toISOString();
      if (kind === 'price') {
        const p = read.get(productId);
        if (!p) throw new Error('no such product');
        const c = changedPrices(pricesOf(p), n);
        await whenFree(() =>
          writePrices.run(c.price1Cents, c.price2Cents, c.price3Cents, c.price4Cents, c.price5Cents, updatedAt, productId),
        );
      } else if (kind === 'flag') await whenFree(() => toggle[flagOf(n)].run(updatedAt, productId));
      else throw new Error('promotions are not edited in the database');
    },
    close: async () => {
      raw.close();
    },
  };
}

export interface ImportReport {
  rows: number;
  /** Why no import ran, or null when it ran. */
  skipped: string | null;
  /** From the upload to the end of applying. */
  seconds: number | null;
  /** The dry run's answer time and the apply's time (from its start to `applied`). */
  dryRunSeconds?: number;
  applySeconds?: number;
  counts?: { created: number; updated: number; unchanged: number; rejected: number };
  status?: string;
  /** Why the import failed. */
  error?: string;
}

/** One line on an import's outcome. */
export function importSummary(r: ImportReport): string {
  if (r.skipped) return `SKIPPED, ${r.skipped}`;
  if (r.error) return `FAILED, ${r.error}`;
  const c = r.counts;
  return (
    `${r.status} in ${r.seconds} s (dry run ${r.dryRunSeconds} s, apply ${r.applySeconds} s)` +
    (c ? `: ${c.created} created, ${c.updated} updated, ${c.unchanged} unchanged, ${c.rejected} rejected` : '')
  );
}

/** A product the import updates: its item number, description and price 1. */
export interface ImportTarget {
  itemNumber: string;
  description: string;
  price1Cents: number;
}

/**
 * The CSV of the office's import: `rows` rows, half of them changing price 1 of existing products by
 * 2% (`targets`, in turn), the other half new products (item numbers `BENCH-IMPORT-<run>-<i>`).
 */
export function importCsv(rows: number, targets: readonly ImportTarget[], run: string): string {
  const cell = (v: string) => (/[",\r\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);
  const lines = ['Item number,Description,Price 1'];
  const updates = Math.min(Math.floor(rows / 2), targets.length);
  for (let i = 0; i < rows; i++) {
    if (i < updates) {
      const t = targets[i]!;
      lines.push(`${cell(t.itemNumber)},${cell(t.description)},${((Math.round(t.price1Cents * 1.02) || 1) / 100).toFixed(2)}`);
    } else lines.push(`BENCH-IMPORT-${run}-${i},Bench import product ${i},${(1 + (i % 50) / 10).toFixed(2)}`);
  }
  return lines.join('\r\n') + '\r\n';
}

/**
 * The office's CSV import through the real import API, as the admin screen does it: upload → dry run
 * with the suggested mapping → apply in the background → follow it until it is applied (at most
 * `maxSeconds`).
 */
export async function runCsvImport(
  routes: AdminRoutes,
  rows: number,
  url: string,
  token: string,
  targets: readonly ImportTarget[],
  maxSeconds = 300,
): Promise<ImportReport> {
  const route = routes.productImport;
  if (!route) return { rows, skipped: 'the server has no CSV import route (POST /api/admin/product-imports)', seconds: null };
  const auth = { authorization: `Bearer ${token}` };
  const call = async (method: string, path: string, body?: string, type = 'application/json') => {
    const res = await fetch(`${url}${path}`, {
      method,
      headers: body === undefined ? auth : { ...auth, 'content-type': type },
      body,
    });
    if (!res.ok) throw new Error(`${method} ${path} answered ${res.status}: ${(await res.text()).slice(0, 200)}`);
    return ((await res.json()) as { data: Record<string, unknown> }).data;
  };
  const round = (ms: number) => Math.round(ms / 100) / 10;
  const t0 = performance.now();
  const record = await call('POST', `${route}?fileName=api-bench.csv`, importCsv(rows, targets, String(process.pid)), 'text/csv');
  const id = encodeURIComponent(String(record.id));
  const t1 = performance.now();
  await call('POST', `${route}/${id}/dry-run`, JSON.stringify({ mapping: record.mapping }));
  const t2 = performance.now();
  await call('POST', `${route}/${id}/apply`);
  let state = record;
  while (performance.now() - t2 < maxSeconds * 1000) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    state = await call('GET', `${route}/${id}`);
    if (state.status !== 'applying') break;
  }
  const end = performance.now();
  return {
    rows,
    skipped: null,
    seconds: round(end - t0),
    dryRunSeconds: round(t2 - t1),
    applySeconds: round(end - t2),
    counts: state.counts as ImportReport['counts'],
    status: String(state.status),
  };
}

export interface WriterReport {
  via: string;
  perSecond: number;
  kinds: EditKind[];
  promotionNote: string | null;
  seconds: number;
  /** Edits due over the seconds run, at `perSecond`. */
  planned: number;
  done: number;
  failed: number;
  byKind: Partial<Record<EditKind, number>>;
  /** Each edit's time, from the office's side (GET and PUT through the API). */
  latency: Pick<RouteFigures, 'p50Ms' | 'p99Ms' | 'maxMs'>;
  failures: string[];
}

/**
 * Starts editing `perSecond` products a second, one after the other (an office worker waits for
 * each save): an edit that takes longer than its slot delays the next, which the report shows as
 * fewer edits done than planned.
 */
export function startWriter(editor: Editor, productIds: readonly string[], perSecond: number) {
  const started = performance.now();
  let stopping = false;
  let n = 0;
  let failed = 0;
  const failures: string[] = [];
  const latencies: number[] = [];
  const byKind: Partial<Record<EditKind, number>> = {};
  let wake: (() => void) | null = null;
  const loop = (async () => {
    while (!stopping) {
      const wait = dueAt(started, n, perSecond) - performance.now();
      if (wait > 0) {
        await new Promise<void>((resolve) => {
          const t = setTimeout(resolve, wait);
          wake = () => {
            clearTimeout(t);
            resolve();
          };
        });
        wake = null;
        if (stopping) break;
      }
      const kind = editor.kinds[n % editor.kinds.length]!;
      const productId = productIds[(n * 7919) % productIds.length]!;
      const t0 = performance.now();
      try {
        await editor.edit(productId, kind, Math.floor(n / editor.kinds.length));
        latencies.push(performance.now() - t0);
        byKind[kind] = (byKind[kind] ?? 0) + 1;
      } catch (err) {
        failed++;
        if (failures.length < 5) failures.push(`${kind} ${productId}: ${err instanceof Error ? err.message : String(err)}`);
      }
      n++;
    }
  })();
  return {
    async stop(): Promise<WriterReport> {
      stopping = true;
      wake?.();
      await loop;
      const seconds = (performance.now() - started) / 1000;
      const f = figuresOf([
        {
          method: 'PUT',
          path: 'edit',
          connections: 1,
          seconds,
          requests: n,
          ok: latencies.length,
          non2xx: 0,
          errors: failed,
          timeouts: 0,
          serverCpuSeconds: null,
          latenciesMs: Float64Array.from(latencies),
        },
      ]);
      return {
        via: editor.via,
        perSecond,
        kinds: editor.kinds,
        promotionNote: editor.promotionNote,
        seconds: Math.round(seconds * 10) / 10,
        planned: Math.floor(seconds * perSecond) + 1,
        done: latencies.length,
        failed,
        byKind,
        latency: { p50Ms: f.p50Ms, p99Ms: f.p99Ms, maxMs: f.maxMs },
        failures,
      };
    },
  };
}

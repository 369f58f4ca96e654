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
  /** Creating or editing a promotion. */
  promotions: string | null;
  /** Uploading a CSV of products. */
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
    productImport: find((p, m) => /^\/api\/admin\/products\/imports?(\/|$)/.test(p) && m.includes('post')),
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

/** Edits through `PUT /api/admin/products/:productId`: the product as the admin API shows it, changed, sent back. */
export function apiEditor(urls: string[], token: string, routes: AdminRoutes): Editor {
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  let turn = 0;
  return {
    via: `PUT /api/admin/products/:productId`,
    kinds: editKinds(false),
    promotionNote: routes.promotions
      ? `promotions: ${routes.promotions} exists but the writer does not drive it yet (bench/lib/office.ts)`
      : 'promotions: not edited, the server has no admin promotions route',
    async edit(productId, kind, n) {
      const url = urls[turn++ % urls.length]!; // the office's browser reaches any instance
      const at = `${url}/api/admin/products/${encodeURIComponent(productId)}`;
      const got = await fetch(at, { headers });
      if (!got.ok) throw new Error(`GET ${got.status} ${(await got.text()).slice(0, 200)}`);
      const product = ((await got.json()) as { data: Record<string, unknown> & Prices }).data;
      const body =
        kind === 'price' ? { ...product, ...changedPrices(product, n) } : { ...product, [flagOf(n)]: !product[flagOf(n)] };
      const put = await fetch(at, { method: 'PUT', headers, body: JSON.stringify(body) });
      if (!put.ok) throw new Error(`PUT ${put.status} ${(await put.text()).slice(0, 200)}`);
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
    promotionNote: 'promotions: not edited, the server has no admin promotions route',
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
  seconds: number | null;
}

/**
 * The office's CSV import: one file of `rows` rows through the real import API. The import API is
 * not built yet; when the server lists none, this says so and returns.
 */
export async function runCsvImport(routes: AdminRoutes, rows: number): Promise<ImportReport> {
  if (!routes.productImport)
    return { rows, skipped: 'the server has no CSV import route (POST /api/admin/products/import…)', seconds: null };
  return {
    rows,
    skipped: `${routes.productImport} exists but the benchmark does not drive it yet (bench/lib/office.ts runCsvImport)`,
    seconds: null,
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

// The office's order queue at the bench's size (issue 15 §5): the first page of GET /api/admin/orders
// with no filter and with each filter alone, the saved views' counts and the first page of the retailer
// list, each asked one request at a time (an office user waits for each page), and one bulk move of
// 200 orders (out for delivery to delivered) with the server's event loop watched while it runs.
export interface QueueCase {
  name: string;
  path: string;
  samples: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  /** The list's exact total (null: not a list). */
  total: number | null;
  failed: number;
}

export interface BulkFigures {
  orders: number;
  seconds: number;
  moved: number;
  refused: number;
  summary: string;
}

export interface QueueReport {
  cases: QueueCase[];
  bulk: BulkFigures | null;
}

interface Page<T> {
  items: T[];
  total: number;
}
interface Row {
  id: string;
  orderNumber: string;
  status: string;
  store: { id: string; name: string };
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
const round = (n: number) => Math.round(n * 10) / 10;

export async function measureOrderQueue(
  url: string,
  token: string,
  opts: { samples: number; bulkOrders: number; onBulk: (run: () => Promise<BulkFigures>) => Promise<BulkFigures> },
): Promise<QueueReport> {
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const get = async <T>(path: string): Promise<T> => {
    const res = await fetch(`${url}${path}`, { headers });
    const body = (await res.json()) as { data: T; message: string };
    if (!res.ok) throw new Error(`GET ${path}: ${res.status} ${body.message}`);
    return body.data;
  };

  // Values the filters take from the data: the newest order, its store, a route, a rep, a product.
  const newest = await get<Page<Row>>('/api/admin/orders?limit=1');
  const first = newest.items[0];
  if (!first) throw new Error('the order queue is empty');
  const choices = await get<{ salesReps: { id: string }[]; routes: string[] }>('/api/admin/orders/filter-choices');
  const week = new Date(Date.now() - 7 * 86_400_000).toISOString().slice(0, 10);
  const today = new Date().toISOString().slice(0, 10);
  const storeWord = first.store.name.split(/\s+/)[0] ?? first.store.name;
  for (const [name, filters] of [
    ['Open today', { status: ['placed', 'confirmed', 'picking'], createdFrom: today }],
    ['Route not picked', { route: choices.routes[0], status: ['placed', 'confirmed'] }],
    ['Big orders', { amountMinCents: 50_000 }],
  ] as const) {
    await fetch(`${url}/api/admin/orders/views`, { method: 'POST', headers, body: JSON.stringify({ name, filters }) });
  }

  const q = (query: string) => `/api/admin/orders?page=1&limit=25${query ? `&${query}` : ''}`;
  const paths: [string, string][] = [
    ['no filter', q('')],
    ['status placed', q('status=placed')],
    ['status delivered', q('status=delivered')],
    ['status open (3)', q('status=placed,confirmed,picking')],
    ['ordered last 7 days', q(`createdFrom=${week}&createdTo=${today}`)],
    ['delivery date from today', q(`deliveryFrom=${today}`)],
    ['route', q(`route=${encodeURIComponent(choices.routes[0] ?? '101')}`)],
    ['order day', q('orderDay=3')],
    ['sales rep', q(`salesRepId=${encodeURIComponent(choices.salesReps[0]?.id ?? 'rep-1')}`)],
    ['placed by rep', q('placedBy=sales')],
    ['customer', q(`customerId=${encodeURIComponent(first.store.id)}`)],
    ['amount $100–$200', q('amountMinCents=10000&amountMaxCents=20000')],
    ['search order number', q(`search=${first.orderNumber}`)],
    ['search store name', q(`search=${encodeURIComponent(storeWord)}`)],
    ['sorted by total', q('sort=total&dir=desc')],
    ['saved views counts (3 views)', '/api/admin/orders/views/counts'],
    ['retailer list', '/api/admin/retailers?page=1&limit=25'],
  ];
  const cases: QueueCase[] = [];
  for (const [name, path] of paths) {
    const times: number[] = [];
    let total: number | null = null;
    let failed = 0;
    for (let i = 0; i < opts.samples + 3; i++) {
      const t = performance.now();
      const res = await fetch(`${url}${path}`, { headers });
      const text = await res.text();
      const ms = performance.now() - t;
      if (!res.ok) failed++;
      else if (i === 0) total = (JSON.parse(text) as { data: { total?: number } }).data.total ?? null;
      if (i >= 3) times.push(ms); // the first three warm the statement cache
    }
    times.sort((a, b) => a - b);
    cases.push({
      name,
      path,
      samples: times.length,
      p50Ms: round(percentile(times, 50)),
      p99Ms: round(percentile(times, 99)),
      maxMs: round(times.at(-1) ?? 0),
      total,
      failed,
    });
  }

  // 200 orders out for delivery marked delivered (the truck is back): the oldest first. The data set has
  // a few hundred of them and fewer open ones (placed, confirmed, picking), so this is the move that
  // reaches 200 orders; every non-cancelling move does the same work.
  const ids: string[] = [];
  for (let page = 1; ids.length < opts.bulkOrders && page <= 10; page++) {
    const open = await get<Page<Row>>(`/api/admin/orders?page=${page}&limit=100&status=out_for_delivery&sort=createdAt&dir=asc`);
    ids.push(...open.items.map((r) => r.id));
    if (open.items.length < 100) break;
  }
  const chosen = ids.slice(0, opts.bulkOrders);
  const bulk = chosen.length
    ? await opts.onBulk(async () => {
        const t = performance.now();
        const res = await fetch(`${url}/api/admin/orders/bulk/status`, {
          method: 'POST',
          headers,
          body: JSON.stringify({ orderIds: chosen, status: 'delivered' }),
        });
        const seconds = (performance.now() - t) / 1000;
        const body = (await res.json()) as { data: { moved: number; refused: number; summary: string }; message: string };
        if (!res.ok) throw new Error(`bulk status: ${res.status} ${body.message}`);
        return { orders: chosen.length, seconds: Math.round(seconds * 1000) / 1000, ...body.data };
      })
    : null;
  return { cases, bulk };
}

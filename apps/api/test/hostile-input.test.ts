// Issue 12 §5 hostile input: at least 5,000 requests a run, spread over every /api route of the live
// route table (and unknown ones), built by a seeded generator from hostile paths, queries, headers,
// bodies and content types, plus raw HTTP over a socket for what inject() cannot send (oversize heads,
// malformed request lines). Every answer must be below 500, in the envelope (a PDF only on success),
// free of stack traces and SQL, and carry the security headers and Cache-Control: no-store.
// The image upload also gets hostile multipart forms (files that are not images whatever they are called,
// broken boundaries, parts over the limits), and /media/:key, outside /api, hostile keys.
// The seed is printed; HOSTILE_SEED=<seed> sends the same requests again.
import { connect } from 'node:net';
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WORLD } from '../src/db/seed/base-world.ts';
import type { DeclaredRoute } from '../src/platform/auth/guard.ts';
import { PERMISSIONS_POLICY } from '../src/platform/security-headers.ts';
import { CAT, createCatalogContext, P } from './fixtures/catalog-fixtures.ts';
import { tokenFor, usePostgres, type TestContext } from './helper.ts';

const INJECTED_REQUESTS = 5_200;
const SOCKET_REQUESTS = 120;
/** This suite's port in the helper range (4300-4399), one per database so both runs can overlap. */
const PORT = usePostgres ? 4362 : 4312;

/** What no answer may contain: stack frames, driver errors, SQL, file paths. */
const LEAKS: [string, RegExp][] = [
  ['stack trace', /at .*\.[cm]?[jt]s:\d+/],
  ['SQLite error', /SQLITE_/],
  ['SQL syntax error', /syntax error/i],
  ['SQL text', /\bselect\b[^"]{0,200}\bfrom\b|\binsert into\b|\bupdate\s+"?\w+"?\s+set\b/i],
  ['PostgreSQL error', /relation "|violates .* constraint|invalid input syntax|invalid byte sequence/],
  ['file path', /node_modules|\/work\/|apps\/api\/src/],
];

/** mulberry32: small, fast and fully determined by its seed. */
function prng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (n: number) => Math.floor(next() * n),
    pick<T>(items: readonly T[]): T {
      return items[Math.floor(next() * items.length)]!;
    },
    chance: (p: number) => next() < p,
  };
}
type Rng = ReturnType<typeof prng>;

const SCALARS = [
  'x',
  '0',
  '-1',
  '1e309',
  'NaN',
  'undefined',
  'null',
  'true',
  '9'.repeat(30),
  "' or 1=1--",
  '"; drop table users; --',
  '../../etc/passwd',
  'ü',
  '漢字',
  '𝒳😀',
  '\u202Eevil',
  'a\u0000b',
  '\u0000',
  '<script>alert(1)</script>',
  '${7*7}',
  '%s%n',
  ' ',
  '',
];

/** A raw path segment (already URL-encoded, or deliberately broken encoding). */
function pathSegment(rng: Rng): string {
  switch (rng.int(9)) {
    case 0:
      return rng.pick(['%', '%zz', '%E0%A4%A', '%C0%AF', '%FF', '%u0041']); // bad percent-encoding
    case 1:
      return 'p'.repeat(90 + rng.int(400)); // around and over maxParamLength (100)
    case 2:
      return '%00' + rng.pick(['', 'x', '%00']);
    case 3:
      return rng.pick(['..%2F..%2Fetc', '%2E%2E', '.%2e', '%252e']);
    case 4:
      return encodeURIComponent(rng.pick(['ü', '漢字', '𝒳😀', '\u202Eevil', 'a b', 'a\tb']));
    case 5:
      return rng.pick([
        WORLD.customers.c10001,
        WORLD.customers.c10003,
        '10001',
        '100001',
        P.cola,
        'privacy',
        'terms',
        'vendor-1',
        CAT.beverages,
        CAT.soda,
        'promo-lime',
      ]);
    default:
      return encodeURIComponent(rng.pick(SCALARS)) || 'x';
  }
}

const QUERY_KEYS = [
  'page',
  'limit',
  'role',
  'customerNumber',
  'c_number',
  'orderNumber',
  'productNumber',
  'from',
  'to',
  'startDate',
  'endDate',
  'search',
  'q',
  'sort',
  'dir',
  'category',
  'subcategory',
  'vendor',
  'brand',
  'status',
  'stock',
  'flag',
  'promoted',
  'discounted',
  'customerId',
  'route',
  'orderDay',
  'salesRepId',
  'priceClass',
  'balanceMinCents',
  'balanceMaxCents',
  'hasOpenOrders',
  '__proto__',
  'constructor',
];

function queryString(rng: Rng): string {
  const parts: string[] = [];
  const n = 1 + rng.int(6);
  for (let i = 0; i < n; i++) {
    const key = rng.pick(QUERY_KEYS);
    switch (rng.int(7)) {
      case 0:
        parts.push(`${key}=1&${key}=2&${key}=x`); // duplicates
        break;
      case 1:
        parts.push(`${key}[]=1&${key}[]=2`, `${key}[0][a]=b`); // arrays and objects where scalars go
        break;
      case 2:
        parts.push(`${key}=${'q'.repeat(1000 + rng.int(7000))}`); // huge, sometimes over the 8 KB target limit
        break;
      case 3:
        parts.push(`${key}=${rng.pick(['%', '%zz', '%E0%A4%A', '%00', '%FF'])}`);
        break;
      case 4:
        parts.push(`${rng.pick(['', '=', '&&', '=&=', ';'])}`);
        break;
      default:
        parts.push(`${key}=${encodeURIComponent(rng.pick(SCALARS))}`);
    }
  }
  return parts.join('&');
}

const CONTENT_TYPES = [
  'application/json',
  'application/json; charset=utf-8',
  'application/json; charset=latin1',
  'text/plain',
  'application/xml',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/octet-stream',
  'application/json, text/plain',
  'json',
  '',
  ';;;',
  'a'.repeat(300),
];

function jsonValue(rng: Rng, depth = 0): unknown {
  switch (rng.int(depth > 3 ? 5 : 8)) {
    case 0:
      return rng.pick(SCALARS);
    case 1:
      return rng.pick([-1, 0, 1.5, 1e308, -1e308, 2 ** 53 + 1, 99999999999]);
    case 2:
      return rng.pick([true, false, null]);
    case 3:
      return 'x'.repeat(rng.int(20_000));
    case 4:
      return [rng.pick(SCALARS), 1];
    case 5:
      return Array.from({ length: 1 + rng.int(4) }, () => jsonValue(rng, depth + 1));
    default: {
      const o: Record<string, unknown> = {};
      const keys = [
        ...['productId', 'quantity', 'email_phone', 'password', 'otp', 'note', 'name', 'title', 'body', 'page'],
        ...['itemNumber', 'description', 'upcs', 'qtyDiscounts', 'categoryId', 'price1Cents', 'ids', 'change', 'kind', 'percent'],
      ];
      for (let i = 0; i < 1 + rng.int(4); i++) o[rng.pick(keys)] = jsonValue(rng, depth + 1);
      return o;
    }
  }
}

/** A body as bytes: JSON of hostile values, broken JSON, prototype keys, deep nesting, over 1 MB. */
function body(rng: Rng): string {
  switch (rng.int(13)) {
    case 0:
      return rng.pick(['{', '{"a":', '[1,', '"unterminated', '{"a":1}}', 'nul', '\u0000', '\ufeff{}', '']);
    case 1:
      return rng.pick(['{"__proto__":{"admin":true}}', '{"constructor":{"prototype":{"x":1}}}', '{"a":{"__proto__":[]}}']);
    case 2:
      return '['.repeat(2000 + rng.int(3000)) + ']'.repeat(10); // deep nesting, unbalanced
    case 3:
      return JSON.stringify({ note: 'x'.repeat(1024 * 1024 + rng.int(4096)) }); // over the 1 MB limit
    case 4:
      return JSON.stringify({ productId: [P.cola], quantity: ['1'] }); // arrays where scalars go
    case 5: {
      // A product otherwise valid, one field hostile: reaches the admin product checks and writes.
      const field = rng.pick(['itemNumber', 'upcs', 'qtyDiscounts', 'categoryId', 'subcategoryId', 'vendorId', 'price1Cents']);
      return JSON.stringify({ itemNumber: `H-${rng.int(1e6)}`, description: 'Hostile', [field]: jsonValue(rng, 1) });
    }
    case 6: {
      // A bulk edit otherwise valid, one part hostile.
      const change = rng.pick([
        { kind: 'pricePercent', percent: jsonValue(rng, 1), levels: [1] },
        { kind: 'flags', flags: { [rng.pick(['showLowStock', '__proto__', 'x'])]: jsonValue(rng, 1) } },
        { kind: 'category', categoryId: jsonValue(rng, 1), subcategoryId: null },
        { kind: jsonValue(rng, 1) },
      ]);
      return JSON.stringify({ ids: rng.chance(0.5) ? [P.cola] : jsonValue(rng, 1), change });
    }
    case 7:
      // A promotion or banner that is nearly valid: each field in turn hostile.
      return JSON.stringify({
        title: rng.pick(['Sale', '', 'x'.repeat(5000), 42]),
        discountType: rng.pick(['percent', 'amount', 'none', 'bogus', null]),
        discountValue: rng.pick([10, -1, 1e308, '10', 0.001, null]),
        promoted: rng.pick([true, 'yes', null]),
        targets: rng.pick([
          { productIds: [P.cola] },
          { brands: ['%', "' or 1=1 --"] },
          { productIds: Array(600).fill('p') },
          [],
          'x',
        ]),
        audience: rng.pick([{ type: 'routes', values: ['101'] }, { type: 'priceLevels', values: ['0'] }, { type: 'x' }, null]),
        imageUrl: rng.pick(['/a.png', 'javascript:alert(1)', '', 7]),
        linkUrl: rng.pick(['https://x.test', 'data:x', null]),
        startsAt: rng.pick(['2026-03-01T00:00:00Z', '2026-13-45T99:00:00Z', '', 'now', 1e12]),
        endsAt: rng.pick(['2026-03-02T00:00:00Z', '2020-01-01T00:00:00Z', '', null, {}]),
      });
    case 8: {
      // A store's terms otherwise valid, one field hostile: reaches the admin retailer checks and writes.
      const field = rng.pick([
        'cNumber',
        'salesRepId',
        'priceClass',
        'orderDay',
        'minOrderCents',
        'deliveryChargeRule',
        'deliveryChargeCents',
        'taxExempt',
        'notes',
      ]);
      return JSON.stringify({
        cNumber: `H${rng.int(1e6)}`,
        companyName: 'Hostile Mart',
        contactName: 'Hostile',
        [field]: jsonValue(rng, 1),
      });
    }
    default:
      return JSON.stringify(jsonValue(rng));
  }
}

const UPLOAD_ROUTE = '/api/admin/media/images';
const JPEG_START = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01]);
const PNG_START = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** A hostile file for the image upload: never a whole valid image, whatever its name and declared type. */
function hostileFile(rng: Rng): Buffer {
  switch (rng.int(8)) {
    case 0:
      return Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>');
    case 1:
      return Buffer.from('<!doctype html><script>alert(document.cookie)</script>');
    case 2:
      return Buffer.concat([JPEG_START, Buffer.alloc(rng.int(2000), 0xff)]); // a JPEG header, then nothing
    case 3:
      return Buffer.concat([PNG_START, Buffer.from('IHDR'), Buffer.alloc(rng.int(500))]); // a PNG cut short
    case 4:
      return Buffer.concat([Buffer.from('GIF89a'), Buffer.from([0xff, 0xff, 0xff, 0xff])]); // 65535 × 65535 declared
    case 5:
      return Buffer.concat([JPEG_START, Buffer.alloc(5 * 1024 * 1024 + rng.int(1000))]); // over 5 MB
    case 6:
      return Buffer.alloc(0);
    default:
      return Buffer.from(rng.pick(SCALARS));
  }
}

/** A multipart form as bytes for the image upload: hostile files, names, boundaries and part counts. */
function multipartBody(rng: Rng): { contentType: string; payload: Buffer } {
  const boundary = rng.pick(['b0undary', 'x', '-'.repeat(70), 'a b', 'ü']);
  const contentType = rng.chance(0.85)
    ? `multipart/form-data; boundary=${boundary}`
    : rng.pick(['multipart/form-data', 'multipart/form-data; boundary=', 'multipart/mixed; boundary=b0undary']);
  const name = () =>
    rng.pick(['x.png', '../../etc/passwd', 'a"; name="b', 'ü漢字.jpg', '\u202Egpj.exe', 'x'.repeat(3000), '', 'con.jpg']);
  const parts: Buffer[] = [];
  const count = rng.chance(0.2) ? 5 + rng.int(30) : 1 + rng.int(2); // sometimes over the parts limit
  for (let i = 0; i < count; i++) {
    const head =
      rng.int(6) === 0
        ? `--${boundary}\r\nContent-Type: image/png\r\n\r\n` // no Content-Disposition
        : `--${boundary}\r\nContent-Disposition: form-data; name="${rng.pick(['file', 'image', '', 'x'.repeat(200)])}"; filename="${name()}"\r\nContent-Type: ${rng.pick(['image/png', 'image/jpeg', 'image/svg+xml', 'text/html', ''])}\r\n\r\n`;
    parts.push(Buffer.from(head), hostileFile(rng), Buffer.from('\r\n'));
  }
  if (!rng.chance(0.15)) parts.push(Buffer.from(`--${boundary}--\r\n`)); // sometimes the form never ends
  return { contentType, payload: Buffer.concat(parts) };
}

/** The answer's text, decompressed when the server compressed it. */
function answerText(encoding: unknown, raw: Buffer): string {
  if (encoding === 'br') return brotliDecompressSync(raw).toString();
  if (encoding === 'gzip') return gunzipSync(raw).toString();
  if (encoding === 'deflate') return inflateSync(raw).toString();
  return raw.toString();
}

interface HostileRequest {
  method: string;
  url: string;
  headers: Record<string, string | string[]>;
  payload?: string | Buffer;
}

describe('hostile input never gets a 5xx, an answer outside the envelope or a leak', () => {
  let ctx: TestContext;
  let routes: DeclaredRoute[] = [];
  const seed = process.env.HOSTILE_SEED ? Number(process.env.HOSTILE_SEED) : Math.floor(Math.random() * 2 ** 31);
  const tokens: Record<string, string> = {};
  const histogram: Record<string, number> = {};
  const failures: string[] = [];
  let sent = 0;

  async function signIn() {
    tokens.retailer = await tokenFor(ctx, WORLD.users.retailer.id);
    tokens.sales = await tokenFor(ctx, WORLD.users.sales.id);
    tokens.admin = await tokenFor(ctx, WORLD.users.admin.id);
    await ctx.db
      .updateTable('sessions')
      .set({ current_customer_id: WORLD.customers.c10001 })
      .where('user_id', '=', WORLD.users.sales.id)
      .execute();
  }

  /** headers: lower-case names; every answer carries the security set and, under /api, no-store. */
  function record(where: string, status: number, headers: Record<string, unknown>, text: string) {
    sent++;
    histogram[status] = (histogram[status] ?? 0) + 1;
    const contentType = String(headers['content-type'] ?? '');
    const problems: string[] = [];
    if (headers['permissions-policy'] !== PERMISSIONS_POLICY) problems.push('no Permissions-Policy');
    if (!String(headers['content-security-policy'] ?? '').includes("default-src 'self'")) problems.push('no CSP');
    if (headers['x-content-type-options'] !== 'nosniff') problems.push('no nosniff');
    if (headers['cache-control'] !== 'no-store') problems.push(`Cache-Control ${String(headers['cache-control'])}`);
    if (status >= 500) problems.push(`status ${status}`);
    // File answers (an order's PDF, a CSV download) are outside the envelope, on success only.
    const isPdf = contentType.includes('application/pdf') || contentType.includes('text/csv');
    if (isPdf && status >= 300) problems.push('a file on an error');
    if (!isPdf) {
      let parsed: any;
      try {
        parsed = JSON.parse(text);
      } catch {
        parsed = undefined;
      }
      const inEnvelope =
        parsed &&
        typeof parsed === 'object' &&
        typeof parsed.message === 'string' &&
        parsed.success === status < 400 &&
        (status < 400 || typeof parsed.error?.code === 'string');
      if (!inEnvelope) problems.push('outside the envelope');
    }
    for (const [name, re] of LEAKS) if (!isPdf && re.test(text)) problems.push(`contains a ${name}`);
    if (problems.length) failures.push(`seed ${seed}, ${where} → ${status}: ${problems.join(', ')} ${text.slice(0, 200)}`);
  }

  function build(rng: Rng, i: number): HostileRequest {
    // Every route in turn, so each gets its share whatever the seed; now and then one that does not exist.
    const route =
      i % 50 === 49
        ? { method: rng.pick(['GET', 'POST', 'DELETE']), url: `/api/${rng.pick(['retailer', 'sales', 'admin', 'nope'])}/:x` }
        : routes[i % routes.length]!;
    let url = route.url.replace(/:(\w+)/g, () => (rng.chance(0.7) ? pathSegment(rng) : 'x'));
    if (rng.chance(0.5)) url += `?${queryString(rng)}`;
    const headers: Record<string, string | string[]> = {};
    // Mostly an identity the route admits, so the hostile parts reach validation and the handler.
    const rule = 'access' in route ? route.access : null;
    const fitting =
      !rule || rule.kind === 'public'
        ? 'none'
        : rule.kind === 'module'
          ? 'admin'
          : rule.kind === 'role'
            ? rng.pick(rule.roles.map((r) => (r === 'distributor' ? 'admin' : r)))
            : rng.pick(['retailer', 'sales', 'admin']);
    const who = rng.chance(0.7) ? fitting : rng.pick(['none', 'retailer', 'sales', 'admin', 'junk']);
    if (who === 'junk') {
      headers.authorization = rng.pick([
        'Bearer ',
        'Bearer a.b.c',
        'Bearer ' + 'x'.repeat(6000),
        'Basic YWRtaW46YWRtaW4=',
        'bearer ' + 'e30.e30.',
        'Bearer eyJhbGciOiJub25lIn0.eyJzaWQiOiJ4In0.',
      ]);
    } else if (who !== 'none') headers.authorization = `Bearer ${tokens[who]}`;
    if (rng.chance(0.5))
      headers['x-customer-id'] = rng.pick([
        WORLD.customers.c10001,
        WORLD.customers.c10003,
        ...SCALARS.filter((s) => !s.includes('\u0000')),
      ]);
    if (rng.chance(0.2)) headers['x-customer-number'] = rng.chance(0.5) ? ['10001', '10002'] : 'z'.repeat(rng.int(8000));
    if (rng.chance(0.2)) headers['idempotency-key'] = rng.pick(['', 'k'.repeat(7000), "'; --", 'ü']);
    if (rng.chance(0.2)) headers['accept-encoding'] = rng.pick(['br;q=x', 'gzip, *;q=0', 'x'.repeat(5000), 'identity;q=0']);
    // A client address of its own most of the time, so the sign-in routes' per-IP limit answers less often.
    if (rng.chance(0.8)) headers['x-forwarded-for'] = `10.${rng.int(250)}.${rng.int(250)}.${rng.int(250)}`;
    else if (rng.chance(0.5)) headers['x-forwarded-for'] = rng.pick(['not-an-ip', '1.1.1.1, 2.2.2.2', '::1', '999.1.1.1']);
    if (rng.chance(0.1)) headers['x-long-' + rng.int(99)] = 'v'.repeat(1000 + rng.int(7000));
    const hasBody = route.method !== 'GET' && route.method !== 'DELETE' ? rng.chance(0.9) : rng.chance(0.1);
    if (!hasBody) return { method: route.method, url, headers };
    if (route.url === UPLOAD_ROUTE && rng.chance(0.7)) {
      const form = multipartBody(rng);
      headers['content-type'] = form.contentType;
      return { method: route.method, url, headers, payload: form.payload };
    }
    headers['content-type'] = rng.chance(0.6) ? 'application/json' : rng.pick(CONTENT_TYPES);
    return { method: route.method, url, headers, payload: body(rng) };
  }

  beforeAll(async () => {
    ctx = await createCatalogContext();
    routes = ctx.app.routeAccess.filter((r) => r.method !== 'HEAD');
    await signIn();
    await ctx.app.listen({ host: '127.0.0.1', port: PORT });
  });
  afterAll(async () => {
    console.log(
      `hostile input: seed ${seed} (HOSTILE_SEED=${seed} replays), ${sent} requests, statuses ${JSON.stringify(histogram)}`,
    );
    await ctx.close();
  });

  it(`sends ${INJECTED_REQUESTS} generated requests over every route`, async () => {
    expect(routes.length).toBeGreaterThanOrEqual(75);
    const rng = prng(seed);
    for (let i = 0; i < INJECTED_REQUESTS; i++) {
      const req = build(rng, i);
      const res = await ctx.app.inject({ method: req.method as 'GET', url: req.url, headers: req.headers, payload: req.payload });
      const text = answerText(res.headers['content-encoding'], res.rawPayload);
      record(`#${i} ${req.method} ${req.url.slice(0, 120)}`, res.statusCode, res.headers, text);
      // A hostile call may still sign a session out; the next ones need theirs.
      if (res.statusCode < 300 && (req.url.startsWith('/api/auth/logout') || req.url.startsWith('/api/sales/devices/')))
        await signIn();
    }
    expect(failures).toEqual([]);
  }, 240_000);

  it(`sends ${SOCKET_REQUESTS} raw requests inject() cannot express, over a socket`, async () => {
    const rng = prng(seed ^ 0x5eed);
    const raw = (head: string) =>
      new Promise<{ status: number; headers: Record<string, string>; body: string }>((resolve, reject) => {
        const socket = connect(PORT, '127.0.0.1', () => socket.write(head));
        let data = '';
        socket.setEncoding('latin1');
        socket.on('data', (chunk) => (data += chunk));
        socket.on('error', reject);
        socket.on('close', () => {
          const at = data.indexOf('\r\n\r\n');
          const top = data.slice(0, at);
          const headers: Record<string, string> = {};
          for (const line of top.split('\r\n').slice(1)) {
            const colon = line.indexOf(':');
            headers[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim();
          }
          let text = data.slice(at + 4);
          // A chunked answer: keep only the chunks' data.
          if (/transfer-encoding: *chunked/i.test(top)) text = text.replace(/(^|\r\n)[0-9a-f]+\r\n/gi, '');
          resolve({ status: Number(data.split(' ')[1]), headers, body: text });
        });
      });
    for (let i = 0; i < SOCKET_REQUESTS; i++) {
      const route = routes[rng.int(routes.length)]!;
      const path = route.url.replace(/:(\w+)/g, () => pathSegment(rng));
      const kind = rng.int(6);
      const head =
        kind === 0
          ? `${route.method} ${path} HTTP/1.1\r\nHost: x\r\nX-Big: ${'h'.repeat(17_000 + rng.int(20_000))}\r\nConnection: close\r\n\r\n` // 431
          : kind === 1
            ? `${route.method} ${path}?q=${'u'.repeat(9_000 + rng.int(30_000))} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n` // 414 or 431
            : kind === 2
              ? `${route.method} ${path}\u0000x HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n` // NUL in the target
              : kind === 3
                ? `${route.method} ${path} HTTP/1.1\r\nHost: x\r\nBad Header: ${rng.pick(SCALARS)}\r\nConnection: close\r\n\r\n` // malformed header
                : kind === 4
                  ? `${route.method} ${path} HTTP/1.1\r\nHost: x\r\nContent-Length: ${rng.pick(['-1', 'zz', '1, 2', '99999999999999999999'])}\r\nConnection: close\r\n\r\n{}`
                  : `${route.method} /api/${'%'.repeat(1 + rng.int(5))}${rng.pick(['zz', 'E0%A4', ''])} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`;
      const res = await raw(head);
      record(`socket #${i} kind ${kind} ${route.method} ${path.slice(0, 80)}`, res.status, res.headers, res.body);
    }
    expect(failures).toEqual([]);
  });

  it('answers hostile /media keys with a refusal in the envelope, never a file outside storage', async () => {
    const rng = prng(seed ^ 0x3ed1a);
    const problems: string[] = [];
    for (let i = 0; i < 300; i++) {
      const key = Array.from({ length: 1 + rng.int(3) }, () => pathSegment(rng)).join(rng.pick(['/', '%2F', '%5C', '']));
      const url = `/media/${key}${rng.chance(0.3) ? rng.pick(['.jpg', '-thumb.webp', '.svg', '%00.png']) : ''}`;
      const res = await ctx.app.inject({ method: rng.pick(['GET', 'HEAD']) as 'GET', url });
      sent++;
      histogram[res.statusCode] = (histogram[res.statusCode] ?? 0) + 1;
      const where = `seed ${seed}, /media #${i} ${url.slice(0, 120)} → ${res.statusCode}`;
      if (res.statusCode !== 404 && res.statusCode !== 400 && res.statusCode !== 414) problems.push(`${where}: status`);
      if (res.headers['x-content-type-options'] !== 'nosniff') problems.push(`${where}: no nosniff`);
      if (!String(res.headers['content-security-policy'] ?? '').includes("default-src 'self'")) problems.push(`${where}: no CSP`);
      // Never cached for a year: only a stored image is (a miss of a key-shaped name is no-store: media.test.ts).
      if (String(res.headers['cache-control'] ?? '').includes('immutable')) problems.push(`${where}: cached as an image`);
      if (res.body && !String(res.headers['content-type']).startsWith('application/json')) problems.push(`${where}: not JSON`);
      if (res.body && JSON.parse(res.body).success !== false) problems.push(`${where}: not a refusal in the envelope`);
      for (const [name, re] of LEAKS) if (re.test(res.body)) problems.push(`${where}: contains a ${name}`);
    }
    expect(problems).toEqual([]);
  });

  it('sent at least 5,000 requests in all', () => {
    expect(sent).toBeGreaterThanOrEqual(5_000);
  });
});

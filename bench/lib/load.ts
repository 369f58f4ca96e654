// One load phase with autocannon, and the figures of one or more phases of the same route taken
// together (a route measured in slices, alternating with the baseline: see api-bench.ts).
import autocannon, { type Request } from 'autocannon';

export interface RouteFigures {
  method: string;
  path: string;
  connections: number;
  /** Seconds measured (all slices together). */
  seconds: number;
  /** How many runs these figures add up (slices alternating with the baseline's). */
  slices: number;
  requests: number;
  ok: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  /** Answered 2xx requests per second over the measured seconds. */
  requestsPerSecond: number;
  /** Latency of the 2xx answers, over every slice. */
  p50Ms: number;
  p90Ms: number;
  p99Ms: number;
  maxMs: number;
  /** Server CPU time per answered request (user + system), less sensitive to a busy machine than throughput. */
  serverCpuMsPerRequest: number | null;
}

/** One autocannon run as it was measured. */
export interface LoadRun {
  method: string;
  path: string;
  connections: number;
  seconds: number;
  requests: number;
  ok: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  /** Server CPU seconds used during the run, or null when unknown. */
  serverCpuSeconds: number | null;
  /** Every 2xx answer's latency. */
  latenciesMs: Float64Array;
}

export interface LoadOptions {
  /** One server, or several (API instances on one database): the connections are spread over them in turn. */
  url: string | string[];
  method: 'GET' | 'POST';
  path: string;
  connections: number;
  /** Measured seconds; ignored when `amount` is given. */
  duration?: number;
  /** Exactly this many requests (placeOrder: one per prepared cart). */
  amount?: number;
  headers?: Record<string, string>;
  /** Called for every request sent: returns its headers and body. `context` is its connection's (one request in flight each). */
  next?: (context: Record<string, unknown>) => { headers?: Record<string, string>; body?: string };
  /** Called with each answer and the context of the connection that sent it. */
  onResponse?: (status: number, body: string, context: Record<string, unknown>) => void;
  /** With `amount`: stop after this many seconds even if not all were sent (requests in flight are left unanswered). */
  maxSeconds?: number;
  /** The server's CPU seconds so far, to charge each phase its share. */
  serverCpu?: () => number | null;
}

/**
 * What every browser sends with each request, and so does every request of the benchmark: answers
 * over 1 KB come back compressed, as they do to the web app.
 */
export const BROWSER_ACCEPT_ENCODING = 'gzip, deflate, br, zstd';

function requestsOf(o: LoadOptions): Request[] {
  const headers = { 'accept-encoding': BROWSER_ACCEPT_ENCODING, ...(o.headers ?? {}) };
  return [
    {
      method: o.method,
      path: o.path,
      headers,
      ...(o.next
        ? {
            setupRequest: (req: Request, context: Record<string, unknown>) => {
              const n = o.next!(context);
              return {
                ...req,
                headers: { ...req.headers, ...(n.headers ?? {}) },
                ...(n.body !== undefined ? { body: n.body } : {}),
              };
            },
          }
        : {}),
      ...(o.onResponse
        ? {
            onResponse: (status: number, body: string, context: Record<string, unknown>) => o.onResponse!(status, body, context),
          }
        : {}),
    },
  ];
}

export async function runLoad(o: LoadOptions): Promise<LoadRun> {
  const cpuBefore = o.serverCpu?.() ?? null;
  const run = autocannon({
    url: Array.isArray(o.url) && o.url.length === 1 ? o.url[0]! : o.url,
    connections: o.connections,
    ...(o.amount !== undefined ? { amount: o.amount } : { duration: o.duration ?? 10 }),
    timeout: 30,
    pipelining: 1,
    // A timed run stops at the first sample after its duration: every 100 ms rather than every second,
    // so a 2-second slice lasts 2 seconds, not 3.
    sampleInt: 100,
    requests: requestsOf(o),
  });
  // With `amount`, autocannon notices the last answer only at its next sample, so its duration rounds
  // up: time the run to its last answer instead.
  let startedAt = performance.now();
  let lastAnswerAt = startedAt;
  const latencies: number[] = [];
  run.on('start', () => (startedAt = performance.now()));
  run.on('response', (_client, status, _bytes, ms) => {
    lastAnswerAt = performance.now();
    if (status >= 200 && status < 300) latencies.push(ms);
  });
  const cap = o.maxSeconds !== undefined ? setTimeout(() => run.stop(), o.maxSeconds * 1000) : undefined;
  const result = await run;
  clearTimeout(cap);
  const cpuAfter = o.serverCpu?.() ?? null;
  return {
    method: o.method,
    path: o.path,
    connections: o.connections,
    seconds: o.amount !== undefined ? (lastAnswerAt - startedAt) / 1000 : result.duration,
    requests: result.requests.total,
    ok: result['2xx'],
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    serverCpuSeconds: cpuBefore !== null && cpuAfter !== null ? cpuAfter - cpuBefore : null,
    latenciesMs: Float64Array.from(latencies),
  };
}

/** The latency below which `p` of the sorted values lie (nearest rank). */
function percentile(sorted: Float64Array, p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))]!;
}

/** The figures of these runs of one route taken together: counts and seconds added, latencies pooled. */
export function figuresOf(runs: readonly LoadRun[]): RouteFigures {
  const first = runs[0]!;
  const sum = (f: (r: LoadRun) => number) => runs.reduce((n, r) => n + f(r), 0);
  const seconds = sum((r) => r.seconds);
  const ok = sum((r) => r.ok);
  const latencies = new Float64Array(sum((r) => r.latenciesMs.length));
  let at = 0;
  for (const r of runs) {
    latencies.set(r.latenciesMs, at);
    at += r.latenciesMs.length;
  }
  latencies.sort();
  const cpu = runs.every((r) => r.serverCpuSeconds !== null) ? sum((r) => r.serverCpuSeconds!) : null;
  return {
    method: first.method,
    path: first.path,
    connections: first.connections,
    seconds: round(seconds, 2),
    slices: runs.length,
    requests: sum((r) => r.requests),
    ok,
    non2xx: sum((r) => r.non2xx),
    errors: sum((r) => r.errors),
    timeouts: sum((r) => r.timeouts),
    requestsPerSecond: seconds > 0 ? round(ok / seconds, 1) : 0,
    p50Ms: round(percentile(latencies, 0.5), 1),
    p90Ms: round(percentile(latencies, 0.9), 1),
    p99Ms: round(percentile(latencies, 0.99), 1),
    maxMs: round(latencies.length ? latencies[latencies.length - 1]! : 0, 1),
    serverCpuMsPerRequest: cpu !== null && ok > 0 ? round((cpu * 1000) / ok, 3) : null,
  };
}

export const round = (n: number, digits: number) => Math.round(n * 10 ** digits) / 10 ** digits;

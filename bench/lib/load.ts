// One load phase with autocannon: a warm-up that is thrown away, then the measured run.
import autocannon, { type Request, type Result } from 'autocannon';

export interface RouteFigures {
  method: string;
  path: string;
  connections: number;
  /** Seconds of the measured run. */
  seconds: number;
  requests: number;
  ok: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  /** Answered 2xx requests per second over the measured run. */
  requestsPerSecond: number;
  p50Ms: number;
  p90Ms: number;
  p99Ms: number;
  maxMs: number;
  /** Server CPU time per answered request (user + system), less sensitive to a busy machine than throughput. */
  serverCpuMsPerRequest: number | null;
}

export interface LoadOptions {
  url: string;
  method: 'GET' | 'POST';
  path: string;
  connections: number;
  /** Measured seconds; ignored when `amount` is given. */
  duration?: number;
  /** Exactly this many requests (placeOrder: one per prepared cart). */
  amount?: number;
  headers?: Record<string, string>;
  /** Called for every request sent: returns its headers and body. */
  next?: () => { headers?: Record<string, string>; body?: string };
  onResponse?: (status: number, body: string) => void;
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
            setupRequest: (req: Request) => {
              const n = o.next!();
              return {
                ...req,
                headers: { ...req.headers, ...(n.headers ?? {}) },
                ...(n.body !== undefined ? { body: n.body } : {}),
              };
            },
          }
        : {}),
      ...(o.onResponse ? { onResponse: (status: number, body: string) => o.onResponse!(status, body) } : {}),
    },
  ];
}

export async function runLoad(o: LoadOptions): Promise<RouteFigures> {
  const cpuBefore = o.serverCpu?.() ?? null;
  const run = autocannon({
    url: o.url,
    connections: o.connections,
    ...(o.amount !== undefined ? { amount: o.amount } : { duration: o.duration ?? 10 }),
    timeout: 30,
    pipelining: 1,
    requests: requestsOf(o),
  });
  // With `amount`, autocannon notices the last answer only at its next one-second tick, so its duration
  // rounds up to whole seconds (up to 10% on a 10-second run): time the run to its last answer instead.
  let startedAt = performance.now();
  let lastAnswerAt = startedAt;
  run.on('start', () => (startedAt = performance.now()));
  run.on('response', () => (lastAnswerAt = performance.now()));
  const result: Result = await run;
  const cpuAfter = o.serverCpu?.() ?? null;
  const ok = result['2xx'];
  const seconds = o.amount !== undefined ? (lastAnswerAt - startedAt) / 1000 : result.duration;
  return {
    method: o.method,
    path: o.path,
    connections: o.connections,
    seconds: round(seconds, 2),
    requests: result.requests.total,
    ok,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    requestsPerSecond: round(ok / seconds, 1),
    p50Ms: result.latency.p50,
    p90Ms: result.latency.p90,
    p99Ms: result.latency.p99,
    maxMs: result.latency.max,
    serverCpuMsPerRequest:
      cpuBefore !== null && cpuAfter !== null && ok > 0 ? round(((cpuAfter - cpuBefore) * 1000) / ok, 3) : null,
  };
}

export const round = (n: number, digits: number) => Math.round(n * 10 ** digits) / 10 ** digits;

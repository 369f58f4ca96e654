// The part of autocannon's programmatic API the benchmark uses (the package ships no types).
declare module 'autocannon' {
  export interface Histogram {
    average: number;
    mean: number;
    stddev: number;
    min: number;
    max: number;
    p50: number;
    p90: number;
    p99: number;
    total: number;
  }
  export interface Request {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    body?: string | Buffer;
    setupRequest?: (request: Request, context: Record<string, unknown>) => Request | null | undefined;
    onResponse?: (status: number, body: string, context: Record<string, unknown>, headers: Record<string, string>) => void;
  }
  export interface Options {
    /** Several URLs: the connections are spread over them in turn. */
    url: string | string[];
    connections?: number;
    duration?: number;
    amount?: number;
    timeout?: number;
    pipelining?: number;
    method?: string;
    headers?: Record<string, string>;
    body?: string;
    requests?: Request[];
    /** Milliseconds between samples; a timed run stops at the first sample after its duration. */
    sampleInt?: number;
  }
  export interface Result {
    latency: Histogram;
    requests: Histogram & { sent: number };
    throughput: Histogram;
    duration: number;
    errors: number;
    timeouts: number;
    non2xx: number;
    '1xx': number;
    '2xx': number;
    '3xx': number;
    '4xx': number;
    '5xx': number;
    start: Date;
    finish: Date;
  }
  /** The run: a promise of its result that also emits 'start' and 'response' events. */
  type Run = Promise<Result> & {
    stop(): void;
    on(event: 'start', listener: () => void): void;
    on(event: 'response', listener: (client: unknown, status: number, bytes: number, responseTimeMs: number) => void): void;
  };
  function autocannon(options: Options): Run;
  export default autocannon;
}

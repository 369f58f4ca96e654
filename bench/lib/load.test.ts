import { describe, expect, it } from 'vitest';
import { figuresOf, type LoadRun } from './load.ts';

const run = (over: Partial<LoadRun>): LoadRun => ({
  method: 'GET',
  path: '/api/health',
  connections: 32,
  seconds: 2,
  requests: 0,
  ok: 0,
  non2xx: 0,
  errors: 0,
  timeouts: 0,
  serverCpuSeconds: 0,
  latenciesMs: new Float64Array(),
  ...over,
});

describe('figuresOf', () => {
  it('adds up the slices of a route: counts, seconds, throughput and CPU per answer', () => {
    const f = figuresOf([
      run({ seconds: 2, requests: 2000, ok: 1990, non2xx: 10, serverCpuSeconds: 0.5 }),
      run({ seconds: 2.5, requests: 3000, ok: 3000, timeouts: 1, serverCpuSeconds: 0.75 }),
    ]);
    expect(f).toMatchObject({
      slices: 2,
      seconds: 4.5,
      requests: 5000,
      ok: 4990,
      non2xx: 10,
      timeouts: 1,
      requestsPerSecond: 1108.9, // 4,990 answers in 4.5 s
      serverCpuMsPerRequest: 0.251, // 1.25 s of CPU over 4,990 answers
    });
  });

  it('takes percentiles over every answer of every slice, not an average of each slice’s', () => {
    // A slow slice of 20 answers (40–59 ms) beside a fast one of 980 (1–2 ms): of the 1,000 answers
    // the 990th is the slow slice's 10th.
    const fast = Float64Array.from({ length: 980 }, (_, i) => 1 + i / 1000);
    const slow = Float64Array.from({ length: 20 }, (_, i) => 40 + i);
    const f = figuresOf([run({ ok: 980, latenciesMs: fast }), run({ ok: 20, latenciesMs: slow })]);
    expect(f.p50Ms).toBe(1.5);
    expect(f.p99Ms).toBe(49);
    expect(f.maxMs).toBe(59);
  });

  it('knows no CPU figure when a slice has none', () => {
    expect(
      figuresOf([run({ ok: 5, serverCpuSeconds: 1 }), run({ ok: 5, serverCpuSeconds: null })]).serverCpuMsPerRequest,
    ).toBeNull();
  });
});

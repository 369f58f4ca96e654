// Loaded into the API server's process by the benchmark only (bundled to plain JavaScript and started as
// `node --import PROBE.mjs apps/api/dist/main.js`, see server.ts), never by production: it
// watches the event loop and answers the benchmark over the IPC channel the benchmark opened, so no
// HTTP route is added. Without that channel it does nothing.
//
// Two figures, because this machine is shared: a gap between two turns of the event loop is a block
// of the server's own making (JavaScript, a synchronous database call) or time its thread was ready
// but waited for a CPU other processes held. `maxMs` (perf_hooks.monitorEventLoopDelay) is the whole
// longest gap, what a request waited behind; `maxBlockMs` leaves out the thread's wait for a CPU,
// read from the kernel (/proc/self/task/<pid>/schedstat: run time and run-queue wait of the main
// thread, in ns), so it is the same on an idle and on a busy machine.
import { readFileSync } from 'node:fs';
import { monitorEventLoopDelay, PerformanceObserver } from 'node:perf_hooks';
import { setFlagsFromString } from 'node:v8';
import { blockOf } from './plan.ts';

/** What the benchmark asks: the figures since the last reset, then optionally a reset. */
export interface EventLoopQuery {
  type: 'event-loop';
  id: number;
  reset: boolean;
}

export interface EventLoopAnswer {
  type: 'event-loop';
  id: number;
  /** The longest gap between two turns of the event loop, within RESOLUTION_MS. */
  maxMs: number;
  p99Ms: number;
  meanMs: number;
  /** The longest gap less the main thread's wait for a CPU in it, within TICK_MS; null off Linux. */
  maxBlockMs: number | null;
  /** The garbage collector's longest pause of the main thread (a block this long or shorter may be it). */
  maxGcMs: number;
  samples: number;
  /** The main thread's JavaScript heap now, MB: what V8 holds from the system, and what is in use. */
  heapMb: { committed: number; used: number };
}

/** monitorEventLoopDelay's interval: a 1 ms timer bounds the error of `maxMs` to 1 ms. */
export const RESOLUTION_MS = 1;
/** The schedstat timer's interval (a file read each time: 200 a second cost well under 1% of a core). */
export const TICK_MS = 5;

if (process.send) {
  // BENCH_TRACE_GC=1: one line per collection in the server's log; =nvp: with each pause's phases
  // (bench/README.md, step 7).
  if (process.env.BENCH_TRACE_GC) setFlagsFromString(process.env.BENCH_TRACE_GC === 'nvp' ? '--trace-gc-nvp' : '--trace-gc');
  const histogram = monitorEventLoopDelay({ resolution: RESOLUTION_MS });
  histogram.enable();
  const schedstat = `/proc/self/task/${process.pid}/schedstat`;
  const waitedNs = (): number | null => {
    try {
      return Number(readFileSync(schedstat, 'utf8').split(' ')[1]);
    } catch {
      return null;
    }
  };
  let maxBlockMs: number | null = waitedNs() === null ? null : 0;
  if (maxBlockMs !== null) {
    let lastAt = performance.now();
    let lastWaited = waitedNs()!;
    const tick = () => {
      const at = performance.now();
      const waited = waitedNs() ?? lastWaited;
      maxBlockMs = Math.max(maxBlockMs ?? 0, blockOf(at - lastAt, TICK_MS, (waited - lastWaited) / 1e6));
      lastAt = at;
      lastWaited = waited;
      setTimeout(tick, TICK_MS).unref();
    };
    setTimeout(tick, TICK_MS).unref();
  }
  let maxGcMs = 0;
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) maxGcMs = Math.max(maxGcMs, e.duration);
  }).observe({ entryTypes: ['gc'] });
  const heapNowMb = () => {
    const m = process.memoryUsage();
    return { committed: Math.round(m.heapTotal / 1e6), used: Math.round(m.heapUsed / 1e6) };
  };
  const ms = (ns: number) => Math.round(ns / 1e4) / 100;
  process.on('message', (m: Partial<EventLoopQuery>) => {
    if (m?.type !== 'event-loop' || typeof m.id !== 'number') return;
    const answer: EventLoopAnswer = {
      type: 'event-loop',
      id: m.id,
      maxMs: histogram.count > 0 ? ms(histogram.max) : 0,
      p99Ms: histogram.count > 0 ? ms(histogram.percentile(99)) : 0,
      meanMs: histogram.count > 0 ? ms(histogram.mean) : 0,
      maxBlockMs: maxBlockMs === null ? null : Math.round(maxBlockMs * 100) / 100,
      maxGcMs: Math.round(maxGcMs * 100) / 100,
      samples: histogram.count,
      heapMb: heapNowMb(),
    };
    if (m.reset) {
      histogram.reset();
      if (maxBlockMs !== null) maxBlockMs = 0;
      maxGcMs = 0;
    }
    process.send!(answer);
  });
  // The channel must not keep the server alive once main.ts has closed everything else.
  process.channel?.unref();
}

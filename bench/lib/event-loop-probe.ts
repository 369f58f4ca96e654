// Loaded into the API server's process by the benchmark only (`node --import tsx --import
// ./bench/lib/event-loop-probe.ts apps/api/src/main.ts`, see server.ts), never by production: it
// watches the event loop with perf_hooks.monitorEventLoopDelay and answers the benchmark over the
// IPC channel the benchmark opened, so no HTTP route is added. Without that channel it does nothing.
import { monitorEventLoopDelay } from 'node:perf_hooks';

/** What the benchmark asks: the figures since the last reset, then optionally a reset. */
export interface EventLoopQuery {
  type: 'event-loop';
  id: number;
  reset: boolean;
}

export interface EventLoopAnswer {
  type: 'event-loop';
  id: number;
  /** The longest gap between two turns of the sampling timer: the longest block, plus at most RESOLUTION_MS. */
  maxMs: number;
  p99Ms: number;
  meanMs: number;
  samples: number;
}

/** Sampling interval: a 1 ms timer costs nothing measurable and bounds the error of `maxMs` to 1 ms. */
export const RESOLUTION_MS = 1;

if (process.send) {
  const histogram = monitorEventLoopDelay({ resolution: RESOLUTION_MS });
  histogram.enable();
  const ms = (ns: number) => Math.round(ns / 1e4) / 100;
  process.on('message', (m: Partial<EventLoopQuery>) => {
    if (m?.type !== 'event-loop' || typeof m.id !== 'number') return;
    const answer: EventLoopAnswer = {
      type: 'event-loop',
      id: m.id,
      maxMs: histogram.count > 0 ? ms(histogram.max) : 0,
      p99Ms: histogram.count > 0 ? ms(histogram.percentile(99)) : 0,
      meanMs: histogram.count > 0 ? ms(histogram.mean) : 0,
      samples: histogram.count,
    };
    if (m.reset) histogram.reset();
    process.send!(answer);
  });
  // The channel must not keep the server alive once main.ts has closed everything else.
  process.channel?.unref();
}

// Starts the real API the way production does (the bundle `npm start` runs, apps/api/dist/main.js, in its
// own Node process, APP_MODE=production) on a free 127.0.0.1 port, and stops it again. The benchmark's
// event-loop probe (event-loop-probe.ts, bundled to plain JavaScript too) is loaded into the process and
// answers over an IPC channel.
import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { build } from 'esbuild';
import { buildApi } from '../../scripts/build-api.mjs';
import { API_NODE_FLAGS, MALLOC_ARENAS } from '../../scripts/start.mjs';
import type { EventLoopAnswer } from './event-loop-probe.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
export const HOST = '127.0.0.1';

export interface StartUp {
  /** Seconds from spawning the process to its log line "Server listening at …". */
  listeningSeconds: number | null;
  /** Seconds from spawning the process to its log line "catalogue ready…", when it writes one. */
  catalogueReadySeconds: number | null;
  /** Seconds from spawning the process to its first answered /api/health. */
  firstAnswerSeconds: number;
}

export interface EventLoopFigures {
  /** The longest gap between two turns of the event loop (wall clock). */
  maxMs: number;
  /** The same less the main thread's wait for a CPU: the server's own longest block (null off Linux). */
  maxBlockMs: number | null;
  /** The garbage collector's longest pause of the main thread. */
  maxGcMs: number;
  p99Ms: number;
  meanMs: number;
  /** The main thread's JavaScript heap when asked, MB (committed: held from the system). */
  heapMb?: { committed: number; used: number };
}

export interface RunningServer {
  url: string;
  pid: number;
  startUp: StartUp;
  /** CPU seconds the server process has used so far (user + system), or null off Linux. */
  cpuSeconds(): number | null;
  /** Resident memory now and at its peak, in MB, or null off Linux. */
  memoryMb(): { rss: number; peak: number; anon: number; file: number } | null;
  /** The event loop's delays since the last reset (or start), then a reset when asked. */
  /** (null when the server did not answer within `timeoutMs`: its event loop is blocked). */
  eventLoop(reset: boolean, timeoutMs?: number): Promise<EventLoopFigures | null>;
  logFile: string;
  stop(): Promise<void>;
  /** The last lines the server wrote (for error reports). */
  tail(lines?: number): string;
}

/** A port nobody listens on right now (asked of the OS), never 3000 or 5173. */
export async function freePort(): Promise<number> {
  for (;;) {
    const port = await new Promise<number>((resolve, reject) => {
      const probe = createServer();
      probe.once('error', reject);
      probe.listen(0, HOST, () => {
        const address = probe.address();
        probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
      });
    });
    if (port && port !== 3000 && port !== 5173) return port;
  }
}

let built: Promise<{ entry: string; probe: string }> | undefined;

/** The API's bundle and the probe as plain JavaScript, built once per benchmark (no TypeScript loader). */
function buildOnce(): Promise<{ entry: string; probe: string }> {
  built ??= (async () => {
    const entry = await buildApi();
    const probe = path.join(mkdtempSync(path.join(tmpdir(), 'portal-bench-probe-')), 'event-loop-probe.mjs');
    await build({
      entryPoints: [path.join(import.meta.dirname, 'event-loop-probe.ts')],
      outfile: probe,
      bundle: true,
      platform: 'node',
      format: 'esm',
      logLevel: 'warning',
    });
    return { entry, probe };
  })();
  return built;
}

const running = new Set<ChildProcess>();
// Never leave a server behind, whatever way the benchmark ends.
process.on('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});

/** Seconds from `since` (epoch ms) to the first pino log line whose message starts with `prefix`. */
export function logLineSeconds(log: string, prefix: string, since: number): number | null {
  for (const line of log.split('\n')) {
    if (!line.startsWith('{')) continue;
    try {
      const entry = JSON.parse(line) as { msg?: unknown; time?: unknown };
      if (typeof entry.msg === 'string' && entry.msg.startsWith(prefix) && typeof entry.time === 'number')
        return Math.round((entry.time - since) / 100) / 10;
    } catch {
      // not a log entry
    }
  }
  return null;
}

export async function startServer(opts: {
  dataDir: string;
  /** Log file name inside dataDir (one per instance). */
  name?: string;
  jwtSecret: string;
  logLevel: string;
  /** PostgreSQL: the server's DATABASE_URL; SQLite (the default): DATA_DIR/portal.sqlite. */
  databaseUrl?: string;
  cpuProfileDir?: string;
}): Promise<RunningServer> {
  const { entry, probe } = await buildOnce();
  const port = await freePort();
  const url = `http://${HOST}:${port}`;
  // Request logs go to a file, as a production service's would; piping them here would cost this process CPU.
  const logFile = path.join(opts.dataDir, `${opts.name ?? 'server'}.log`);
  const log = openSync(logFile, 'a');
  const env: NodeJS.ProcessEnv = {
    MALLOC_ARENA_MAX: MALLOC_ARENAS, // as npm start runs it
    ...process.env,
    APP_MODE: 'production',
    HOST,
    PORT: String(port),
    DATA_DIR: opts.dataDir,
    JWT_SECRET: opts.jwtSecret,
    LOG_LEVEL: opts.logLevel,
    PUBLIC_URL: url,
    NODE_ENV: 'production',
  };
  // One machine: no outside database, Redis or mail server even if the shell names one.
  delete env.DATABASE_URL;
  delete env.REDIS_URL;
  delete env.SMTP_URL;
  if (opts.databaseUrl) env.DATABASE_URL = opts.databaseUrl;
  const spawnedAt = Date.now();
  const child = spawn(
    process.execPath,
    [
      ...API_NODE_FLAGS, // as npm start runs it
      ...(opts.cpuProfileDir ? ['--cpu-prof', `--cpu-prof-dir=${opts.cpuProfileDir}`] : []),
      '--import',
      probe,
      entry,
    ],
    { cwd: ROOT, env, stdio: ['ignore', log, log, 'ipc'] },
  );
  closeSync(log);
  running.add(child);
  let exited: number | null = null;
  const exit = new Promise<void>((resolve) =>
    child.once('exit', (code, signal) => {
      exited = code ?? (signal ? 128 : 1);
      running.delete(child);
      resolve();
    }),
  );
  const tail = (lines = 30) => {
    try {
      return readFileSync(logFile, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
    } catch {
      return '';
    }
  };

  const deadline = Date.now() + 180_000;
  for (;;) {
    if (exited !== null) throw new Error(`The server exited with code ${exited} before it was ready:\n${tail()}`);
    try {
      const res = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(2000) });
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`The server did not answer /api/health within 3 minutes:\n${tail()}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  const firstAnswerSeconds = Math.round((Date.now() - spawnedAt) / 100) / 10;
  const logText = readFileSync(logFile, 'utf8');
  const startUp: StartUp = {
    listeningSeconds: logLineSeconds(logText, 'Server listening at', spawnedAt),
    catalogueReadySeconds: logLineSeconds(logText, 'catalogue ready', spawnedAt),
    firstAnswerSeconds,
  };

  let nextId = 1;
  const eventLoop = (reset: boolean, timeoutMs = 10_000) =>
    new Promise<EventLoopFigures | null>((resolve) => {
      if (exited !== null || !child.connected) return resolve(null);
      const id = nextId++;
      const timer = setTimeout(() => {
        child.off('message', onMessage);
        resolve(null);
      }, timeoutMs);
      const onMessage = (m: EventLoopAnswer) => {
        if (m?.type !== 'event-loop' || m.id !== id) return;
        clearTimeout(timer);
        child.off('message', onMessage);
        resolve({
          maxMs: m.maxMs,
          maxBlockMs: m.maxBlockMs,
          maxGcMs: m.maxGcMs,
          p99Ms: m.p99Ms,
          meanMs: m.meanMs,
          heapMb: m.heapMb,
        });
      };
      child.on('message', onMessage);
      child.send({ type: 'event-loop', id, reset });
    });

  return {
    url,
    pid: child.pid!,
    startUp,
    cpuSeconds: () => cpuSecondsOf(child.pid!),
    memoryMb: () => memoryMbOf(child.pid!),
    eventLoop,
    logFile,
    tail,
    async stop() {
      if (exited !== null) return;
      child.kill('SIGTERM'); // main.ts closes the app and the database, then exits
      const killer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exit;
      clearTimeout(killer);
    },
  };
}

// Fields 14 and 15 of /proc/<pid>/stat are user and system time in clock ticks (100 a second on Linux).
function cpuSecondsOf(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return null;
  }
}

function memoryMbOf(pid: number): { rss: number; peak: number; anon: number; file: number } | null {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN);
    const mb = (name: string) => Math.round(kb(name) / 1024);
    // Anonymous: the JavaScript heap, SQLite's page cache, buffers; file-backed: code and SQLite's memory map.
    return { rss: mb('VmRSS'), peak: mb('VmHWM'), anon: mb('RssAnon'), file: mb('RssFile') };
  } catch {
    return null;
  }
}

// Starts the real API the way production does (apps/api/src/main.ts in its own Node process,
// APP_MODE=production) on a free 127.0.0.1 port, and stops it again.
import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, openSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '../..');
export const HOST = '127.0.0.1';

export interface RunningServer {
  url: string;
  pid: number;
  /** CPU seconds the server process has used so far (user + system), or null off Linux. */
  cpuSeconds(): number | null;
  /** Resident memory now and at its peak, in MB, or null off Linux. */
  memoryMb(): { rss: number; peak: number } | null;
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

let current: ChildProcess | null = null;
// Never leave the server behind, whatever way the benchmark ends.
process.on('exit', () => current?.kill('SIGKILL'));

export async function startServer(opts: {
  dataDir: string;
  jwtSecret: string;
  logLevel: string;
  cpuProfileDir?: string;
}): Promise<RunningServer> {
  const port = await freePort();
  const url = `http://${HOST}:${port}`;
  // Request logs go to a file, as a production service's would; piping them here would cost this process CPU.
  const logFile = path.join(opts.dataDir, 'server.log');
  const log = openSync(logFile, 'a');
  const env: NodeJS.ProcessEnv = {
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
  // The benchmark is SQLite on one machine: no outside database or Redis even if the shell names one.
  delete env.DATABASE_URL;
  delete env.REDIS_URL;
  delete env.SMTP_URL;
  const child = spawn(
    process.execPath,
    [
      ...(opts.cpuProfileDir ? ['--cpu-prof', `--cpu-prof-dir=${opts.cpuProfileDir}`] : []),
      '--import',
      'tsx',
      'apps/api/src/main.ts',
    ],
    { cwd: ROOT, env, stdio: ['ignore', log, log] },
  );
  closeSync(log);
  current = child;
  let exited: number | null = null;
  const exit = new Promise<void>((resolve) =>
    child.once('exit', (code, signal) => {
      exited = code ?? (signal ? 128 : 1);
      if (current === child) current = null;
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

  const deadline = Date.now() + 120_000;
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
      throw new Error(`The server did not answer /api/health within 2 minutes:\n${tail()}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }

  return {
    url,
    pid: child.pid!,
    cpuSeconds: () => cpuSecondsOf(child.pid!),
    memoryMb: () => memoryMbOf(child.pid!),
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

function memoryMbOf(pid: number): { rss: number; peak: number } | null {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN);
    return { rss: Math.round(kb('VmRSS') / 1024), peak: Math.round(kb('VmHWM') / 1024) };
  } catch {
    return null;
  }
}

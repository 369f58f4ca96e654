// `npm run bench:web`: Lighthouse (mobile preset, simulated throttling) on the built web app, issue 12
// §6. Builds apps/web into a temporary folder, starts the real server on it (demo mode, a temporary
// DATA_DIR, a free 127.0.0.1 port), runs Lighthouse in Debian's Chromium on /login signed out and,
// signed in as the demo retailer (through the sign-in screen), on /retailer/order and /retailer/cart; prints the performance,
// accessibility and best-practices scores and the main timings of each (the median run when --runs
// is above 1), whether the targets are met, writes bench/results/web.json, then stops everything.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import lighthouse from 'lighthouse';
import { chromium, type BrowserContext } from 'playwright-core';
// The flags the browser journeys launch Debian's Chromium with (no network, no sandbox in a container).
import { CHROMIUM_ARGS } from '../apps/web/e2e/harness.ts';
import { buildApi } from '../scripts/build-api.mjs';
import { lcpGraph } from './lib/lcp-graph.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const HOST = '127.0.0.1';
const USAGE = `Usage: npm run bench:web -- [options]
  --runs N        Lighthouse runs per page; the median performance run is reported (default 1)
  --web-dist DIR  use this build of apps/web instead of building one
  --chromium P    the Chromium binary (default $CHROMIUM_PATH or /usr/bin/chromium)
  --out FILE      where to write the results (default bench/results/web.json)
  --lhr-dir DIR   also write each run's full Lighthouse report and trace (JSON) into DIR
  --pages LIST    only these pages, comma-separated (default: /login,/retailer/order,/retailer/cart)
  --lcp-graph     print what each run's largest-paint estimate is made of (bench/lib/lcp-graph.ts)
  --strict        exit with code 2 when a target is missed`;

/** Issue 12 §6: on each page. */
const TARGETS = { performance: 0.9, accessibility: 1 };
const RETAILER = { email_phone: 'retailer@demo.test', password: 'Demo@12345' };
const PAGES = [
  { path: '/login', signedIn: false },
  { path: '/retailer/order', signedIn: true },
  { path: '/retailer/cart', signedIn: true },
];

interface PageFigures {
  path: string;
  performance: number;
  accessibility: number;
  bestPractices: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  siMs: number;
  /**
   * Lighthouse's measure of the CPU it had during the run (`environment.benchmarkIndex`, higher is
   * faster). Blocking time grows as it falls, so runs are compared at like indexes.
   */
  benchmarkIndex: number;
  /** Accessibility and performance audits that did not pass, for the record. */
  failing: string[];
}

function options() {
  const { values } = parseArgs({
    options: {
      runs: { type: 'string', default: '1' },
      'web-dist': { type: 'string' },
      chromium: { type: 'string', default: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' },
      out: { type: 'string', default: path.join(ROOT, 'bench/results/web.json') },
      'lhr-dir': { type: 'string' },
      pages: { type: 'string' },
      'lcp-graph': { type: 'boolean', default: false },
      strict: { type: 'boolean', default: false },
      help: { type: 'boolean', default: false },
    },
  });
  if (values.help) {
    console.log(USAGE);
    process.exit(0);
  }
  const runs = Number(values.runs);
  if (!Number.isInteger(runs) || runs < 1) throw new Error(`--runs must be a whole number from 1: ${values.runs}`);
  const wanted = values.pages?.split(',') ?? PAGES.map((p) => p.path);
  const unknown = wanted.filter((w) => !PAGES.some((p) => p.path === w));
  if (unknown.length) throw new Error(`--pages: not a measured page: ${unknown.join(', ')}`);
  return { ...values, runs, pages: PAGES.filter((p) => wanted.includes(p.path)) };
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, HOST, () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

async function startPortal(webDist: string, dataDir: string): Promise<{ url: string; child: ChildProcess }> {
  const port = await freePort();
  const url = `http://${HOST}:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    APP_MODE: 'demo',
    NODE_ENV: 'production',
    HOST,
    PORT: String(port),
    DATA_DIR: dataDir,
    WEB_DIST: webDist,
    PUBLIC_URL: url,
    LOG_LEVEL: 'warn',
  };
  // One machine, SQLite: no outside database, Redis or mail server even if the shell names one.
  delete env.DATABASE_URL;
  delete env.REDIS_URL;
  delete env.SMTP_URL;
  const child = spawn(process.execPath, [await buildApi()], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited with code ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) return { url, child };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  child.kill('SIGKILL');
  throw new Error('the server did not become healthy within 90 s');
}

async function stopPortal(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
  if (child.exitCode === null) child.kill('SIGKILL');
}

/**
 * Signs the demo retailer in on the app's own sign-in screen and returns browser storage as it is then:
 * the token and role, and the stores the app keeps across reloads (redux-persist), which is what a
 * signed-in buyer's browser holds when it opens a page. (A token alone, without the persisted stores,
 * is a state no sign-in leaves: with it every page waited for the profile before showing anything.)
 */
async function signInThroughTheApp(context: BrowserContext, url: string): Promise<Record<string, string>> {
  const page = await context.newPage();
  await page.goto(`${url}/loginPassword`);
  await page.getByLabel('Email or phone number').fill(RETAILER.email_phone);
  await page.getByLabel('Password', { exact: true }).fill(RETAILER.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL('**/retailer/dashboard', { timeout: 60_000 });
  // redux-persist writes after the state settles: wait until the persisted session holds the token.
  // (Expressions as text: they run in the page, and the bench is compiled without the DOM's types.)
  await page.waitForFunction(`/"token":"\\\\"[^"]/.test(localStorage.getItem('persist:auth') ?? '')`, undefined, {
    timeout: 30_000,
  });
  await page.waitForTimeout(1_000);
  const items = (await page.evaluate('({ ...localStorage })')) as Record<string, string>;
  await page.close();
  return items;
}

/** Attaches to the Chromium listening on `url`, waiting for it to start. */
async function connectChromium(url: string) {
  const deadline = Date.now() + 30_000;
  for (;;) {
    try {
      return await chromium.connectOverCDP(url);
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((r) => setTimeout(r, 250));
    }
  }
}

/** The first elements an accessibility audit names, so a failure can be found in the page. */
function nodesOf(details: unknown): string {
  const items = (details as { items?: Array<{ node?: { snippet?: string } }> } | undefined)?.items ?? [];
  const snippets = items.flatMap((i) => (i.node?.snippet ? [i.node.snippet] : [])).slice(0, 3);
  return snippets.length ? ` at ${snippets.join(' ')}` : '';
}

const median = <T>(items: T[], key: (t: T) => number): T =>
  [...items].sort((a, b) => key(a) - key(b))[Math.floor(items.length / 2)]!;

async function main() {
  const opts = options();
  if (!existsSync(opts.chromium)) throw new Error(`no Chromium at ${opts.chromium} (set --chromium or CHROMIUM_PATH)`);
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'portal-web-bench-'));
  let portal: { url: string; child: ChildProcess } | null = null;
  let chrome: ChildProcess | null = null;
  try {
    let webDist = opts['web-dist'] ? path.resolve(opts['web-dist']) : '';
    if (!webDist) {
      webDist = path.join(tmp, 'web-dist');
      console.log('Building the web app…');
      const built = spawnSync('npx', ['vite', 'build', '--outDir', webDist, '--emptyOutDir', '--logLevel', 'warn'], {
        cwd: path.join(ROOT, 'apps/web'),
        stdio: 'inherit',
      });
      if (built.status !== 0) throw new Error('the web build failed');
    }
    const dataDir = path.join(tmp, 'data');
    mkdirSync(dataDir);
    portal = await startPortal(webDist, dataDir);
    // Chromium with a debugging port for Lighthouse; Playwright attaches to the same default context
    // to put the session in storage, which the tabs Lighthouse opens then share.
    const debugPort = await freePort();
    chrome = spawn(
      opts.chromium,
      [...CHROMIUM_ARGS, `--remote-debugging-port=${debugPort}`, `--user-data-dir=${path.join(tmp, 'profile')}`, 'about:blank'],
      { stdio: 'ignore' },
    );
    const browser = await connectChromium(`http://127.0.0.1:${debugPort}`);
    const context = browser.contexts()[0]!;
    const signedInStorage = await signInThroughTheApp(context, portal.url);

    const results: PageFigures[] = [];
    for (const target of opts.pages) {
      const runs: PageFigures[] = [];
      // A run Lighthouse itself reports as broken (a lost trace: NO_NAVSTART, NO_FCP) is run again,
      // up to twice per page; any other failure ends the bench.
      let retries = 2;
      for (let run = 0; run < opts.runs; run += 1) {
        // Signed-in pages: browser storage as the sign-in left it (below). Lighthouse then keeps storage
        // (disableStorageReset), so the cache is emptied here to keep the load cold.
        const page = await context.newPage();
        await page.goto(`${portal.url}/api/health`);
        await page.evaluate(
          `localStorage.clear();${
            target.signedIn
              ? `for (const [key, value] of Object.entries(${JSON.stringify(signedInStorage)})) localStorage.setItem(key, value);`
              : ''
          }`,
        );
        const cdp = await context.newCDPSession(page);
        await cdp.send('Network.clearBrowserCache');
        await page.close();
        const result = await lighthouse(`${portal.url}${target.path}`, {
          port: debugPort,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance', 'accessibility', 'best-practices'],
          disableStorageReset: true,
        });
        if (!result) throw new Error(`Lighthouse gave no result for ${target.path}`);
        const { lhr } = result;
        if (opts['lcp-graph'] && !lhr.runtimeError) {
          console.log(`\n${target.path}, run ${run + 1}:`);
          for (const line of await lcpGraph(result)) console.log(line);
        }
        if (opts['lhr-dir']) {
          mkdirSync(opts['lhr-dir'], { recursive: true });
          const name = `${target.path.slice(1).replaceAll('/', '-')}-${run + 1}.json`;
          writeFileSync(path.join(opts['lhr-dir'], name), JSON.stringify(lhr));
          // The run's Chromium trace, for finding what blocked the main thread (DevTools opens it).
          const trace = (result.artifacts as { Trace?: unknown }).Trace;
          if (trace) writeFileSync(path.join(opts['lhr-dir'], name.replace(/\.json$/, '.trace.json')), JSON.stringify(trace));
        }
        if (lhr.runtimeError) {
          if (retries-- > 0) {
            console.warn(`Lighthouse on ${target.path}: ${lhr.runtimeError.code}; running it again`);
            run -= 1;
            continue;
          }
          throw new Error(`Lighthouse on ${target.path}: ${lhr.runtimeError.message}`);
        }
        const finalPath = new URL(lhr.finalDisplayedUrl).pathname;
        if (finalPath !== target.path) throw new Error(`${target.path} ended on ${finalPath}: not the page meant`);
        const audit = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
        const failing = (['accessibility', 'performance'] as const).flatMap((cat) =>
          lhr.categories[cat]!.auditRefs.filter((ref) => ref.weight > 0)
            .map((ref) => lhr.audits[ref.id]!)
            .filter((a) => a.score !== null && a.score < 0.9)
            .map((a) => `${cat}: ${a.id} (${a.displayValue ?? a.score})${nodesOf(a.details)}`),
        );
        runs.push({
          path: target.path,
          performance: lhr.categories.performance?.score ?? 0,
          accessibility: lhr.categories.accessibility?.score ?? 0,
          bestPractices: lhr.categories['best-practices']?.score ?? 0,
          fcpMs: audit('first-contentful-paint'),
          lcpMs: audit('largest-contentful-paint'),
          tbtMs: audit('total-blocking-time'),
          cls: audit('cumulative-layout-shift'),
          siMs: audit('speed-index'),
          benchmarkIndex: Math.round(lhr.environment.benchmarkIndex),
          failing,
        });
      }
      results.push(median(runs, (r) => r.performance));
    }
    await browser.close();

    const ms = (n: number) => `${Math.round(n)} ms`;
    console.log(`\nLighthouse ${'mobile preset'}, ${opts.runs} run(s) per page (median by performance):`);
    console.log('page                 perf  a11y  best   FCP      LCP      TBT     CLS    SI       CPU index');
    for (const r of results) {
      console.log(
        `${r.path.padEnd(20)} ${r.performance.toFixed(2)}  ${r.accessibility.toFixed(2)}  ${r.bestPractices.toFixed(2)}   ${ms(r.fcpMs).padEnd(8)} ${ms(r.lcpMs).padEnd(8)} ${ms(r.tbtMs).padEnd(7)} ${r.cls.toFixed(3)}  ${ms(r.siMs).padEnd(8)} ${r.benchmarkIndex}`,
      );
      for (const f of r.failing) console.log(`    below 0.9: ${f}`);
    }
    const missed = results.flatMap((r) => [
      ...(r.performance < TARGETS.performance ? [`${r.path} performance ${r.performance} < ${TARGETS.performance}`] : []),
      ...(r.accessibility < TARGETS.accessibility
        ? [`${r.path} accessibility ${r.accessibility} < ${TARGETS.accessibility}`]
        : []),
    ]);
    console.log(
      missed.length
        ? `\nTargets missed: ${missed.join('; ')}`
        : '\nTargets met: performance ≥ 0.90 and accessibility 1.0 on each page.',
    );
    mkdirSync(path.dirname(opts.out), { recursive: true });
    writeFileSync(
      opts.out,
      `${JSON.stringify({ date: new Date().toISOString(), preset: 'mobile', runs: opts.runs, targets: TARGETS, pages: results }, null, 2)}\n`,
    );
    console.log(`Results written to ${path.relative(ROOT, opts.out)}`);
    if (opts.strict && missed.length) process.exitCode = 2;
  } finally {
    if (chrome && chrome.exitCode === null) chrome.kill('SIGKILL');
    if (portal) await stopPortal(portal.child);
    rmSync(tmp, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});

// `npm test`: every suite. Type check, lint and formatting, unit tests (shared, web), the API suite on
// SQLite and on PostgreSQL, then the page-weight budgets of the production web build and browser journeys
// in headless Chromium against it.
// Ends with one line "N passed, M failed" summing everything.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { buildApi } from './build-api.mjs';

const root = path.resolve(import.meta.dirname, '..');
const args = process.argv.slice(2);
const only = args.includes('--only') ? args[args.indexOf('--only') + 1] : null;
const isCI = process.env.CI === 'true';
// --shots: the browser journeys also take the screenshots of every screen (harness.ts TAKE_SHOTS).
const shots = args.includes('--shots');
let passed = 0;
let failed = 0;

const suiteStart = Date.now();

function step(name, fn) {
  console.log(`\n=== ${name} ===`);
  const start = Date.now();
  const ok = fn();
  console.log(`=== ${name}: ${ok ? 'ok' : 'FAILED'} (${seconds(start)}) ===`);
  return ok;
}

function seconds(since) {
  return `${Math.round((Date.now() - since) / 1000)} s`;
}

function run(cmd, cmdArgs, env = {}, cwd = root) {
  return spawnSync(cmd, cmdArgs, { cwd, stdio: 'inherit', env: { ...process.env, ...env } }).status === 0;
}

function chromiumPath() {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].filter(Boolean);
  const found = candidates.find((p) => existsSync(p));
  if (found) return found;
  const isRoot = process.getuid?.() === 0;
  const hasApt = existsSync('/usr/bin/apt-get');
  if (isRoot && hasApt) {
    console.log("No Chromium found: installing Debian's chromium for the browser journeys…");
    execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
    execFileSync('apt-get', ['install', '-y', '-qq', 'chromium'], {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
    if (existsSync('/usr/bin/chromium')) return '/usr/bin/chromium';
  }
  console.error(
    'The browser journeys need Chromium. Install it (Debian: `sudo apt-get install -y chromium`) or set CHROMIUM_PATH to a Chromium binary.',
  );
  process.exit(1);
}

function postgresReachable(url) {
  const u = new URL(url);
  return new Promise((resolve) => {
    const socket = net.connect({ host: u.hostname, port: Number(u.port || 5432) });
    socket.setTimeout(2000);
    socket.on('connect', () => {
      socket.end();
      resolve(true);
    });
    socket.on('error', () => resolve(false));
    socket.on('timeout', () => {
      socket.destroy();
      resolve(false);
    });
  });
}

/** Runs vitest projects with a JSON report and adds its counts to the totals. */
function vitest(projects, env = {}, extraArgs = []) {
  mkdirSync(path.join(root, 'test-results'), { recursive: true });
  const out = path.join(root, 'test-results', `vitest-${projects.join('-')}.json`);
  const ok = run(
    'npx',
    [
      'vitest',
      'run',
      ...projects.flatMap((p) => ['--project', p]),
      ...extraArgs,
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${out}`,
    ],
    env,
  );
  if (existsSync(out)) {
    const report = JSON.parse(readFileSync(out, 'utf8'));
    passed += report.numPassedTests;
    failed += report.numFailedTests;
    if (!ok && report.numFailedTests === 0) failed += 1; // a suite that failed to load
  } else if (!ok) failed += 1;
  return ok;
}

function check(name, cmd, cmdArgs) {
  const ok = step(name, () => run(cmd, cmdArgs));
  if (ok) passed += 1;
  else failed += 1;
}

/**
 * Runs checks side by side (each of tsc, eslint and prettier keeps one core busy at most), keeping each
 * one's output apart: printed when it ends.
 */
async function checksSideBySide(checks) {
  const results = await Promise.all(
    checks.map(
      ([name, cmd, cmdArgs]) =>
        new Promise((resolve) => {
          const start = Date.now();
          const child = spawn(cmd, cmdArgs, { cwd: root, env: process.env });
          let output = '';
          child.stdout.on('data', (d) => (output += d));
          child.stderr.on('data', (d) => (output += d));
          child.on('close', (code) => resolve({ name, ok: code === 0, output, start }));
        }),
    ),
  );
  for (const { name, ok, output, start } of results) {
    console.log(`\n=== ${name} ===`);
    process.stdout.write(output);
    console.log(`=== ${name}: ${ok ? 'ok' : 'FAILED'} (${seconds(start)}) ===`);
    if (ok) passed += 1;
    else failed += 1;
  }
}

const pgUrl = process.env.TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

if (!only) {
  await checksSideBySide([
    ['type check', 'npm', ['run', 'typecheck']],
    ['lint', 'npm', ['run', 'lint']],
    // Formatting: every file as Prettier writes it (`npm run format` fixes them); .gitignore'd output is skipped.
    ['format', 'npx', ['prettier', '--check', '.']],
  ]);
}
// More workers than cores where the tests wait (jsdom timers, the SQLite API's HTTP round trips): a worker per
// core left the cores a third idle. Not for the isolated API files, some of which time the event loop, nor on
// PostgreSQL, whose per-test schemas collide with more workers.
if (!only || only === 'unit')
  step('unit tests (shared, web, bench)', () => vitest(['shared', 'web', 'bench'], {}, ['--maxWorkers=3']));
if (!only || only === 'api')
  step('API on SQLite', () => {
    const shared = vitest(['api-sqlite'], {}, ['--maxWorkers=4']);
    const isolated = vitest(['api-sqlite-isolated']);
    return shared && isolated;
  });
if (!only || only === 'api' || only === 'pg') {
  if (await postgresReachable(pgUrl)) {
    step('API on PostgreSQL', () => vitest(['api-postgres', 'api-postgres-isolated'], { TEST_PG_URL: pgUrl }));
  } else if (isCI) {
    console.error(`PostgreSQL is not reachable at ${pgUrl}: CI requires it.`);
    failed += 1;
  } else {
    console.warn(
      `\n!!! PostgreSQL is not reachable at ${pgUrl}: the PostgreSQL run of the API suite was NOT run. Set TEST_PG_URL to run it.\n`,
    );
  }
}
if (!only || only === 'e2e') {
  const chromium = chromiumPath();
  // A private build for the journeys, so a rebuild of apps/web/dist meanwhile cannot disturb them.
  const webDist = path.join(root, 'test-results', 'web-dist');
  const built = step('build the web app', () =>
    run('npx', ['vite', 'build', '--outDir', webDist, '--emptyOutDir', '--logLevel', 'warn'], {}, path.join(root, 'apps/web')),
  );
  // The journeys run the API as `npm start` does, from its bundle (a private one too).
  const apiEntry = await buildApi(path.join(root, 'apps/api/dist-e2e'));
  if (built) {
    // Issue 12 §6: the first screens stay light; measured on this same production build.
    check('page-weight budgets', 'node', [path.join(root, 'scripts/check-web-budget.mjs'), webDist]);
    step('browser journeys (headless Chromium)', () =>
      vitest(['e2e', 'e2e-alone'], {
        CHROMIUM_PATH: chromium,
        WEB_DIST: webDist,
        API_ENTRY: apiEntry,
        ...(shots ? { E2E_SHOTS: '1' } : {}),
      }),
    );
  } else failed += 1;
}

console.log(`\nAll suites took ${seconds(suiteStart)}.`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);

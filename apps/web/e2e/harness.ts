// Browser-journey harness: starts the real portal (the same start-up as `npm start`: migrations,
// demo seed, built web app) on a fresh SQLite folder and a free 127.0.0.1 port, and opens
// Debian's Chromium through playwright-core.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  chromium,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  type Locator,
  type Page,
} from 'playwright-core';
import { beforeEach, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../../..');

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-quic',
  '--no-first-run',
];

export interface Portal {
  baseUrl: string;
  dataDir: string;
  stop(): Promise<void>;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

async function waitForHealth(baseUrl: string, child: ChildProcess, timeoutMs = 90_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`portal exited with code ${child.exitCode}`);
    try {
      const res = await fetch(`${baseUrl}/api/health`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('portal did not become healthy in time');
}

export async function startPortal(env: Record<string, string> = {}): Promise<Portal> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-e2e-'));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  // `npm test` gives the API's bundle (what `npm start` runs); a journey run alone runs the sources.
  const api = process.env.API_ENTRY ? [process.env.API_ENTRY] : ['--import', 'tsx', 'apps/api/src/main.ts'];
  const child = spawn(process.execPath, api, {
    cwd: root,
    env: {
      ...process.env,
      APP_MODE: 'test',
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: baseUrl,
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  await waitForHealth(baseUrl, child);
  return {
    baseUrl,
    dataDir,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
        if (child.exitCode === null) child.kill('SIGKILL');
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
}

/**
 * Screenshots are for people to look at (every screen at 1440 and 390 px, light and dark): `npm run
 * test:shots` takes them (E2E_SHOTS=1). `npm test` skips the tests that only take screenshots and the
 * shots inside journeys: encoding PNGs nobody reads would cost the suite minutes.
 */
export const TAKE_SHOTS = process.env.E2E_SHOTS === '1';

/** A test that only takes screenshots: run by `npm run test:shots`, skipped by `npm test`. */
export const itShoots = it.runIf(TAKE_SHOTS);

/** A screenshot of a page or a part of it, when screenshots are asked for. */
export async function shot(target: Page | Locator, file: string, options: { fullPage?: boolean } = {}): Promise<void> {
  if (TAKE_SHOTS) await target.screenshot({ path: file, ...options });
}

export const PHONE = { width: 390, height: 844 };
export const DESKTOP = { width: 1440, height: 900 };

/** A page in a fresh context (its own storage and cookies); `userAgent` to be another browser. */
export async function newPage(
  browser: Browser,
  baseUrl: string,
  viewport = DESKTOP,
  options: Pick<BrowserContextOptions, 'userAgent'> = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL: baseUrl, viewport, ...options });
  const page = await context.newPage();
  watch(page);
  return { context, page };
}

/** The errors each open page has thrown or logged, printed with the page when a journey fails. */
const openPages = new Map<Page, string[]>();

function watch(page: Page): void {
  const errors: string[] = [];
  openPages.set(page, errors);
  page.on('pageerror', (err) => errors.push(`page error: ${err.message}`));
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(`console error: ${msg.text()}`);
  });
  page.on('close', () => openPages.delete(page));
}

/**
 * A failed journey prints what each of its open pages showed (address, errors, the start of the text),
 * so that a failure seen only in CI's log can be read without a trace.
 */
async function describeOpenPages(): Promise<void> {
  for (const [page, errors] of openPages) {
    const text = await page
      .evaluate(() => document.body.innerText.replace(/\s+/g, ' ').slice(0, 800))
      .catch((err: unknown) => `(unreadable: ${String(err)})`);
    console.error([`--- open page ${page.url()}`, ...errors.slice(-10), `text: ${text}`].join('\n'));
  }
}

beforeEach(({ onTestFailed }) => {
  onTestFailed(() => describeOpenPages());
});

/** The looks every screen is shot at: 1440 and 390 px wide, each in light and dark. */
export const LOOKS = (['1440', '390'] as const).flatMap((size) =>
  (['light', 'dark'] as const).map((mode) => ({ size, mode, viewport: size === '1440' ? DESKTOP : PHONE })),
);
export type Look = (typeof LOOKS)[number];

/**
 * A page in a fresh context at a look's width, its colour mode saved before the app starts (the app reads
 * it at start: features/theme/theme.slice.ts THEME_KEYS).
 */
export async function newPageIn(browser: Browser, baseUrl: string, look: Look): Promise<{ context: BrowserContext; page: Page }> {
  const opened = await newPage(browser, baseUrl, look.viewport);
  await opened.context.addInitScript((m) => {
    localStorage.setItem('theme-mode', m);
    localStorage.setItem('theme-color-scheme', m);
  }, look.mode);
  return opened;
}

/** A demo account's token, signed in by password through the API (demo accounts share Demo@12345). */
export async function passwordToken(baseUrl: string, email: string): Promise<string> {
  const res = await fetch(`${baseUrl}/api/auth/loginWithPassword`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email_phone: email, password: 'Demo@12345' }),
  });
  return ((await res.json()) as { data: { token: string } }).data.token;
}

/** Calls the portal's API with a token; the answer's `data`, or an error naming the path and message. */
export async function callApi<T>(baseUrl: string, path: string, token: string, init: RequestInit = {}): Promise<T> {
  const res = await fetch(`${baseUrl}/api${path}`, {
    ...init,
    headers: { authorization: `Bearer ${token}`, ...(init.body ? { 'content-type': 'application/json' } : {}), ...init.headers },
  });
  const body = (await res.json()) as { data: T; message: string };
  if (!res.ok) throw new Error(`${path}: ${res.status} ${body.message}`);
  return body.data;
}

/** The latest one-time code sent to an address, read from the dev outbox (demo and test mode only). */
export async function latestCode(baseUrl: string, to: string): Promise<string> {
  const res = await fetch(`${baseUrl}/api/dev/outbox?to=${encodeURIComponent(to)}`);
  const body = (await res.json()) as { data: Array<{ body: string }> | { items: Array<{ body: string }> } };
  const list = Array.isArray(body.data) ? body.data : body.data.items;
  const match = list[0]?.body.match(/\b(\d{6})\b/);
  if (!match) throw new Error(`no code found for ${to}`);
  return match[1]!;
}

/** What a new store types on /signup. */
export interface SignupForm {
  storeName: string;
  ownerName: string;
  email: string;
  phone: string;
  password: string;
  address: string;
  city: string;
  state: string;
  zip: string;
}

/** A store signs up on a phone and confirms its e-mail with the code from the outbox, ending on "Request sent". */
export async function signUpStore(browser: Browser, baseUrl: string, store: SignupForm): Promise<void> {
  const { context, page: s } = await newPage(browser, baseUrl, PHONE);
  await s.goto('/signup');
  await s.getByLabel('Store name').fill(store.storeName);
  await s.getByLabel('Owner name').fill(store.ownerName);
  await s.getByLabel('Email').fill(store.email);
  await s.getByLabel('Phone').fill(store.phone);
  await s.getByLabel('Password', { exact: true }).fill(store.password);
  await s.getByLabel('Street address').fill(store.address);
  await s.getByLabel('City').fill(store.city);
  await s.getByLabel('State').fill(store.state);
  await s.getByLabel('ZIP').fill(store.zip);
  await s.getByRole('button', { name: 'Sign up' }).click();
  await s.waitForURL('**/signupOtp');
  await s.getByLabel('6-digit code').fill(await latestCode(baseUrl, store.email));
  await s.getByRole('button', { name: 'Confirm' }).click();
  await s.getByText('Request sent').waitFor();
  await context.close();
}

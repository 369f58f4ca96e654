// Issue 18 §6: the office opens /admin/back-office, adds an endpoint pointing at a local receiver, copies the
// secret shown once, sends a test, and sees it delivered in the history; the receiver checks the signature.
// The screen is shot at 1440 and 390 px, light and dark, into /tmp/back-office-shots. Real server (fresh
// SQLite, demo seed, test mode so http://127.0.0.1 is accepted), real Chromium.
import { createHmac } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, launchBrowser, newPage, startPortal, type Portal, shot, itShoots, LOOKS, newPageIn } from './harness.ts';

const PASSWORD = 'Demo@12345';
const SHOTS = '/tmp/back-office-shots';

let portal: Portal;
let browser: Browser;
let receiver: Server;
let receiverUrl = '';
const received: { signature: string; body: string }[] = [];

async function signIn(page: Page) {
  await page.goto('/loginPassword');
  await page.getByLabel('Email or phone number').fill('admin@demo.test');
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL('**/admin/dashboard');
}

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  receiver = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString('utf8')));
    req.on('end', () => {
      received.push({ signature: String(req.headers['x-portal-signature'] ?? ''), body });
      res.writeHead(200).end('ok');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
  portal = await startPortal();
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await portal?.stop();
  await new Promise((resolve) => receiver?.close(resolve));
});

describe('back office journey', () => {
  it('adds an endpoint, shows its secret once, and a test is delivered and signed', async () => {
    const { context, page } = await newPage(browser, portal.baseUrl, DESKTOP);
    await signIn(page);
    await page.goto('/admin/back-office');
    await page.getByRole('heading', { name: 'Back Office' }).waitFor();
    await page.getByRole('button', { name: 'Add endpoint' }).click();
    const form = page.getByRole('form', { name: 'Add endpoint' });
    await form.getByLabel('Endpoint URL').fill(receiverUrl);
    await form.getByLabel('Description').fill('Accounting (local receiver)');
    await form.getByLabel('Customer created').check();
    await page.getByRole('dialog').getByRole('button', { name: 'Add endpoint' }).click();
    const secretDialog = page.getByRole('dialog', { name: 'Signing secret' });
    const secret = (await secretDialog.getByLabel('Signing secret').textContent())!.trim();
    expect(secret).toMatch(/^whsec_/);
    await secretDialog.getByRole('button', { name: 'Done' }).click();
    await expect.poll(() => page.getByText(secret).count()).toBe(0);

    await page.getByRole('button', { name: `Send a test to ${receiverUrl}` }).click();
    await page.getByText('Test delivery sent').waitFor();
    await page.getByRole('grid', { name: 'Webhook deliveries' }).getByText('Delivered').waitFor({ timeout: 20_000 });
    expect(received).toHaveLength(1);
    const [, t, v1] = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(received[0]!.signature)!;
    expect(createHmac('sha256', secret).update(`${t}.${received[0]!.body}`).digest('hex')).toBe(v1);
    await context.close();
  });

  itShoots(
    'shows the back office at 1440 and 390 px, light and dark',
    async () => {
      for (const look of LOOKS) {
        const { size, mode } = look;
        const { context, page } = await newPageIn(browser, portal.baseUrl, look);
        await signIn(page);
        await page.goto('/admin/back-office');
        await page.getByRole('grid', { name: 'Webhook deliveries' }).getByText('Delivered').first().waitFor();
        await page.waitForTimeout(600);
        await shot(page, `${SHOTS}/back-office-${size}-${mode}.png`, { fullPage: true });
        await page.getByRole('heading', { name: 'Accounting exports' }).scrollIntoViewIfNeeded();
        await shot(page, `${SHOTS}/back-office-exports-${size}-${mode}.png`);
        if (mode === 'light') {
          await page.getByRole('button', { name: 'Add endpoint' }).click();
          await page.getByRole('form', { name: 'Add endpoint' }).waitFor();
          await page.waitForTimeout(400);
          await shot(page, `${SHOTS}/back-office-form-${size}.png`);
        }
        await context.close();
      }
    },
    300_000,
  );
});

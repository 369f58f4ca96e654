// Issue 16 §4 browser journey: the office edits the return policy in Markdown (previewed before saving),
// and the retailer then reads the new text, rendered, with the current version's date; a script in the
// text is neither run nor shown. The settings, contact requests and policy editor screens are shot at
// 1440 and 390 px, light and dark, into /tmp/settings-shots. Real server (fresh SQLite, demo seed), real
// Chromium.
import { mkdirSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, PHONE, launchBrowser, newPage, startPortal, type Portal, shot, itShoots, LOOKS, newPageIn } from './harness.ts';

const PASSWORD = 'Demo@12345';
const SHOTS = '/tmp/settings-shots';
const RETURN_POLICY = [
  '## Damaged goods',
  '',
  'Report damaged goods within **48 hours** of delivery and we credit them in full.',
  '',
  '- keep the invoice',
  '- keep the packaging',
  '',
  '<script>document.title = "pwned"</script>',
].join('\n');

let portal: Portal;
let browser: Browser;

async function signIn(page: Page, email: string, landing: string) {
  await page.goto('/loginPassword');
  await page.getByLabel('Email or phone number').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL(`**${landing}`);
}

async function shootOffice(path: string, name: string, ready: (page: Page) => Promise<void>) {
  for (const look of LOOKS) {
    const { size, mode } = look;
    const { context, page } = await newPageIn(browser, portal.baseUrl, look);
    await signIn(page, 'admin@demo.test', '/admin/dashboard');
    await page.goto(path);
    await ready(page);
    await page.waitForTimeout(500);
    await shot(page, `${SHOTS}/${name}-${size}-${mode}.png`, { fullPage: true });
    await context.close();
  }
}

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  portal = await startPortal();
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await portal?.stop();
});

describe('settings and policies journey', () => {
  it('the office edits the return policy; the retailer sees the new text and its date', async () => {
    const office = await newPage(browser, portal.baseUrl, DESKTOP);
    await signIn(office.page, 'admin@demo.test', '/admin/dashboard');
    await office.page.goto('/admin/return-policy');
    await office.page.getByRole('button', { name: 'Edit' }).click();
    const form = office.page.getByRole('form', { name: 'Edit policy' });
    await form.getByLabel('Text (Markdown)').fill(RETURN_POLICY);
    await form.getByRole('tab', { name: 'Preview' }).click();
    await expect(form.getByLabel('Preview').getByRole('heading', { name: 'Damaged goods' }).isVisible()).resolves.toBe(true);
    await form.getByRole('button', { name: 'Save' }).click();
    const article = office.page.getByRole('article', { name: 'Return Policy' });
    await article.getByRole('heading', { name: 'Damaged goods' }).waitFor();
    const subtitle = await office.page.getByText(/^Last updated .* · version \d+$/).textContent();
    const date = /^Last updated (.*) · version/.exec(subtitle ?? '')![1]!;
    await office.context.close();

    const store = await newPage(browser, portal.baseUrl, PHONE);
    await signIn(store.page, 'retailer@demo.test', '/retailer/dashboard');
    await store.page.goto('/retailer/return-policy');
    const text = store.page.getByRole('article', { name: 'Return Policy' });
    await text.getByRole('heading', { name: 'Damaged goods' }).waitFor();
    expect(await text.locator('strong').first().textContent()).toBe('48 hours');
    expect(await text.locator('li').allTextContents()).toEqual(['keep the invoice', 'keep the packaging']);
    expect(await store.page.getByText(`Last updated ${date}`, { exact: true }).isVisible()).toBe(true);
    // The script in the text is left out: not run, not shown.
    expect(await text.locator('script').count()).toBe(0);
    expect(await text.textContent()).not.toContain('pwned');
    expect(await store.page.title()).not.toBe('pwned');
    await shot(store.page, `${SHOTS}/retailer-return-policy-390-light.png`, { fullPage: true });
    await store.context.close();
  });

  itShoots(
    'shows the office screens at 1440 and 390 px, light and dark',
    async () => {
      for (const [name, message] of [
        ['Pat Public', 'We run two corner stores in Davis and would like to order from you.'],
        ['Lee Nguyen', 'Do you deliver to Fresno on Tuesdays? Please call me back.'],
      ] as const) {
        const sent = await fetch(`${portal.baseUrl}/api/contact`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ name, email: `${name.split(' ')[0]!.toLowerCase()}@example.test`, message }),
        });
        expect(sent.status).toBe(200);
      }
      await shootOffice('/admin/settings', 'settings', (p) => p.getByRole('form', { name: 'Settings' }).waitFor());
      await shootOffice('/admin/contact-requests?status=all', 'contact-requests', (p) =>
        p.getByRole('grid', { name: 'Contact requests' }).waitFor(),
      );
      await shootOffice('/admin/return-policy', 'policy-history', async (p) => {
        await p.getByRole('button', { name: 'History' }).click();
        await p.getByRole('list', { name: 'Versions' }).waitFor();
      });
      await shootOffice('/admin/terms-and-conditions', 'policy-preview', async (p) => {
        await p.getByRole('button', { name: 'Edit' }).click();
        await p.getByRole('tab', { name: 'Preview' }).click();
      });
    },
    600_000,
  );
});

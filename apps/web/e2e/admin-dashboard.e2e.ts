// Issue 18 §5 and §8's last step: the office opens the dashboard (demo seed: six months of orders) and
// clicks the low-stock tile into the product list filtered to low stock. The dashboard is shot at 1440
// and 390 px, light and dark, into /tmp/dashboard-shots. Real server (fresh SQLite, demo seed), real
// Chromium.
import { mkdirSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, launchBrowser, newPage, startPortal, type Portal, shot, itShoots, LOOKS, newPageIn } from './harness.ts';

const PASSWORD = 'Demo@12345';
const SHOTS = '/tmp/dashboard-shots';

let portal: Portal;
let browser: Browser;

async function signIn(page: Page) {
  await page.goto('/loginPassword');
  await page.getByLabel('Email or phone number').fill('admin@demo.test');
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL('**/admin/dashboard');
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

describe('distributor dashboard journey', () => {
  it('the low-stock tile opens the product list filtered to low stock', async () => {
    const { context, page } = await newPage(browser, portal.baseUrl, DESKTOP);
    await signIn(page);
    const revenue = page.getByTestId('tile-revenue');
    await revenue.waitFor();
    expect(await revenue.textContent()).toMatch(/^\$[\d,]+\.\d\d$/);
    await page.getByTestId('revenue-chart').locator('svg').first().waitFor();
    const low = page.getByRole('link', { name: /^Low-stock products: / });
    const count = Number((await page.getByTestId('tile-lowStock').textContent())!.replace(/,/g, ''));
    expect(count).toBeGreaterThan(0);
    await low.click();
    await page.waitForURL('**/admin/products?stock=low&status=active');
    const grid = page.getByRole('grid');
    await grid.waitFor();
    // The list holds as many products as the tile said.
    await page
      .getByText(new RegExp(`of ${count.toLocaleString('en-US')}\\b`))
      .first()
      .waitFor();
    await context.close();
  });

  itShoots(
    'shows the dashboard at 1440 and 390 px, light and dark',
    async () => {
      for (const look of LOOKS) {
        const { size, mode } = look;
        const { context, page } = await newPageIn(browser, portal.baseUrl, look);
        await signIn(page);
        await page.getByTestId('tile-revenue').waitFor();
        await page.getByTestId('status-chart').locator('svg').first().waitFor();
        await page.waitForTimeout(800);
        await shot(page, `${SHOTS}/dashboard-${size}-${mode}.png`, { fullPage: true });
        // The page scrolls inside the layout: the charts and lists are shot scrolled into view.
        await page.getByTestId('status-chart').scrollIntoViewIfNeeded();
        await shot(page, `${SHOTS}/dashboard-charts-${size}-${mode}.png`);
        await page.locator('#missed-order-day').scrollIntoViewIfNeeded();
        await shot(page, `${SHOTS}/dashboard-lists-${size}-${mode}.png`);
        await context.close();
      }
    },
    300_000,
  );
});

// Issue 15 §1 browser journey: the office filters its stores by route, creates a store, edits its terms,
// deactivates it after the confirmation and sees it inactive in the list. Real server (fresh SQLite,
// demo seed), real Chromium at 1440 px.
import { mkdirSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, LOOKS, itShoots, launchBrowser, newPage, newPageIn, shot, startPortal, type Portal } from './harness.ts';

const SHOTS = '/tmp/retailer-shots';

let portal: Portal;
let browser: Browser;

beforeAll(async () => {
  portal = await startPortal();
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await portal?.stop();
});

describe("the office keeps a store's terms", () => {
  it('filters, creates a store, edits its terms, deactivates it and sees it inactive', async () => {
    const { page: a } = await newPage(browser, portal.baseUrl, DESKTOP);
    await a.goto('/loginPassword');
    await a.getByLabel('Email or phone number').fill('admin@demo.test');
    await a.getByLabel('Password', { exact: true }).fill('Demo@12345');
    await a.getByRole('button', { name: 'Sign in', exact: true }).click();
    await a.waitForURL('**/admin/dashboard');

    // The list, filtered to route 202: store 10003 is there, 10001 (route 101) is not.
    await a.goto('/admin/retailers');
    const grid = a.getByRole('grid', { name: 'Retailers' });
    await grid.getByRole('link', { name: '10001', exact: true }).waitFor();
    await a.getByLabel('Route', { exact: true }).selectOption('202');
    await a.waitForURL('**/admin/retailers?route=202');
    await grid.getByRole('link', { name: '10003', exact: true }).waitFor();
    await expect.poll(() => grid.getByRole('link', { name: '10001', exact: true }).count()).toBe(0);

    // A new store on route 202.
    await a.getByRole('link', { name: 'New retailer' }).click();
    const form = a.getByRole('form', { name: 'New retailer' });
    await form.getByLabel(/^C_Number/).fill('E2E-501');
    await form.getByLabel(/^Business name/).fill('Journey Market');
    await form.getByLabel(/^Contact name/).fill('Jo Tester');
    await form.getByLabel('Phone').fill('(916) 555-0501');
    await form.getByLabel('Route', { exact: true }).fill('202');
    await form.getByLabel('Stop').fill('9');
    await form.getByLabel('Order day').selectOption({ label: 'Thursday' });
    await form.getByLabel('Sales rep').selectOption({ label: 'James Carter' });
    await form.getByRole('button', { name: 'Create retailer' }).click();
    await a.getByText('Retailer created').waitFor();
    await a.getByRole('heading', { name: 'Journey Market' }).waitFor();
    const terms = a.getByRole('region', { name: 'Terms' });
    await terms.getByText('202 / 9').waitFor();
    await terms.getByText('James Carter').waitFor();

    // Its terms: price class 3, a $75.00 minimum order, a flat $12.50 delivery charge, Net 45.
    await a.getByRole('link', { name: 'Edit' }).click();
    const edit = a.getByRole('form', { name: 'Edit Journey Market' });
    await expect.poll(() => edit.getByLabel(/^C_Number/).inputValue()).toBe('E2E-501');
    await edit.getByLabel('Price class').selectOption({ label: 'Price 3' });
    await edit.getByLabel('Minimum order').fill('75');
    await edit.getByLabel('Delivery charge', { exact: true }).selectOption({ label: 'Flat amount for this store' });
    await edit.getByLabel(/^Delivery charge amount/).fill('12.50');
    await expect.poll(() => edit.getByLabel('Payment terms (days)').inputValue()).toBe('30');
    await edit.getByLabel('Payment terms (days)').fill('45');
    await edit.getByRole('button', { name: 'Save' }).click();
    await a.getByText('Retailer updated').waitFor();
    await terms.getByText('Price 3').waitFor();
    await terms.getByText('$75.00').waitFor();
    await terms.getByText('Flat $12.50').waitFor();
    await terms.getByText('Net 45').waitFor();

    // Deactivate: Cancel keeps it active; confirming deactivates it. The toast (top right) lies over the
    // page's actions until it goes.
    await a.getByText('Retailer updated').waitFor({ state: 'hidden' });
    await a.getByRole('button', { name: 'Deactivate' }).click();
    const dialog = a.getByRole('dialog', { name: 'Deactivate retailer' });
    await dialog.getByText(/^Deactivate E2E-501 Journey Market\?/).waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await a.getByRole('button', { name: 'Deactivate' }).click();
    await dialog.getByRole('button', { name: 'Deactivate' }).click();
    await a.getByText('Retailer deactivated').waitFor();
    await a.getByRole('button', { name: 'Reactivate' }).waitFor();

    // The list's Inactive filter shows it, marked inactive.
    await a.goto('/admin/retailers?status=inactive&route=202');
    const row = grid.getByRole('row').filter({ hasText: 'Journey Market' });
    await row.waitFor();
    expect(await row.getByText('Inactive').count()).toBe(1);
  });

  itShoots(
    "shows a store's form and page at 1440 and 390 px, light and dark",
    async () => {
      mkdirSync(SHOTS, { recursive: true });
      for (const look of LOOKS) {
        const { size, mode } = look;
        const { context, page } = await newPageIn(browser, portal.baseUrl, look);
        await page.goto('/loginPassword');
        await page.getByLabel('Email or phone number').fill('admin@demo.test');
        await page.getByLabel('Password', { exact: true }).fill('Demo@12345');
        await page.getByRole('button', { name: 'Sign in', exact: true }).click();
        await page.waitForURL('**/admin/dashboard');
        // Store 10001 of the demo data (a phone shows the list as cards, not a grid).
        await page.goto('/admin/retailers/view/cust-10001');
        await page.getByRole('region', { name: 'Terms' }).getByText(/^Net /).waitFor();
        await shot(page, `${SHOTS}/view-${size}-${mode}.png`, { fullPage: true });
        await page.getByRole('link', { name: 'Edit' }).click();
        const payment = page.getByLabel('Payment terms (days)');
        await payment.scrollIntoViewIfNeeded();
        await shot(page, `${SHOTS}/edit-terms-${size}-${mode}.png`);
        await context.close();
      }
    },
    180_000,
  );
});

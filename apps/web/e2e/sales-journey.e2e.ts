// Issue 4 §3 browser journey: the demo rep signs in at /sales-login, searches the header selector,
// picks 10001, adds items and places an order; a second browser context of the same rep switches to
// another customer; the first context's next cart action shows the Customer Context Changed popup,
// and OK lands on /sales/dashboard with the new customer selected. Real server, real Chromium.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, PHONE, launchBrowser, newPage, startPortal, type Portal } from './harness.ts';

const PASSWORD = 'Demo@12345';

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

async function salesSignIn(page: Page) {
  await page.goto('/sales-login');
  await page.getByLabel('Email or phone number').fill('sales@demo.test');
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL('**/sales/dashboard');
}

const selector = (page: Page) => page.getByRole('combobox', { name: 'Select Retailer' });
const optionTexts = async (page: Page) =>
  (await page.getByRole('listbox').getByRole('option').allInnerTexts()).map((t) => t.split('\n')[0]!.trim());

describe('sales representative journey', () => {
  it('orders for 10001, is stopped when another device switches customer, and lands on the dashboard with it', async () => {
    // First device (desktop).
    const a = await newPage(browser, portal.baseUrl, DESKTOP);
    await salesSignIn(a.page);
    await expect.poll(() => a.page.getByText('Select a retailer to continue').isVisible()).toBe(true);
    const input = selector(a.page);
    await expect.poll(() => input.getAttribute('placeholder')).toBe('Select Retailer');

    // Search: no match, then ranked matches (exact value first).
    await input.click();
    await input.fill('zzzz');
    await a.page.getByText('No results found').waitFor();
    await input.fill('1000');
    await a.page.getByRole('listbox').waitFor();
    const ranked = await optionTexts(a.page);
    expect(ranked.length).toBeGreaterThan(1);
    expect(ranked.every((t) => t.startsWith('1000'))).toBe(true);
    await input.fill('10001');
    await expect.poll(() => optionTexts(a.page)).toEqual(['10001 - Corner Mart #1']);
    await a.page.getByRole('option', { name: /^10001 - Corner Mart #1/ }).click();

    await expect.poll(() => input.inputValue()).toBe('10001 - Corner Mart #1');
    const strip = a.page.getByTestId('info-strip');
    await strip.getByText('Corner Mart #1').waitFor();
    await a.page.getByText('Ordering for Corner Mart #1 · #10001').waitFor();

    // Add three products from the order screen (10001's minimum order is $50.00).
    await a.page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Orders' }).click();
    await a.page.waitForURL('**/sales/order');
    for (let added = 1; added <= 3; added++) {
      await a.page
        .getByRole('button', { name: /^Add .+ to cart$/ })
        .first()
        .click();
      await a.page.getByRole('button', { name: `Cart, ${added} ${added === 1 ? 'item' : 'items'}` }).waitFor();
    }
    await a.page.getByRole('button', { name: 'Cart, 3 items' }).click();
    await a.page.waitForURL('**/sales/cart');
    await a.page.getByRole('list', { name: 'Cart items' }).getByRole('listitem').nth(2).waitFor();
    await a.page.getByRole('button', { name: 'Place order' }).click();
    const placed = a.page.getByRole('dialog').filter({ hasText: 'Order placed' });
    await placed.waitFor();
    const orderNumber = (await placed.getByTestId('order-number').innerText()).trim();
    expect(orderNumber).toMatch(/^\d{6,}$/);

    await placed.getByRole('link', { name: 'Continue shopping' }).click();
    await a.page.waitForURL('**/sales/order');
    await a.page
      .getByRole('button', { name: /^Add .+ to cart$/ })
      .first()
      .waitFor();

    // Second device of the same rep (phone): it takes over the shared working customer, then switches.
    const b = await newPage(browser, portal.baseUrl, PHONE);
    await salesSignIn(b.page);
    await expect.poll(() => selector(b.page).inputValue()).toBe('10001 - Corner Mart #1');
    await selector(b.page).click();
    await selector(b.page).fill('10002');
    await b.page.getByRole('option', { name: /^10002 - / }).click();
    await expect.poll(() => selector(b.page).inputValue()).toMatch(/^10002 - /);
    const newCustomer = await selector(b.page).inputValue();

    // First device: its next cart action is refused with the popup.
    await a.page
      .getByRole('button', { name: /^Add .+ to cart$/ })
      .first()
      .click();
    const popup = a.page.getByRole('dialog', { name: 'Customer Context Changed' });
    await popup.waitFor();
    await popup.getByText('Customer context changed. Please refresh.').waitFor();
    await popup.getByRole('button', { name: 'OK' }).click();
    await a.page.waitForURL('**/sales/dashboard');
    await expect.poll(() => selector(a.page).inputValue()).toBe(newCustomer);
    await a.page.getByText(/^Ordering for .+ · #10002$/).waitFor();
    await strip.getByText('10002').waitFor();

    // The order placed for 10001 is in that customer's history (switching back on the first device).
    await selector(a.page).click();
    await selector(a.page).fill('10001');
    await a.page.getByRole('option', { name: /^10001 - / }).click();
    await expect.poll(() => selector(a.page).inputValue()).toBe('10001 - Corner Mart #1');
    await a.page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Order History' }).click();
    await a.page.waitForURL('**/sales/orders/history');
    await a.page.getByRole('table').getByText(orderNumber, { exact: true }).waitFor();

    await a.context.close();
    await b.context.close();
  });
});

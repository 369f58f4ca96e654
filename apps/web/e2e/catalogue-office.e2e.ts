// Issue 14 §5 browser journey: the distributor's office imports a supplier's CSV on /admin/products
// (three new products and one bad row, listed with its reason), creates a percent promotion for route
// 101 on one of them on /admin/promo; the retailer on route 101 (customer 10001) finds it in the
// catalogue at the discounted price and puts it in the cart at that price, while a retailer on route
// 202 (customer 10003) sees the plain price; the office deactivates the product: the retailer's search
// no longer finds it and the cart marks the line holding it. Real server (fresh SQLite, demo seed), real
// Chromium.
import { mkdirSync } from 'node:fs';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, PHONE, launchBrowser, newPage, startPortal, type Portal, shot } from './harness.ts';

const PASSWORD = 'Demo@12345';
const ADMIN = 'admin@demo.test';
/** Customer 10001, route 101, price level 1, $15.00 delivery under $250 (docs/demo-data.md). */
const ROUTE_101_RETAILER = 'retailer@demo.test';
/** Customer 10003, route 202, price level 1. */
const ROUTE_202_RETAILER = 'store10003@demo.test';
const SHOTS = '/tmp/journey-shots';

let portal: Portal;
let browser: Browser;

// The supplier's file: three new products (all five price levels, food: no tax, no CRV) and a row
// whose Price 1 is not a number.
const BRAND = 'Sierra Ridge';
const TRAIL_MIX = { itemNumber: 'SR-7001', name: 'Sierra Ridge Trail Mix 8oz Bag 12ct', priceCents: 2480 };
const CSV = [
  'Item Number,Description,Brand,Category,Subcategory,Pack,UOM,Price 1,Price 2,Price 3,Price 4,Price 5,Tax Rate,Stock On Hand',
  `${TRAIL_MIX.itemNumber},${TRAIL_MIX.name},${BRAND},Snacks,Nuts & Seeds,12,CS,24.80,24.06,23.31,22.57,21.82,0,120`,
  `SR-7002,Sierra Ridge Roasted Almonds 6oz Bag 12ct,${BRAND},Snacks,Nuts & Seeds,12,CS,31.50,30.56,29.61,28.67,27.72,0,80`,
  `SR-7003,Sierra Ridge Cashew Halves 6oz Bag 12ct,${BRAND},Snacks,Nuts & Seeds,12,CS,36.00,34.92,33.84,32.76,31.68,0,60`,
  `SR-7004,Sierra Ridge Pistachios 7oz Bag 12ct,${BRAND},Snacks,Nuts & Seeds,12,CS,twelve,23.52,22.79,22.06,21.34,0,40`,
].join('\r\n');
const PERCENT_OFF = 15;
const QUANTITY = 3;
const DELIVERY_UNDER_250_CENTS = 1500;

// Written independently of the app's formatter.
const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;
const discountedCents = Math.round((TRAIL_MIX.priceCents * (100 - PERCENT_OFF)) / 100);

const shoot = (page: Page, name: string) => shot(page, `${SHOTS}/${name}.png`, { fullPage: true });
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** A toast saying exactly `text`. */
const toast = (page: Page, text: string) => page.getByRole('status').filter({ hasText: new RegExp(`^${escape(text)}$`) });

async function signIn(page: Page, email: string, landing: string) {
  await page.goto('/loginPassword');
  await page.getByLabel('Email or phone number').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL(`**${landing}`);
}

/** A text field or a searchable picker (MUI Autocomplete) whose label matches `name`. */
function field(scope: Locator, name: RegExp): Locator {
  return scope.getByRole('combobox', { name }).or(scope.getByRole('textbox', { name })).first();
}

/**
 * Types `text` into a field and, when the field is a picker, chooses the option matching `option`
 * (or, for a free-text picker without one, confirms with Enter). A plain text field keeps the text.
 */
async function enter(page: Page, input: Locator, text: string, option: RegExp) {
  await input.fill(text);
  if ((await input.getAttribute('aria-autocomplete')) === null) return;
  const choice = page.getByRole('option', { name: option }).first();
  try {
    await choice.waitFor({ timeout: 5000 });
    await choice.click();
  } catch {
    await input.press('Enter');
  }
}

/** The office's product id of an item number, as the API lists it (for a form that asks for ids). */
async function productId(page: Page, itemNumber: string): Promise<string> {
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const res = await fetch(`${portal.baseUrl}/api/admin/products?search=${encodeURIComponent(itemNumber)}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const body = (await res.json()) as { data: { items: { id: string; itemNumber: string }[] } };
  const row = body.data.items.find((p) => p.itemNumber === itemNumber);
  if (!row) throw new Error(`no product ${itemNumber}`);
  return row.id;
}

/** The retailer's catalogue (/retailer/order) after a search. */
async function searchCatalogue(page: Page, text: string) {
  await page.goto('/retailer/order');
  await page.getByRole('searchbox', { name: 'Search products' }).fill(text);
}

/** A product's card in the catalogue grid (desktop). */
const card = (page: Page, name: string) =>
  page.getByTestId('product-card').filter({ has: page.getByRole('button', { name: `Details of ${name}`, exact: true }) });

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  portal = await startPortal();
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await portal?.stop();
});

describe('the office imports, promotes and withdraws a product; retailers see it at once', () => {
  it('imports a CSV, promotes one product to route 101, and deactivates it', async () => {
    // ── The office imports the supplier's file ────────────────────────────────────────────────
    const office = await newPage(browser, portal.baseUrl, DESKTOP);
    const a = office.page;
    await signIn(a, ADMIN, '/admin/dashboard');
    await a.goto('/admin/products');
    await a.getByRole('grid', { name: 'Products' }).waitFor();
    await a.getByRole('button', { name: /^Import/ }).click();
    await a.getByRole('dialog', { name: 'Import products' }).waitFor();
    await a
      .getByRole('dialog')
      .locator('input[type="file"]')
      .setInputFiles({
        name: 'sierra-ridge-prices.csv',
        mimeType: 'text/csv',
        buffer: Buffer.from(CSV, 'utf8'),
      });

    // Every column is recognised by its header.
    const mapping = a.getByRole('dialog', { name: 'Match the columns' });
    await mapping.getByText('sierra-ridge-prices.csv: 4 rows.', { exact: false }).waitFor();
    await shoot(a, '01-import-mapping');
    await mapping.getByRole('button', { name: 'Dry run' }).click();

    // The dry run: three new products, the bad row with its reason, nothing saved yet.
    const dryRun = a.getByRole('dialog', { name: 'Check the changes' });
    await dryRun.getByText('Nothing is saved yet. Of 4 rows:').waitFor();
    for (const chip of ['3 new', '0 updated', '0 unchanged', '1 rejected']) {
      await dryRun.getByText(chip, { exact: true }).waitFor();
    }
    const rejected = dryRun.getByRole('region', { name: 'Rejected rows' });
    const rejectedRows = rejected.getByRole('row');
    await expect.poll(() => rejectedRows.count()).toBe(2); // header + the bad row
    expect(await rejectedRows.nth(1).getByRole('cell').allInnerTexts()).toEqual(['5', 'SR-7004', 'Price 1 must be a number']);
    await shoot(a, '02-import-dry-run');

    await dryRun.getByRole('button', { name: 'Apply 3 changes' }).click();
    const finished = a.getByRole('dialog', { name: 'Import finished' });
    await finished.getByText('The import is applied.').waitFor({ timeout: 20_000 });
    for (const chip of ['3 new', '1 rejected']) await finished.getByText(chip, { exact: true }).waitFor();
    await finished.getByRole('button', { name: 'Download rejected rows (1)' }).waitFor();
    await shoot(a, '03-import-applied');
    await finished.getByRole('button', { name: 'Done' }).click();
    await finished.waitFor({ state: 'detached' });

    // The new products are in the office's list, at the imported price.
    await a.getByRole('searchbox', { name: 'Search products' }).fill(BRAND);
    const grid = a.getByRole('grid', { name: 'Products' });
    await grid.getByText(TRAIL_MIX.name, { exact: true }).waitFor();
    await expect.poll(() => grid.getByText(/^Sierra Ridge /).count()).toBe(3);
    await grid.getByText(dollars(TRAIL_MIX.priceCents), { exact: true }).waitFor();
    expect(await grid.getByText('Snacks › Nuts & Seeds', { exact: true }).count()).toBe(3);
    await shoot(a, '04-products-imported');

    // ── The office promotes the trail mix to route 101 ────────────────────────────────────────
    await a.goto('/admin/promo');
    await a.getByRole('button', { name: 'New promotion' }).click();
    const form = a.getByRole('form', { name: 'New promotion' });
    await form.waitFor();
    const title = `Route 101: ${TRAIL_MIX.name} ${PERCENT_OFF}% off`;
    await form.getByRole('textbox', { name: 'Title' }).fill(title);
    await form.getByRole('combobox', { name: /^Discount/ }).click();
    await a.getByRole('option', { name: 'Percent off' }).click();
    await form.getByRole('spinbutton', { name: 'Percent off' }).fill(String(PERCENT_OFF));
    // A product picker is searched by name; a plain field takes the product's id.
    const products = field(form, /^Product/);
    const picker = (await products.getAttribute('aria-autocomplete')) !== null;
    const target = picker ? TRAIL_MIX.name : await productId(a, TRAIL_MIX.itemNumber);
    await enter(a, products, target, new RegExp(escape(TRAIL_MIX.name)));
    await form.getByRole('combobox', { name: /^Audience/ }).click();
    await a.getByRole('option', { name: 'Routes', exact: true }).click();
    await enter(a, field(form, /^(Routes|Who)\b/), '101', /\b101\b/);
    // Starts now (the form's default), no end.
    await shoot(a, '05-promotion-form');
    await a.getByRole('button', { name: 'Create promotion' }).click();
    await toast(a, 'Promotion created').waitFor();
    await form.waitFor({ state: 'detached' });
    const promotions = a.getByRole('grid', { name: 'Promotions' });
    await promotions.getByText(title, { exact: true }).waitFor();
    await promotions.getByText('Routes: 101', { exact: true }).waitFor();
    await shoot(a, '06-promotion-created');

    // ── The retailer on route 101 sees the discount in the catalogue and the cart ─────────────
    const store = await newPage(browser, portal.baseUrl, DESKTOP);
    const r = store.page;
    await signIn(r, ROUTE_101_RETAILER, '/retailer/dashboard');
    await searchCatalogue(r, BRAND);
    await r.getByText('3 products', { exact: true }).waitFor();
    const promoted = card(r, TRAIL_MIX.name);
    await promoted.getByText(dollars(discountedCents), { exact: true }).waitFor();
    await promoted.getByText(dollars(TRAIL_MIX.priceCents), { exact: true }).waitFor(); // the list price, struck through
    await promoted.getByText(`${PERCENT_OFF}% off`, { exact: true }).waitFor();
    // The other two imported products are not part of the promotion.
    const almonds = card(r, 'Sierra Ridge Roasted Almonds 6oz Bag 12ct');
    await almonds.getByText('$31.50', { exact: true }).waitFor();
    expect(await almonds.getByText(/% off$/).count()).toBe(0);
    await shoot(r, '07-route-101-catalogue');

    await promoted.getByRole('button', { name: `Add ${TRAIL_MIX.name} to cart` }).click();
    await r.getByRole('button', { name: 'Cart, 1 item' }).waitFor();
    const quantity = promoted.getByRole('textbox', { name: `Quantity of ${TRAIL_MIX.name}` });
    await expect.poll(() => quantity.inputValue()).toBe('1');
    const saved = r.waitForResponse((res) => res.url().includes('/api/retailer/cart/items/') && res.request().method() === 'PUT');
    await quantity.fill(String(QUANTITY));
    expect((await saved).ok()).toBe(true);

    await r.goto('/retailer/cart');
    const line = r.getByRole('list', { name: 'Cart items' }).getByRole('listitem', { name: TRAIL_MIX.name, exact: true });
    await line.getByText(`${dollars(discountedCents)} each`, { exact: false }).waitFor();
    const lineCents = discountedCents * QUANTITY;
    expect(await r.getByLabel(`Line total ${TRAIL_MIX.name}`).innerText()).toBe(dollars(lineCents));
    const summary = (await r.getByLabel('Order summary').innerText()).replace(/\n\s*\n/g, '\n');
    for (const [label, value] of [
      [`Subtotal (1 line · ${QUANTITY} units)`, dollars(lineCents)],
      ['Tax', '$0.00'],
      ['Total with tax', dollars(lineCents)],
      ['CRV', '$0.00'],
      ['Delivery charge', dollars(DELIVERY_UNDER_250_CENTS)],
      ['Order total', dollars(lineCents + DELIVERY_UNDER_250_CENTS)],
    ]) {
      expect(summary).toContain(`${label}\n${value}`);
    }
    await shoot(r, '08-route-101-cart');

    // ── A retailer on route 202 sees the plain price ──────────────────────────────────────────
    const other = await newPage(browser, portal.baseUrl, PHONE);
    const o = other.page;
    await signIn(o, ROUTE_202_RETAILER, '/retailer/dashboard');
    await searchCatalogue(o, TRAIL_MIX.itemNumber);
    await o.getByText('1 product', { exact: true }).waitFor();
    const plain = o.getByTestId('product-row').filter({ has: o.getByRole('button', { name: `Details of ${TRAIL_MIX.name}` }) });
    await plain.getByText(dollars(TRAIL_MIX.priceCents), { exact: true }).waitFor();
    expect(await plain.getByText(dollars(discountedCents), { exact: true }).count()).toBe(0);
    expect(await plain.getByText(/% off$/).count()).toBe(0);
    await shoot(o, '09-route-202-catalogue');
    await other.context.close();

    // ── The office deactivates the trail mix; the retailer's search no longer finds it ────────
    await a.goto('/admin/products');
    await a.getByRole('searchbox', { name: 'Search products' }).fill(TRAIL_MIX.itemNumber);
    await grid.getByText(TRAIL_MIX.name, { exact: true }).waitFor();
    await a.getByRole('button', { name: `Deactivate ${TRAIL_MIX.itemNumber}` }).click();
    const confirm = a.getByRole('dialog', { name: 'Deactivate product' });
    await confirm
      .getByText(
        `Deactivate ${TRAIL_MIX.itemNumber} ${TRAIL_MIX.name}? Retailers and reps stop seeing it in the catalogue; you can reactivate it later.`,
      )
      .waitFor();
    await confirm.getByRole('button', { name: 'Deactivate' }).click();
    await confirm.waitFor({ state: 'detached' });
    await grid.getByText('Inactive', { exact: true }).waitFor();
    await a.getByRole('button', { name: `Reactivate ${TRAIL_MIX.itemNumber}` }).waitFor();
    await shoot(a, '10-product-deactivated');

    await searchCatalogue(r, TRAIL_MIX.itemNumber);
    await r.getByText('No products found', { exact: true }).waitFor();
    await searchCatalogue(r, BRAND);
    await r.getByText('2 products', { exact: true }).waitFor();
    expect(await card(r, TRAIL_MIX.name).count()).toBe(0);
    await shoot(r, '11-route-101-after-deactivation');

    // The line already in the cart is marked, and one click takes it out.
    await r.goto('/retailer/cart');
    await line.getByText('No longer available to order.', { exact: true }).waitFor();
    await r
      .getByLabel('Order summary')
      .getByText('1 item in your cart needs attention. Please fix the marked line.', { exact: true })
      .waitFor();
    await shoot(r, '12-route-101-cart-after-deactivation');
    await line.getByRole('button', { name: 'Remove', exact: true }).click();
    await r.getByText('Your cart is empty', { exact: true }).waitFor();
    await r.getByRole('button', { name: 'Cart, 0 items' }).waitFor();

    await store.context.close();
    await office.context.close();
  });
});

// Issue 3 §3 browser journey: the demo retailer (customer 10001, $50.00 minimum order) finds a
// product by its UPC, adds it, is stopped by the product limit and by the minimum order, raises the
// cart over the minimum and places the order on a phone (a store owner at 6 a.m.); then, on a
// desktop, finds the order in history, opens it, downloads its PDF and reorders it. Then (issue 13
// §1) stock runs out under an older order: its reorder adds what it can and lists what it could not,
// the cart marks a line short of stock, one click fixes it and the order goes through in one attempt.
// Real server (fresh SQLite, demo seed), real Chromium.
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, PHONE, launchBrowser, newPage, startPortal, type Portal, shot } from './harness.ts';

const EMAIL = 'retailer@demo.test';
const PASSWORD = 'Demo@12345';
const MINIMUM = 50; // customer 10001's minimum order amount (base world)
const SHOTS = '/tmp/shots';

let portal: Portal;
let browser: Browser;

/** A demo product that has a product limit and costs less than the minimum, found through the API. */
interface LimitedProduct {
  id: string;
  itemNumber: string;
  name: string;
  upc: string;
  price: number;
  limit: number;
  /** Units needed to reach the minimum order amount (within the limit). */
  unitsOverMinimum: number;
}
let product: LimitedProduct;

async function api<T>(path: string, token: string, init: RequestInit = {}): Promise<T> {
  const res = await fetch(`${portal.baseUrl}/api${path}`, {
    ...init,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', ...init.headers },
  });
  const body = (await res.json()) as { success: boolean; data: T; message: string };
  if (!res.ok) throw new Error(`${path}: ${res.status} ${body.message}`);
  return body.data;
}

interface CatalogItem {
  id: string;
  Item_Number: string;
  Description: string;
  UPCList: { UPC_Number: string }[];
  price?: number;
  hasProductLimit: boolean;
  productLimit: number | null;
  allowToOrder: boolean;
  Inventory_OnHand?: number;
}

/**
 * The first 64 demo products are always active, priced, orderable and in stock (docs/demo-data.md);
 * among them, one with a product limit whose single unit is under the minimum but whose limit allows
 * going over it. The seed is deterministic, so this is the same product on every run.
 */
async function findLimitedProduct(): Promise<LimitedProduct> {
  const login = await fetch(`${portal.baseUrl}/api/auth/loginWithPassword`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email_phone: EMAIL, password: PASSWORD }),
  });
  const { token } = ((await login.json()) as { data: { token: string } }).data;
  const candidates: LimitedProduct[] = [];
  for (let page = 1; ; page++) {
    const data = await api<{ finalProductList: CatalogItem[]; total: number; limit: number }>('/retailer/getInventory', token, {
      method: 'POST',
      body: JSON.stringify({ sort: 'name', page, limit: 200 }),
    });
    for (const p of data.finalProductList) {
      const showcase = Number(p.id.replace(/^prod-/, '')) <= 64;
      const limit = p.hasProductLimit ? p.productLimit : null;
      if (!showcase || !limit || p.price === undefined || !p.allowToOrder || p.UPCList.length === 0) continue;
      const units = Math.ceil(MINIMUM / p.price);
      if (p.price >= MINIMUM || units > limit) continue;
      candidates.push({
        id: p.id,
        itemNumber: p.Item_Number,
        name: p.Description,
        upc: p.UPCList[0]!.UPC_Number,
        price: p.price,
        limit,
        unitsOverMinimum: units,
      });
    }
    if (page * data.limit >= data.total) break;
  }
  candidates.sort((a, b) => a.unitsOverMinimum - b.unitsOverMinimum || a.id.localeCompare(b.id));
  if (!candidates[0]) throw new Error('the demo catalogue has no showcase product with a product limit');
  return candidates[0];
}

/** Three showcase products without a limit, ordered together in an earlier order (see beforeAll). */
interface StockedProduct {
  id: string;
  itemNumber: string;
  name: string;
  price: number;
  quantity: number;
}
let earlier: { orderNumber: string; whole: StockedProduct; gone: StockedProduct; short: StockedProduct };

async function signInByApi(): Promise<string> {
  const login = await fetch(`${portal.baseUrl}/api/auth/loginWithPassword`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email_phone: EMAIL, password: PASSWORD }),
  });
  return ((await login.json()) as { data: { token: string } }).data.token;
}

/**
 * An earlier order of three showcase products (no limit, plenty on hand), placed through the API
 * before the journey starts; the journey later empties the shelf of one and lowers another.
 */
interface Row {
  id: string;
  stock_on_hand: number;
  allow_backorder: number;
}

async function placeEarlierOrder(): Promise<typeof earlier> {
  const token = await signInByApi();
  const data = await api<{ finalProductList: CatalogItem[] }>('/retailer/getInventory', token, {
    method: 'POST',
    body: JSON.stringify({ sort: 'name', page: 1, limit: 200 }),
  });
  // What is on hand, read in the database: the catalogue shows the count only when the distributor lets it.
  const db = new Database(path.join(portal.dataDir, 'portal.sqlite'), { readonly: true });
  const onHand = new Map(
    (db.prepare('SELECT id, stock_on_hand, allow_backorder FROM products').all() as Row[]).map((r) => [
      r.id,
      r.allow_backorder ? 0 : r.stock_on_hand,
    ]),
  );
  db.close();
  const picked = data.finalProductList
    .filter(
      (p) =>
        Number(p.id.replace(/^prod-/, '')) <= 64 &&
        p.id !== product.id &&
        !p.hasProductLimit &&
        p.allowToOrder &&
        p.price !== undefined &&
        (onHand.get(p.id) ?? 0) >= 20,
    )
    .sort((a, b) => a.id.localeCompare(b.id))
    .slice(0, 3);
  if (picked.length < 3) throw new Error('the demo catalogue has not three showcase products without a limit');
  const [whole, gone, short] = picked.map((p, i) => ({
    id: p.id,
    itemNumber: p.Item_Number,
    name: p.Description,
    price: p.price!,
    // The first line alone reaches the minimum order amount.
    quantity: i === 0 ? Math.max(2, Math.ceil(MINIMUM / p.price!)) : i === 1 ? 2 : 5,
  })) as [StockedProduct, StockedProduct, StockedProduct];
  for (const p of [whole, gone, short]) {
    await api('/retailer/cart/add', token, { method: 'POST', body: JSON.stringify({ productId: p.id, quantity: p.quantity }) });
  }
  const placed = await api<{ orderNumber: string }>('/retailer/placeOrder', token, {
    method: 'POST',
    body: '{}',
    headers: { 'is-web-order': 'true', 'Idempotency-Key': 'journey-earlier-order' },
  });
  return { orderNumber: placed.orderNumber, whole, gone, short };
}

/** Sets what is on hand, straight in the portal's database (as a delivery or another buyer would). */
function setStock(productId: string, onHand: number) {
  const db = new Database(path.join(portal.dataDir, 'portal.sqlite'));
  try {
    db.pragma('busy_timeout = 5000');
    const changed = db.prepare('UPDATE products SET stock_on_hand = ?, allow_backorder = 0 WHERE id = ?').run(onHand, productId);
    if (changed.changes !== 1) throw new Error(`no product ${productId}`);
  } finally {
    db.close();
  }
}

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  portal = await startPortal();
  browser = await launchBrowser();
  product = await findLimitedProduct();
  earlier = await placeEarlierOrder();
});
afterAll(async () => {
  await browser?.close();
  await portal?.stop();
});

// Written independently of the app's formatter: en-US dollars with thousands separators.
const dollars = (n: number) => n.toLocaleString('en-US', { style: 'currency', currency: 'USD' });

async function signIn(page: Page) {
  await page.goto('/loginPassword');
  await page.getByLabel('Email or phone number').fill(EMAIL);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL('**/retailer/dashboard');
}

const shoot = (page: Page, name: string) => shot(page, `${SHOTS}/retailer-${name}.png`);
/** A toast saying exactly `text`. */
const toast = (page: Page, text: string) =>
  page.getByRole('status').filter({ hasText: new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`) });

interface CartSummary {
  finalCartItems: { Product: { id: string; Qty: number; TotalPrice: string } }[];
  count: number;
  totalItems: number;
  totalAmount: number;
  totalTax: number;
  totalAmountWithTax: number;
  totalCrv: number;
  deliveryCharge: number;
  grandTotal: number;
}

describe('retailer journey', () => {
  it('orders on a phone past the product limit and the minimum, then finds, prints and reorders it on a desktop', async () => {
    // ── On the phone ────────────────────────────────────────────────────────────────────────
    const phone = await newPage(browser, portal.baseUrl, PHONE);
    const p = phone.page;
    await signIn(p);
    await p.getByRole('button', { name: 'Open menu' }).click();
    await p.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Order', exact: true }).click();
    await p.waitForURL('**/retailer/order');

    // Search by UPC: that product and only it.
    await p.getByRole('searchbox', { name: 'Search products' }).fill(product.upc);
    await p.getByText('1 product', { exact: true }).waitFor();
    const addButtons = p.getByRole('button', { name: /^Add .+ to cart$/ });
    await expect.poll(() => addButtons.count()).toBe(1);
    await p.getByRole('button', { name: `Add ${product.name} to cart` }).waitFor();
    await shoot(p, '01-phone-search-by-upc');
    await p.getByRole('button', { name: `Add ${product.name} to cart` }).click();
    const cartIcon = p.getByRole('button', { name: 'Cart, 1 item' });
    await cartIcon.waitFor();
    const quantity = p.getByRole('textbox', { name: `Quantity of ${product.name}` });
    await expect.poll(() => quantity.inputValue()).toBe('1');

    // Over the product limit: refused with the spec's message, the cart keeps 1.
    await quantity.fill(String(product.limit + 1));
    const limitMessage = `Maximum quantity limit for ${product.itemNumber} is ${product.limit}. You cannot add more than ${product.limit} items.`;
    await toast(p, limitMessage).waitFor();
    await expect.poll(() => quantity.inputValue()).toBe('1');
    await shoot(p, '02-phone-product-limit');
    const token = await p.evaluate(() => localStorage.getItem('token'));
    expect(token).toBeTruthy();
    const afterLimit = await api<CartSummary>('/retailer/cart/items', token!);
    expect(afterLimit.finalCartItems.map((i) => [i.Product.id, i.Product.Qty])).toEqual([[product.id, 1]]);

    // Under the minimum: the cart does not open.
    await cartIcon.click();
    const minimumMessage =
      `Minimum order amount is ${dollars(MINIMUM)}. Your current total is ${dollars(product.price)}. ` +
      'Please add more items to meet the minimum requirement.';
    await toast(p, minimumMessage).waitFor();
    await shoot(p, '03-phone-minimum-order');
    expect(new URL(p.url()).pathname).toBe('/retailer/order');

    // Over the minimum.
    const updated = p.waitForResponse(
      (r) => r.url().endsWith(`/api/retailer/cart/items/${product.id}`) && r.request().method() === 'PUT' && r.ok(),
    );
    await quantity.fill(String(product.unitsOverMinimum));
    await updated;
    // The cart-open check reads the cart the page holds, which takes the server's answer a moment
    // after it arrives: tap again until it opens (it must, within a few seconds).
    await expect
      .poll(
        async () => {
          await cartIcon.click();
          return new URL(p.url()).pathname;
        },
        { timeout: 5000 },
      )
      .toBe('/retailer/cart');

    // The cart shows what the server answers.
    const cart = await api<CartSummary>('/retailer/cart/items', token!);
    expect(cart.count).toBe(1);
    expect(cart.totalItems).toBe(product.unitsOverMinimum);
    expect(Math.round(cart.totalAmount * 100)).toBe(Math.round(product.price * 100) * product.unitsOverMinimum);
    expect(cart.totalAmount).toBeGreaterThanOrEqual(MINIMUM);
    const lines = p.getByRole('list', { name: 'Cart items' }).getByRole('listitem');
    await expect.poll(() => lines.count()).toBe(1);
    expect(await lines.first().getByText(product.name).count()).toBe(1);
    expect(await p.getByLabel(`Line total ${product.name}`).innerText()).toBe(`$${cart.finalCartItems[0]!.Product.TotalPrice}`);
    const summary = p.getByLabel('Order summary');
    // One label and its amount per row, as the buyer reads them.
    const summaryText = (await summary.innerText()).replace(/\n\s*\n/g, '\n');
    for (const [label, value] of [
      [`Subtotal (1 line · ${cart.totalItems} units)`, dollars(cart.totalAmount)],
      ['Tax', dollars(cart.totalTax)],
      ['Total with tax', dollars(cart.totalAmountWithTax)],
      ['CRV', dollars(cart.totalCrv)],
      ['Delivery charge', cart.deliveryCharge > 0 ? dollars(cart.deliveryCharge) : 'Free'],
      ['Order total', dollars(cart.grandTotal)],
    ]) {
      expect(summaryText).toContain(`${label}\n${value}`);
    }
    await shoot(p, '04-phone-cart');

    // Place the order.
    await p.getByRole('button', { name: 'Place order' }).click();
    const placed = p.getByRole('dialog').filter({ hasText: 'Order placed' });
    await placed.waitFor();
    const orderNumber = (await placed.getByTestId('order-number').innerText()).trim();
    expect(orderNumber).toMatch(/^\d{6,}$/);
    await placed.getByText(`1 line · ${cart.totalItems} units · ${dollars(cart.grandTotal)}`).waitFor();
    await shoot(p, '05-phone-order-placed');
    await placed.getByRole('link', { name: 'Continue shopping' }).click();
    await p.waitForURL('**/retailer/order');
    await p.getByRole('button', { name: 'Cart, 0 items' }).waitFor();
    await phone.context.close();

    // ── On the desktop ──────────────────────────────────────────────────────────────────────
    const desk = await newPage(browser, portal.baseUrl, DESKTOP);
    const d = desk.page;
    await signIn(d);
    await d.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Order History' }).click();
    await d.waitForURL('**/retailer/orders/history');
    const row = d.getByRole('row', { name: `Order ${orderNumber}` });
    await row.waitFor();
    await shoot(d, '06-desktop-history');
    await row.click();
    await d.waitForURL(`**/retailer/order/details/${orderNumber}`);
    await d.getByRole('heading', { name: `Order #${orderNumber}` }).waitFor();
    const orderLines = d.getByRole('list', { name: 'Order lines' }).getByRole('listitem');
    await expect.poll(() => orderLines.count()).toBe(1);
    await orderLines
      .first()
      .getByText(`${product.unitsOverMinimum} × ${dollars(product.price)}`)
      .waitFor();
    // The order keeps the totals the cart showed.
    const totals = (await d.getByLabel('Order totals').innerText()).replace(/\n\s*\n/g, '\n');
    expect(totals).toContain(`Subtotal (1 line)\n${dollars(cart.totalAmount)}`);
    expect(totals).toContain(`Delivery charge\n${dollars(cart.deliveryCharge)}`);
    expect(totals).toContain(`Total\n${dollars(cart.grandTotal)}`);
    await shoot(d, '07-desktop-details');

    // The PDF.
    await d.getByRole('button', { name: 'PDF' }).click();
    const download = d.waitForEvent('download');
    await d.getByRole('menuitem', { name: 'Download with prices' }).click();
    const pdf = await download;
    expect(pdf.suggestedFilename()).toBe(`order-${orderNumber}.pdf`);
    const bytes = readFileSync((await pdf.path())!);
    expect(bytes.subarray(0, 4).toString('latin1')).toBe('%PDF');

    // Reorder: the lines are back in the cart.
    await d.getByRole('button', { name: 'Cart, 0 items' }).waitFor();
    await d.getByRole('button', { name: 'Reorder' }).click();
    const reorder = d.getByRole('dialog', { name: 'Reorder' });
    await reorder.getByText('1 of 1 line added to your cart.').waitFor();
    await shoot(d, '08-desktop-reorder');
    await reorder.getByRole('button', { name: 'Close' }).click();
    const badge = d.getByRole('button', { name: 'Cart, 1 item' });
    await badge.waitFor();
    await badge.click();
    await d.waitForURL('**/retailer/cart');
    const again = d.getByRole('textbox', { name: `Quantity of ${product.name}` });
    await expect.poll(() => again.inputValue()).toBe(String(product.unitsOverMinimum));
    await shoot(d, '09-desktop-cart-after-reorder');

    // ── Stock runs out under the earlier order (issue 13 §1) ───────────────────────────────────
    const { whole, gone, short } = earlier;
    setStock(gone.id, 0);
    setStock(short.id, 3);
    await d.goto(`/retailer/order/details/${earlier.orderNumber}`);
    await d.getByRole('heading', { name: `Order #${earlier.orderNumber}` }).waitFor();
    await d.getByRole('button', { name: 'Reorder' }).click();
    const result = d.getByRole('dialog', { name: 'Reorder' });
    await result.getByText('2 of 3 lines added to your cart, 1 partly.').waitFor();
    const notAdded = result.getByRole('region', { name: 'Not added (1)' });
    await notAdded.getByText(`${gone.name} (#${gone.itemNumber}): ${gone.name} (${gone.itemNumber}) is out of stock.`).waitFor();
    const partly = result.getByRole('region', { name: 'Partly added (1)' });
    await partly.getByText(`${short.name} (#${short.itemNumber}): 3 of ${short.quantity} added: only 3 left in stock`).waitFor();
    const added = result.getByRole('region', { name: 'Added (1)' });
    await added.getByText(`${whole.name} (#${whole.itemNumber}): ${whole.quantity} units`).waitFor();
    await shoot(d, '10-desktop-reorder-partial');
    await result.getByRole('button', { name: 'Go to cart' }).click();
    await d.waitForURL('**/retailer/cart');

    // Another buyer takes most of a line's stock: the cart marks that line, and only it.
    setStock(whole.id, 1);
    await d.reload();
    const cartLines = d.getByRole('list', { name: 'Cart items' });
    await expect.poll(() => cartLines.getByRole('listitem').count()).toBe(3);
    const shortLine = cartLines.getByRole('listitem', { name: whole.name, exact: true });
    await shortLine.getByText('Only 1 left in stock.').waitFor();
    expect(await cartLines.getByTestId('line-problem').count()).toBe(1);
    const orderSummary = d.getByLabel('Order summary');
    await orderSummary.getByText('1 item in your cart needs attention. Please fix the marked line.').waitFor();
    await shoot(d, '11-desktop-cart-marked-line');

    // One click fixes it.
    await shortLine.getByRole('button', { name: 'Reduce to 1' }).click();
    await expect.poll(() => shortLine.getByRole('textbox', { name: `Quantity of ${whole.name}` }).inputValue()).toBe('1');
    await expect.poll(() => cartLines.getByTestId('line-problem').count()).toBe(0);
    expect(await orderSummary.getByText(/needs? attention/).count()).toBe(0);

    // The order goes through in one attempt.
    const attempts: string[] = [];
    d.on('request', (r) => {
      if (r.url().endsWith('/api/retailer/placeOrder')) attempts.push(r.method());
    });
    const deskToken = await d.evaluate(() => localStorage.getItem('token'));
    const fixed = await api<CartSummary>('/retailer/cart/items', deskToken!);
    await orderSummary.getByRole('button', { name: 'Place order' }).click();
    const done = d.getByRole('dialog').filter({ hasText: 'Order placed' });
    await done.getByText(`3 lines · ${fixed.totalItems} units · ${dollars(fixed.grandTotal)}`).waitFor();
    expect(attempts).toEqual(['POST']);
    await shoot(d, '12-desktop-order-placed');
    await desk.context.close();
  });

  it('opens a bookmarked order screen with its cart and products asked for once, before the app has loaded', async () => {
    const { context, page } = await newPage(browser, portal.baseUrl, PHONE);
    await signIn(page);
    // Only the order screen's requests: the dashboard the sign-in landed on may still be asking for
    // the cart, and its requests stop once the new page has replaced it, before that page asks for
    // its early-requests script.
    const sent: string[] = [];
    let onOrderScreen = false;
    page.on('request', (r) => {
      const url = new URL(r.url());
      if (url.pathname === '/early-requests.js') onOrderScreen = true;
      if (!onOrderScreen) return;
      if (url.pathname === '/api/retailer/getInventory' || url.pathname === '/api/retailer/cart/items')
        sent.push(`${r.method()} ${url.pathname} ${r.postData() ?? ''}`);
    });
    const early = page.waitForResponse((r) => new URL(r.url()).pathname === '/early-requests.js');
    await page.goto(`/retailer/order?q=${product.upc}`);
    expect((await early).headers()['cache-control']).toBe('no-cache');
    await page.getByText('1 product', { exact: true }).waitFor();
    await page.getByRole('button', { name: `Add ${product.name} to cart` }).waitFor();
    await page.waitForTimeout(1000);
    // The page's two early requests went first, and the app took both answers instead of asking again.
    expect(sent.slice(0, 2)).toEqual([
      'GET /api/retailer/cart/items ',
      `POST /api/retailer/getInventory {"search":"${product.upc}","page":1,"limit":50}`,
    ]);
    expect(sent.filter((s) => s.startsWith('POST'))).toHaveLength(1);
    expect(
      await page.evaluate(
        () => (window as unknown as { __portalEarlyAnswers?: Map<string, unknown> }).__portalEarlyAnswers?.size,
      ),
    ).toBe(0);
    await context.close();
  });
});

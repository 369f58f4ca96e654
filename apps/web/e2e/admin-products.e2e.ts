// Issue 14 §4 browser journey: the distributor's office changes a product's price on /admin/products
// (search, Edit, Price 1, Save) and the retailer (price level 1) sees the new price in the catalogue
// at once. Real server (fresh SQLite, demo seed), real Chromium, desktop for the office and a phone
// for the store.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, PHONE, launchBrowser, newPage, startPortal, type Portal } from './harness.ts';

const PASSWORD = 'Demo@12345';

let portal: Portal;
let browser: Browser;

interface CatalogItem {
  id: string;
  Item_Number: string;
  Description: string;
  price?: number;
  isDiscounted?: boolean;
  hasQtyDiscount?: boolean;
}

async function signIn(page: Page, email: string, landing: string) {
  await page.goto('/loginPassword');
  await page.getByLabel('Email or phone number').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL(`**${landing}`);
}

/** A showcase product the retailer sees at its plain level-1 price (no promotion), read through the API. */
async function pickProduct(): Promise<{ itemNumber: string; name: string; price: number }> {
  const login = await fetch(`${portal.baseUrl}/api/auth/loginWithPassword`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email_phone: 'retailer@demo.test', password: PASSWORD }),
  });
  const { token } = ((await login.json()) as { data: { token: string } }).data;
  const res = await fetch(`${portal.baseUrl}/api/retailer/getInventory`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ sort: 'name', page: 1, limit: 200 }),
  });
  const list = ((await res.json()) as { data: { finalProductList: CatalogItem[] } }).data.finalProductList;
  const p = list.find(
    (x) => Number(x.id.replace(/^prod-/, '')) <= 64 && x.price !== undefined && !x.isDiscounted && !x.hasQtyDiscount,
  );
  if (!p) throw new Error('no plain showcase product in the demo catalogue');
  return { itemNumber: p.Item_Number, name: p.Description, price: p.price! };
}

beforeAll(async () => {
  portal = await startPortal();
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await portal?.stop();
});

describe('the office changes a price and the retailer sees it', () => {
  it('edits Price 1 on /admin/products; the retailer catalogue shows the new price', async () => {
    const product = await pickProduct();
    const newPrice = (Math.round(product.price * 100) + 123) / 100;
    const shown = `$${newPrice.toFixed(2)}`;

    const office = await newPage(browser, portal.baseUrl, DESKTOP);
    const a = office.page;
    await signIn(a, 'admin@demo.test', '/admin/dashboard');
    await a.goto('/admin/products');
    await a.getByRole('searchbox', { name: 'Search products' }).fill(product.itemNumber);
    const grid = a.getByRole('grid', { name: 'Products' });
    await grid.getByText(product.name, { exact: true }).waitFor();
    await a.getByRole('button', { name: `Edit ${product.itemNumber}` }).click();
    const form = a.getByRole('form', { name: `Edit product ${product.itemNumber}` });
    const price = form.getByLabel(/^Price 1/);
    await expect.poll(() => price.inputValue()).toBe(String(product.price));
    await price.fill(String(newPrice));
    await a.getByRole('button', { name: 'Save' }).click();
    await a.getByRole('status').filter({ hasText: 'Product updated' }).waitFor();
    await form.waitFor({ state: 'detached' });
    await grid.getByText(shown, { exact: true }).waitFor();
    await office.context.close();

    const store = await newPage(browser, portal.baseUrl, PHONE);
    const r = store.page;
    await signIn(r, 'retailer@demo.test', '/retailer/dashboard');
    await r.goto('/retailer/product-catalog');
    await r.getByRole('searchbox', { name: 'Search products' }).fill(product.itemNumber);
    const card = r.getByRole('button', { name: `Details of ${product.name}` }).first();
    await card.waitFor();
    await expect.poll(() => r.getByText(shown, { exact: true }).count()).toBeGreaterThan(0);
    await store.context.close();
  });
});

// Issue 15 §4 browser journey: a store orders; the office opens the order on /admin/order/details/:id,
// edits a quantity, confirms and sees the new totals and revision, and writes a note; the store's order
// details show the new quantity, total, revision and the note. Real server (fresh SQLite, demo seed),
// real Chromium; the office on a desktop, the store on a phone.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, PHONE, launchBrowser, newPage, startPortal, type Portal } from './harness.ts';

const PASSWORD = 'Demo@12345';

let portal: Portal;
let browser: Browser;

async function signIn(page: Page, email: string, landing: string) {
  await page.goto('/loginPassword');
  await page.getByLabel('Email or phone number').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL(`**${landing}`);
}

async function api<T>(
  path: string,
  token: string,
  init: { method?: string; body?: unknown; headers?: Record<string, string> } = {},
) {
  const res = await fetch(`${portal.baseUrl}/api${path}`, {
    method: init.method ?? 'GET',
    headers: {
      authorization: `Bearer ${token}`,
      ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...init.headers,
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const body = (await res.json()) as { data: T; message: string };
  if (!res.ok) throw new Error(`${path}: ${res.status} ${body.message}`);
  return body.data;
}

async function tokenOf(email: string): Promise<string> {
  const login = await fetch(`${portal.baseUrl}/api/auth/loginWithPassword`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email_phone: email, password: PASSWORD }),
  });
  return ((await login.json()) as { data: { token: string } }).data.token;
}

/** The store orders 2 of a product with plenty of stock, through the API. */
async function storeOrders(): Promise<{ orderId: string; orderNumber: string; description: string }> {
  const token = await tokenOf('retailer@demo.test');
  const list = await api<{ finalProductList: { id: string; Description: string; Inventory_OnHand?: number; price?: number }[] }>(
    '/retailer/getInventory',
    token,
    { method: 'POST', body: { only: 'inStock', sort: 'name', limit: 100 } },
  );
  const product = list.finalProductList.find((p) => (p.Inventory_OnHand ?? 0) >= 20 && p.price !== undefined);
  if (!product) throw new Error('no product with stock in the demo catalogue');
  await api('/retailer/cart/clear', token, { method: 'DELETE' });
  await api('/retailer/cart/add', token, { method: 'POST', body: { productId: product.id, quantity: 2 } });
  const placed = await api<{ orderId: string; orderNumber: string }>('/retailer/placeOrder', token, {
    method: 'POST',
    body: {},
    headers: { 'is-web-order': 'true' },
  });
  return { ...placed, description: product.Description };
}

beforeAll(async () => {
  portal = await startPortal();
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await portal?.stop();
});

describe('the office edits an order before picking and the store sees it', () => {
  it('edits a quantity on /admin/order/details/:id; totals and revision change; the store sees the new quantity', async () => {
    const order = await storeOrders();

    const office = await newPage(browser, portal.baseUrl, DESKTOP);
    const a = office.page;
    await signIn(a, 'admin@demo.test', '/admin/dashboard');
    await a.goto(`/admin/order/details/${order.orderId}`);
    await a.getByRole('heading', { name: `Order #${order.orderNumber}` }).waitFor();
    const totalBefore = await a.getByTestId('order-total').textContent();

    await a.getByRole('button', { name: 'Edit lines' }).click();
    const qty = a.getByRole('spinbutton', { name: `Quantity of ${order.description}` });
    await qty.fill('3');
    await a.getByRole('button', { name: 'Review and save' }).click();
    const dialog = a.getByRole('dialog', { name: 'Save revision 1?' });
    await dialog.getByText(`${order.description}`, { exact: false }).first().waitFor();
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    await a.getByText('Revision 1', { exact: true }).waitFor();
    await a.getByText('Order updated').waitFor();

    const admin = await tokenOf('admin@demo.test');
    const saved = await api<{ totals: { total: number }; lines: { quantity: number }[] }>(
      `/admin/orders/${order.orderId}`,
      admin,
    );
    expect(saved.lines.map((l) => l.quantity)).toEqual([3]);
    const shownTotal = `$${saved.totals.total.toFixed(2)}`;
    await expect.poll(() => a.getByTestId('order-total').textContent()).toBe(shownTotal);
    expect(shownTotal).not.toBe(totalBefore);

    await a.getByLabel('Write to the store').fill('We raised the quantity to 3 as you asked.');
    await a.getByRole('button', { name: 'Add note' }).click();
    await a.getByRole('list', { name: 'Notes' }).getByText('We raised the quantity to 3 as you asked.').waitFor();
    await office.context.close();

    const store = await newPage(browser, portal.baseUrl, PHONE);
    const r = store.page;
    await signIn(r, 'retailer@demo.test', '/retailer/dashboard');
    await r.goto(`/retailer/order/details/${order.orderNumber}`);
    const lines = r.getByRole('list', { name: 'Order lines' });
    await lines.getByText(order.description).waitFor();
    await expect.poll(async () => (await lines.textContent()) ?? '').toContain('3 ×');
    await expect.poll(async () => (await r.getByLabel('Order totals').textContent()) ?? '').toContain(shownTotal);
    await r.getByText('Revision 1', { exact: false }).waitFor();
    await r.getByRole('list', { name: 'Notes' }).getByText('We raised the quantity to 3 as you asked.').waitFor();
    await store.context.close();
  });
});

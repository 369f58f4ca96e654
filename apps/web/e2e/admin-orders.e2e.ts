// Issue 15 §4 browser journey: the store places two orders; the office, on /admin/order, filters the
// queue to route 101's placed orders, saves that as a view (a tab with its count), selects the two
// orders and bulk-moves them to out for delivery after the confirmation, and reads the result summary;
// the store's delivery status then shows Out for Delivery. Real server (fresh SQLite, demo seed), real
// Chromium at desktop size.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, launchBrowser, newPage, startPortal, type Portal } from './harness.ts';

const PASSWORD = 'Demo@12345';

let portal: Portal;
let browser: Browser;

interface CatalogItem {
  id: string;
  price?: number;
  allowToOrder: boolean;
  hasProductLimit: boolean;
}

async function api<T>(path: string, token: string, init: RequestInit = {}): Promise<T> {
  const res = await fetch(`${portal.baseUrl}/api${path}`, {
    ...init,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', ...init.headers },
  });
  const body = (await res.json()) as { data: T; message: string };
  if (!res.ok) throw new Error(`${path}: ${res.status} ${body.message}`);
  return body.data;
}

async function retailerToken(): Promise<string> {
  const login = await fetch(`${portal.baseUrl}/api/auth/loginWithPassword`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email_phone: 'retailer@demo.test', password: PASSWORD }),
  });
  return ((await login.json()) as { data: { token: string } }).data.token;
}

/** An order of one showcase product, over the store's $50 minimum. */
async function placeOrder(token: string, key: string): Promise<string> {
  const data = await api<{ finalProductList: CatalogItem[] }>('/retailer/getInventory', token, {
    method: 'POST',
    body: JSON.stringify({ sort: 'name', page: 1, limit: 100 }),
  });
  const p = data.finalProductList.find(
    (x) => Number(x.id.replace(/^prod-/, '')) <= 64 && x.allowToOrder && !x.hasProductLimit && x.price !== undefined,
  );
  if (!p) throw new Error('no orderable showcase product');
  await api('/retailer/cart/add', token, {
    method: 'POST',
    body: JSON.stringify({ productId: p.id, quantity: Math.max(2, Math.ceil(60 / p.price!)) }),
  });
  const placed = await api<{ orderNumber: string }>('/retailer/placeOrder', token, {
    method: 'POST',
    body: '{}',
    headers: { 'is-web-order': 'true', 'Idempotency-Key': key },
  });
  return placed.orderNumber;
}

async function signIn(page: Page) {
  await page.goto('/loginPassword');
  await page.getByLabel('Email or phone number').fill('admin@demo.test');
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL('**/admin/dashboard');
}

beforeAll(async () => {
  portal = await startPortal();
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await portal?.stop();
});

describe('the office works the order queue', () => {
  it('saves a view, selects two orders, moves them out for delivery and reads the result', async () => {
    const token = await retailerToken();
    const first = await placeOrder(token, 'queue-journey-1');
    const second = await placeOrder(token, 'queue-journey-2');

    const { page } = await newPage(browser, portal.baseUrl, DESKTOP);
    await signIn(page);
    await page.goto('/admin/order');
    const grid = page.getByRole('grid', { name: 'Orders' });
    await grid.getByText(second, { exact: true }).waitFor();

    // Filters: placed orders on route 101.
    await page.getByRole('combobox', { name: 'Status' }).click();
    await page.getByRole('option', { name: 'Order Placed' }).click();
    await page.keyboard.press('Escape');
    await page.getByRole('group', { name: 'Filters' }).getByLabel('Route', { exact: true }).selectOption('101');
    await expect.poll(() => new URL(page.url()).search).toBe('?status=placed&route=101');
    await grid.getByText(second, { exact: true }).waitFor();

    // Save them as a view: a tab with its count, selected.
    await page.getByRole('button', { name: 'Save view' }).click();
    const save = page.getByRole('dialog', { name: 'Save view' });
    await save.getByLabel(/View name/).fill('Route 101 placed');
    await save.getByRole('button', { name: 'Save view' }).click();
    const tab = page.getByRole('tab', { name: /Route 101 placed/ });
    await tab.waitFor();
    await expect.poll(() => tab.getAttribute('aria-selected')).toBe('true');
    await expect.poll(async () => /\d/.test((await tab.textContent()) ?? '')).toBe(true);

    // Select the two new orders and move them.
    for (const number of [first, second]) {
      await grid.getByRole('row').filter({ hasText: number }).getByRole('checkbox', { name: 'Select row' }).check();
    }
    const bar = page.getByRole('toolbar', { name: 'Bulk actions' });
    await bar.getByText('2 selected').waitFor();
    await bar.getByRole('button', { name: 'Out for delivery' }).click();
    const confirm = page.getByRole('dialog', { name: 'Move 2 orders to Out for Delivery?' });
    await confirm.getByText('2 orders will move to Out for Delivery.').waitFor();
    await confirm.getByRole('button', { name: 'Move to Out for Delivery' }).click();
    const result = page.getByRole('dialog', { name: 'Result' });
    await expect.poll(() => result.getByRole('status').textContent()).toBe('2 moved');
    await result.getByRole('button', { name: 'OK' }).click();

    // They leave the view (no longer placed), and the store sees the new status.
    await expect.poll(() => grid.getByText(second, { exact: true }).count()).toBe(0);
    for (const number of [first, second]) {
      const status = await api<{ status: string; statusLabel: string }>(`/retailer/orderDeliveryStatus/${number}`, token);
      expect(status).toMatchObject({ status: 'out_for_delivery', statusLabel: 'Out for Delivery' });
    }
  });
});

// Issue 15 §7 browser journey, end to end on one portal: a new store signs up at /signup and confirms
// the code from its e-mail; the office approves it onto route 101 with Maria Lopez (rep-1, the demo
// sales user sales@demo.test) as its rep; the store signs in at /login with a one-time code (read from
// the dev outbox) and places an order; the office, from a saved view "placed, route 101", selects that
// order and one of store 10001's and bulk-moves both to Out for Delivery and reads the result; the
// store's order details show Out for Delivery; the rep signs in and finds the new store in its
// customer selector. Real server (fresh SQLite, demo seed), real Chromium.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, PHONE, latestCode, launchBrowser, newPage, signUpStore, startPortal, type Portal } from './harness.ts';

const PASSWORD = 'Demo@12345';
const STORE = {
  storeName: 'Larkspur Market',
  ownerName: 'Lena Ortiz',
  email: 'lena@larkspurmarket.test',
  phone: '(916) 555-7314',
  password: 'Larkspur2026',
  address: '7 Larkspur Court',
  city: 'Sacramento',
  state: 'CA',
  zip: '95816',
};

let portal: Portal;
let browser: Browser;

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** A toast saying exactly `text`. */
const toast = (page: Page, text: string) => page.getByRole('status').filter({ hasText: new RegExp(`^${escape(text)}$`) });

async function passwordSignIn(page: Page, at: '/loginPassword' | '/sales-login', email: string, landing: string) {
  await page.goto(at);
  await page.getByLabel('Email or phone number').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL(`**${landing}`);
}

/**
 * Asks for a sign-in code on /login. One code per address per 30 s (docs/auth.md): the sign-up code may
 * be that recent, and then the store is told how long to wait; it waits as told and asks again.
 */
async function requestCode(page: Page) {
  const send = page.getByRole('button', { name: 'Send OTP' });
  const wait = page.getByText(/^Please wait (\d+) seconds? before requesting another OTP\.$/);
  await send.click();
  const outcome = await Promise.race([
    page.waitForURL('**/otp-verification').then(
      () => 'sent' as const,
      () => 'neither' as const,
    ),
    wait.waitFor().then(
      () => 'wait' as const,
      () => 'neither' as const,
    ),
  ]);
  if (outcome === 'neither') throw new Error('Send OTP neither sent a code nor asked to wait');
  if (outcome === 'wait') {
    const seconds = Number((await wait.innerText()).match(/\d+/)![0]);
    expect(seconds).toBeGreaterThan(0);
    expect(seconds).toBeLessThanOrEqual(30);
    await page.waitForTimeout((seconds + 1) * 1000);
    await send.click();
    await page.waitForURL('**/otp-verification');
  }
  await expect.poll(() => toast(page, 'OTP sent successfully').count()).toBeGreaterThan(0);
}

/** Store 10001 orders one showcase product over its $50 minimum, through the API; returns the order number. */
async function demoStoreOrders(): Promise<string> {
  const login = await fetch(`${portal.baseUrl}/api/auth/loginWithPassword`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email_phone: 'retailer@demo.test', password: PASSWORD }),
  });
  const token = ((await login.json()) as { data: { token: string } }).data.token;
  const call = async <T>(path: string, body: unknown, headers: Record<string, string> = {}): Promise<T> => {
    const res = await fetch(`${portal.baseUrl}/api${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });
    const json = (await res.json()) as { data: T; message: string };
    if (!res.ok) throw new Error(`${path}: ${res.status} ${json.message}`);
    return json.data;
  };
  const list = await call<{
    finalProductList: { id: string; price?: number; allowToOrder: boolean; hasProductLimit: boolean }[];
  }>('/retailer/getInventory', { sort: 'name', page: 1, limit: 100 });
  const p = list.finalProductList.find(
    (x) => Number(x.id.replace(/^prod-/, '')) <= 64 && x.allowToOrder && !x.hasProductLimit && x.price !== undefined,
  );
  if (!p) throw new Error('no orderable showcase product');
  await call('/retailer/cart/add', { productId: p.id, quantity: Math.max(2, Math.ceil(60 / p.price!)) });
  const placed = await call<{ orderNumber: string }>(
    '/retailer/placeOrder',
    {},
    { 'is-web-order': 'true', 'Idempotency-Key': 'store-onboarding-10001' },
  );
  return placed.orderNumber;
}

beforeAll(async () => {
  portal = await startPortal();
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await portal?.stop();
});

describe('a new store from sign-up to delivery', () => {
  it('signs up, is approved onto route 101, signs in with a code, orders; the office moves it out; the rep sees it', async () => {
    // ── The store signs up on a phone and confirms its e-mail ───────────────────────────────
    await signUpStore(browser, portal.baseUrl, STORE);

    // ── The office approves it onto route 101 with Maria Lopez ──────────────────────────────
    const office = await newPage(browser, portal.baseUrl, DESKTOP);
    const a = office.page;
    await passwordSignIn(a, '/loginPassword', 'admin@demo.test', '/admin/dashboard');
    await a.goto('/admin/retailer-requests');
    const requests = a.getByRole('grid', { name: 'Retailer requests' });
    const requestRow = requests.getByRole('row').filter({ hasText: STORE.storeName });
    await requestRow.getByText('Pending').waitFor();
    await requests.getByRole('link', { name: STORE.storeName }).click();
    await a.getByRole('heading', { name: STORE.storeName }).waitFor();
    await a.getByRole('button', { name: 'Approve', exact: true }).click();
    const approve = a.getByRole('dialog', { name: 'Approve request' });
    const cNumber = await approve.getByRole('textbox', { name: /C_Number/ }).inputValue();
    expect(cNumber).toMatch(/^\d+$/);
    await approve.getByRole('textbox', { name: 'Route' }).fill('101');
    await approve.getByRole('textbox', { name: 'Stop' }).fill('12');
    await approve.getByRole('combobox', { name: 'Sales rep' }).click();
    await a.getByRole('option', { name: 'Maria Lopez' }).click();
    await approve.getByRole('combobox', { name: 'Order day' }).click();
    await a.getByRole('option', { name: 'Thursday' }).click();
    await approve.getByRole('button', { name: 'Approve and create store' }).click();
    await toast(a, 'Retailer request approved').waitFor();
    await a.getByText(`store C_Number ${cNumber}`).waitFor();

    // ── The store signs in with a one-time code and orders ──────────────────────────────────
    const store = await newPage(browser, portal.baseUrl, PHONE);
    const r = store.page;
    await r.goto('/login');
    await r.getByLabel('Email or phone number').fill(STORE.email);
    await requestCode(r);
    await r.getByText(`We sent a 6-digit code to ${STORE.email}`).waitFor();
    await r.getByLabel('6-digit code').fill(await latestCode(portal.baseUrl, STORE.email));
    await r.getByRole('button', { name: 'Verify and sign in' }).click();
    await r.waitForURL('**/retailer/dashboard');
    await expect.poll(() => toast(r, 'OTP verified successfully').count()).toBeGreaterThan(0);

    await r.goto('/retailer/order');
    const add = r.getByRole('button', { name: /^Add .+ to cart$/ }).first();
    await add.waitFor();
    await add.click();
    await r.getByRole('button', { name: 'Cart, 1 item' }).click();
    await r.waitForURL('**/retailer/cart');
    await r.getByRole('button', { name: 'Place order' }).click();
    const placed = r.getByRole('dialog').filter({ hasText: 'Order placed' });
    await placed.waitFor();
    const orderNumber = (await placed.getByTestId('order-number').innerText()).trim();
    expect(orderNumber).toMatch(/^\d{6,}$/);

    // Another route-101 order to move with it: store 10001's.
    const other = await demoStoreOrders();

    // ── The office saves a view of route 101's placed orders and moves both out ─────────────
    await a.goto('/admin/order');
    const grid = a.getByRole('grid', { name: 'Orders' });
    await grid.getByText(orderNumber, { exact: true }).waitFor();
    await a.getByRole('combobox', { name: 'Status' }).click();
    await a.getByRole('option', { name: 'Order Placed' }).click();
    await a.keyboard.press('Escape');
    await a.getByRole('group', { name: 'Filters' }).getByLabel('Route', { exact: true }).selectOption('101');
    await expect.poll(() => new URL(a.url()).search).toBe('?status=placed&route=101');
    await a.getByRole('button', { name: 'Save view' }).click();
    const save = a.getByRole('dialog', { name: 'Save view' });
    await save.getByLabel(/View name/).fill('Route 101 placed');
    await save.getByRole('button', { name: 'Save view' }).click();
    const tab = a.getByRole('tab', { name: /Route 101 placed/ });
    await expect.poll(() => tab.getAttribute('aria-selected')).toBe('true');

    // Leave the view and come back to it from its tab.
    await a.getByRole('tab', { name: /^All/ }).click();
    await expect.poll(() => new URL(a.url()).search).not.toContain('route=101');
    await tab.click();
    await expect.poll(() => new URL(a.url()).search).toContain('route=101');
    for (const number of [orderNumber, other]) {
      const row = grid.getByRole('row').filter({ hasText: number });
      await row.getByText('Order Placed', { exact: true }).waitFor();
      await row.getByRole('checkbox', { name: 'Select row' }).check();
    }
    const bar = a.getByRole('toolbar', { name: 'Bulk actions' });
    await bar.getByText('2 selected').waitFor();
    await bar.getByRole('button', { name: 'Out for delivery' }).click();
    const confirm = a.getByRole('dialog', { name: 'Move 2 orders to Out for Delivery?' });
    await confirm.getByText('2 orders will move to Out for Delivery.').waitFor();
    await confirm.getByRole('button', { name: 'Move to Out for Delivery' }).click();
    const result = a.getByRole('dialog', { name: 'Result' });
    await expect.poll(() => result.getByRole('status').textContent()).toBe('2 moved');
    await result.getByRole('button', { name: 'OK' }).click();
    // No longer placed: both leave the view.
    await expect.poll(() => grid.getByText(orderNumber, { exact: true }).count()).toBe(0);
    await expect.poll(() => grid.getByText(other, { exact: true }).count()).toBe(0);
    await office.context.close();

    // ── The store's order details show the new status ───────────────────────────────────────
    await r.goto(`/retailer/order/details/${orderNumber}`);
    const heading = r.getByRole('heading', { name: `Order #${orderNumber}` });
    await heading.waitFor();
    // The status chip beside the order number.
    await heading.locator('..').getByText('Out for Delivery', { exact: true }).waitFor();
    // The timeline lists every step; the highlighted (current) one is Out for Delivery, after Order Placed.
    const timeline = r.getByRole('region', { name: 'Delivery status' });
    await expect.poll(() => timeline.locator('.MuiStepLabel-label.Mui-active').innerText()).toBe('Out for Delivery');
    await expect
      .poll(async () => (await timeline.locator('.MuiStepLabel-label.Mui-completed').allInnerTexts()).includes('Order Placed'))
      .toBe(true);
    await store.context.close();

    // ── The rep finds the new store in its customer selector ────────────────────────────────
    const rep = await newPage(browser, portal.baseUrl, DESKTOP);
    const p = rep.page;
    await passwordSignIn(p, '/sales-login', 'sales@demo.test', '/sales/dashboard');
    const selector = p.getByRole('combobox', { name: 'Select Retailer' });
    await selector.click();
    await selector.fill('Larkspur');
    const option = p.getByRole('option', { name: new RegExp(`^${cNumber} - ${escape(STORE.storeName)}`) });
    await option.click();
    await expect.poll(() => selector.inputValue()).toBe(`${cNumber} - ${STORE.storeName}`);
    await p.getByText(`Ordering for ${STORE.storeName} · #${cNumber}`).waitFor();
    await rep.context.close();
  });
});

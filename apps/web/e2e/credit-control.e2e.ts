// Issue 18 §1 browser journey: the office gives store 10001 a small credit limit with policy "warn" in the
// retailer form; the retailer's cart then shows its balance, exposure and limit with the warning, and
// Place order stays available. Real server (fresh SQLite, demo seed), real Chromium at 1440 and 390 px.
import { mkdirSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, launchBrowser, newPage, PHONE, startPortal, type Portal, shot, callApi, passwordToken } from './harness.ts';

const SHOTS = '/tmp/credit-shots';
let portal: Portal;
let browser: Browser;

beforeAll(async () => {
  portal = await startPortal();
  browser = await launchBrowser();
  mkdirSync(SHOTS, { recursive: true });
});

afterAll(async () => {
  await browser?.close();
  await portal?.stop();
});

const api = <T>(path: string, token: string, init: RequestInit = {}) => callApi<T>(portal.baseUrl, path, token, init);
const signIn = (email: string) => passwordToken(portal.baseUrl, email);

describe('credit control at checkout', () => {
  it("the retailer's cart shows the exposure over a warn credit limit set in the office", async () => {
    // The office: store 10001's credit limit $1.00, policy warn, through the retailer form.
    const { page: a } = await newPage(browser, portal.baseUrl, DESKTOP);
    await a.goto('/loginPassword');
    await a.getByLabel('Email or phone number').fill('admin@demo.test');
    await a.getByLabel('Password', { exact: true }).fill('Demo@12345');
    await a.getByRole('button', { name: 'Sign in', exact: true }).click();
    await a.waitForURL('**/admin/dashboard');
    await a.goto('/admin/retailers');
    await a.getByRole('grid', { name: 'Retailers' }).getByRole('link', { name: '10001', exact: true }).click();
    await a.getByRole('link', { name: 'Edit' }).click();
    const edit = a.getByRole('form', { name: /^Edit / });
    await expect.poll(() => edit.getByLabel(/^C_Number/).inputValue()).toBe('10001');
    await edit.getByLabel('Credit limit').fill('1.00');
    await edit.getByLabel('Credit policy').selectOption({ label: 'Warn (the store can still order)' });
    await shot(a, `${SHOTS}/admin-form-1440.png`, { fullPage: true });
    await edit.getByRole('button', { name: 'Save' }).click();
    await a.getByText('Retailer updated').waitFor();
    await a.getByRole('region', { name: 'Terms' }).getByText('Warn (the store can still order)').waitFor();

    // The store fills its cart (through the API), then opens it.
    const token = await signIn('retailer@demo.test');
    const inventory = await api<{ finalProductList: { id: string; price?: number; allowToOrder: boolean }[] }>(
      '/retailer/getInventory',
      token,
      { method: 'POST', body: JSON.stringify({ page: 1, limit: 20 }) },
    );
    const product = inventory.finalProductList.find((p) => p.allowToOrder && p.price !== undefined)!;
    await api('/retailer/cart/clear', token, { method: 'DELETE' });
    await api('/retailer/cart/add', token, { method: 'POST', body: JSON.stringify({ productId: product.id, quantity: 2 }) });
    const status = await api<{ exposure: number; balance: number; message: string }>('/retailer/creditStatus', token);
    const dollars = (n: number) =>
      `${n < 0 ? '-' : ''}$${Math.abs(n).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

    for (const [size, name] of [
      [DESKTOP, '1440'],
      [PHONE, '390'],
    ] as const) {
      const { page: r } = await newPage(browser, portal.baseUrl, size);
      await r.goto('/loginPassword');
      await r.getByLabel('Email or phone number').fill('retailer@demo.test');
      await r.getByLabel('Password', { exact: true }).fill('Demo@12345');
      await r.getByRole('button', { name: 'Sign in', exact: true }).click();
      await r.waitForURL('**/retailer/dashboard');
      await r.goto('/retailer/cart');
      const credit = r.getByRole('region', { name: 'Credit' });
      await credit.waitFor();
      await expect.poll(() => credit.getByTestId('credit-exposure').textContent()).toBe(dollars(status.exposure));
      expect(await credit.getByTestId('credit-balance').textContent()).toBe(dollars(status.balance));
      expect(await credit.getByTestId('credit-limit').textContent()).toBe('$1.00');
      const warning = credit.getByTestId('credit-warning');
      expect(await warning.textContent()).toBe(
        `This order takes your account to ${dollars(status.exposure)}, over your credit limit of $1.00. You can still place it.`,
      );
      expect(await r.getByRole('button', { name: 'Place order' }).isEnabled()).toBe(true);
      await shot(r, `${SHOTS}/cart-${name}.png`, { fullPage: true });
      await r.goto('/retailer/account');
      await r.getByRole('region', { name: 'Credit' }).getByTestId('credit-exposure').waitFor();
      await shot(r, `${SHOTS}/account-${name}.png`, { fullPage: true });
      await r.close();
    }
  });
});

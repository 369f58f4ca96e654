// Issue 15 §2 browser journey: a new store signs up at /signup and confirms the code from its e-mail
// (read from the dev outbox); the office finds it in /admin/retailer-requests, opens it and approves it
// onto route 101 with a sales rep and the suggested C_Number; the store signs in with the password it
// chose, adds a product to its cart and places an order. Screens are shot at 1440 and 390 px, light and
// dark, into /tmp/sr-shots. Real server (fresh SQLite, demo seed), real Chromium.
import { mkdirSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DESKTOP,
  PHONE,
  launchBrowser,
  newPage,
  signUpStore,
  startPortal,
  type Portal,
  shot,
  itShoots,
  LOOKS,
  newPageIn,
} from './harness.ts';

const ADMIN = 'admin@demo.test';
const ADMIN_PASSWORD = 'Demo@12345';
const SHOTS = '/tmp/sr-shots';
const STORE = {
  storeName: 'Juniper Corner Grocery',
  ownerName: 'June Park',
  email: 'june@junipercorner.test',
  phone: '(916) 555-4821',
  password: 'Juniper2026',
  address: '48 Juniper Lane',
  city: 'Sacramento',
  state: 'CA',
  zip: '95814',
};

let portal: Portal;
let browser: Browser;

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** A toast saying exactly `text`. */
const toast = (page: Page, text: string) => page.getByRole('status').filter({ hasText: new RegExp(`^${escape(text)}$`) });

async function signIn(page: Page, email: string, password: string, landing: string) {
  await page.goto('/loginPassword');
  await page.getByLabel('Email or phone number').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL(`**${landing}`);
}

/** The same screen at 1440 and 390 px, light and dark, signed in as the office in fresh pages. */
async function shootOffice(path: string, name: string, ready: (page: Page) => Promise<void>) {
  for (const look of LOOKS) {
    const { size, mode } = look;
    const { context, page } = await newPageIn(browser, portal.baseUrl, look);
    await signIn(page, ADMIN, ADMIN_PASSWORD, '/admin/dashboard');
    await page.goto(path);
    await ready(page);
    await page.waitForTimeout(500); // dialogs and toasts finish their transition
    await shot(page, `${SHOTS}/${name}-${size}-${mode}.png`, { fullPage: true });
    await context.close();
  }
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

describe('sign-up requests journey', () => {
  it('a store signs up, the office approves it onto route 101, the store signs in and orders', async () => {
    // ── The store signs up on a phone ───────────────────────────────────────────────────────
    await signUpStore(browser, portal.baseUrl, STORE);

    // ── The office approves it ──────────────────────────────────────────────────────────────
    const desk = await newPage(browser, portal.baseUrl, DESKTOP);
    const a = desk.page;
    await signIn(a, ADMIN, ADMIN_PASSWORD, '/admin/dashboard');
    await a.goto('/admin/retailer-requests');
    const grid = a.getByRole('grid', { name: 'Retailer requests' });
    const link = grid.getByRole('link', { name: STORE.storeName });
    await link.waitFor();
    expect(await grid.getByRole('row').filter({ hasText: STORE.storeName }).getByText('Pending').count()).toBe(1);
    await link.click();
    await a.waitForURL('**/admin/retailer-requests/view/**');
    await a.getByRole('heading', { name: STORE.storeName }).waitFor();
    await a.getByText(STORE.email).first().waitFor();

    await a.getByRole('button', { name: 'Approve', exact: true }).click();
    const dialog = a.getByRole('dialog', { name: 'Approve request' });
    const cNumberField = dialog.getByRole('textbox', { name: /C_Number/ });
    const suggested = await cNumberField.inputValue();
    expect(suggested).toMatch(/^\d+$/);
    await dialog.getByRole('textbox', { name: 'Route' }).fill('101');
    await dialog.getByRole('textbox', { name: 'Stop' }).fill('9');
    await dialog.getByRole('combobox', { name: 'Sales rep' }).click();
    await a.getByRole('option', { name: 'Maria Lopez' }).click();
    await dialog.getByRole('combobox', { name: 'Order day' }).click();
    await a.getByRole('option', { name: 'Wednesday' }).click();
    await dialog.getByRole('button', { name: 'Approve and create store' }).click();
    await toast(a, 'Retailer request approved').waitFor();
    await a.getByText(`store C_Number ${suggested}`).waitFor();
    // The history names the decision.
    await a
      .getByRole('region', { name: 'History' })
      .getByText(/approved/i)
      .first()
      .waitFor();
    await desk.context.close();

    // ── The store signs in with its own password and orders ─────────────────────────────────
    const store = await newPage(browser, portal.baseUrl, PHONE);
    const r = store.page;
    await signIn(r, STORE.email, STORE.password, '/retailer/dashboard');
    const token = await r.evaluate(() => localStorage.getItem('token'));
    const profile = (await (
      await fetch(`${portal.baseUrl}/api/auth/profile`, { headers: { authorization: `Bearer ${token}` } })
    ).json()) as { data: { storeDetail: { C_Number: string; Routes: { Route_Number: string; Stop_Number: string }[] } } };
    expect(profile.data.storeDetail.C_Number).toBe(suggested);
    expect(profile.data.storeDetail.Routes).toEqual([{ Route_Number: '101', Stop_Number: '9' }]);

    await r.goto('/retailer/order');
    const add = r.getByRole('button', { name: /^Add .+ to cart$/ }).first();
    await add.waitFor();
    await add.click();
    const cartIcon = r.getByRole('button', { name: 'Cart, 1 item' });
    await cartIcon.waitFor();
    await cartIcon.click();
    await r.waitForURL('**/retailer/cart');
    await r.getByRole('button', { name: 'Place order' }).click();
    await r.getByRole('dialog').filter({ hasText: 'Order placed' }).waitFor();
    await store.context.close();
  });

  itShoots(
    'shows the queue, the forms and the request page at 1440 and 390 px, light and dark',
    async () => {
      const token = await (async () => {
        const res = await fetch(`${portal.baseUrl}/api/auth/loginWithPassword`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-forwarded-for': '10.1.2.3' },
          body: JSON.stringify({ email_phone: ADMIN, password: ADMIN_PASSWORD }),
        });
        return ((await res.json()) as { data: { token: string } }).data.token;
      })();
      // A request that looks like store 10001 (same phone, demo data: (916) 555-0001), so the marker and the duplicates show.
      const added = await fetch(`${portal.baseUrl}/api/admin/retailer-requests`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({
          storeName: 'Corner Mart Two',
          ownerName: 'Sam Patel Jr',
          email: 'sam.jr@cornermart.test',
          phone: '(916) 555-0001',
          address: '100 Main Street',
          city: 'Sacramento',
        }),
      });
      expect(added.status).toBe(201);
      const id = ((await added.json()) as { data: { id: string } }).data.id;

      await shootOffice('/admin/retailer-requests?status=all', 'queue', async (page) => {
        await page.getByRole('grid', { name: 'Retailer requests' }).getByRole('link', { name: 'Corner Mart Two' }).waitFor();
      });
      await shootOffice(`/admin/retailer-requests/view/${id}`, 'view', async (page) => {
        await page.getByRole('heading', { name: 'Possible duplicates' }).waitFor();
      });
      await shootOffice('/admin/retailer-requests/add', 'add', async (page) => {
        await page.getByRole('button', { name: 'Add request' }).click();
        await page.getByText('Store name is required').waitFor();
      });
      await shootOffice(`/admin/retailer-requests/edit/${id}`, 'edit', async (page) => {
        await page.getByRole('textbox', { name: 'Store name' }).waitFor();
      });
      await shootOffice(`/admin/retailer-requests/view/${id}`, 'approve-dialog', async (page) => {
        await page.getByRole('button', { name: 'Approve', exact: true }).click();
        await page.getByRole('dialog', { name: 'Approve request' }).waitFor();
      });
      await shootOffice(`/admin/retailer-requests/view/${id}`, 'reject-dialog', async (page) => {
        await page.getByRole('button', { name: 'Reject', exact: true }).click();
        const dialog = page.getByRole('dialog', { name: 'Reject request' });
        await dialog.getByRole('button', { name: 'Reject request' }).click();
        await dialog.getByText('Reason is required').waitFor();
      });
    },
    240_000,
  );
});

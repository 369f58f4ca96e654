// Issue 18 §2 browser journey: on /admin/calender the office adds a holiday on route 101's next order day
// (Wednesday) that moves it to the day before; store 10001 (route 101, orders Wednesdays) then sees on its
// dashboard that today, Tuesday, is its order day, moved from Wednesday, with the cut-off countdown, and its
// cart shows the delivery date an order now gets. The portal's clock starts on the coming Tuesday at 9:00
// in the demo distributor's time zone (CLOCK_AT), so the journey runs the same on any day; the browsers'
// clocks are set to that instant too. Real server (fresh SQLite, demo seed), real Chromium.
import { mkdirSync } from 'node:fs';
import { addDays, localDate, weekdayOf, zonedInstant } from '@portal/shared/calendar/delivery-schedule';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DESKTOP,
  itShoots,
  launchBrowser,
  LOOKS,
  newPage,
  newPageIn,
  shot,
  startPortal,
  type Portal,
  callApi,
  passwordToken,
} from './harness.ts';

const SHOTS = '/tmp/calendar-shots';
const ZONE = 'America/Los_Angeles'; // the demo distributor's (apps/api/src/db/seed/settings-data.ts)
const today = localDate(new Date(), ZONE);
/** The coming Tuesday (1 to 7 days ahead), its Wednesday (store 10001's order day) and Thursday. */
const TUESDAY = addDays(today, (2 - weekdayOf(today) + 7) % 7 || 7);
const WEDNESDAY = addDays(TUESDAY, 1);
const THURSDAY = addDays(TUESDAY, 2);
const CLOCK_AT = zonedInstant(TUESDAY, '09:00', ZONE);
const HOLIDAY = 'Route 101 closed';

let portal: Portal;
let browser: Browser;

beforeAll(async () => {
  portal = await startPortal({ CLOCK_AT: CLOCK_AT.toISOString() });
  browser = await launchBrowser();
  mkdirSync(SHOTS, { recursive: true });
});

afterAll(async () => {
  await browser?.close();
  await portal?.stop();
});

const api = <T>(path: string, token: string, init: RequestInit = {}) => callApi<T>(portal.baseUrl, path, token, init);
const apiToken = (email: string) => passwordToken(portal.baseUrl, email);

/** The browser's clock at the portal's instant, then sign in through the form. */
async function signIn(context: BrowserContext, page: Page, email: string, lands: string) {
  await context.clock.setFixedTime(CLOCK_AT);
  await page.goto('/loginPassword');
  await page.getByLabel('Email or phone number').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('Demo@12345');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL(`**${lands}`);
}

/** "Thursday, Mar 14", as the cart writes a delivery date. */
const dayLabel = (date: string) =>
  new Date(`${date}T12:00:00Z`).toLocaleDateString('en-US', { weekday: 'long', month: 'short', day: 'numeric', timeZone: 'UTC' });

describe('delivery calendar', () => {
  it("a holiday on route 101's order day moves store 10001's order day to today, with the countdown", async () => {
    const retailerToken = await apiToken('retailer@demo.test');
    // Before: Wednesday, tomorrow, delivered Thursday.
    expect(await api('/retailer/order-schedule', retailerToken)).toMatchObject({
      label: 'Wednesday',
      orderDate: WEDNESDAY,
      deliveryDate: THURSDAY,
      daysToOrderDay: 1,
      countdown: null,
    });

    // The office adds the holiday on the calendar, on Wednesday's cell.
    const { context: ac, page: a } = await newPage(browser, portal.baseUrl, DESKTOP);
    await signIn(ac, a, 'admin@demo.test', '/admin/dashboard');
    await a.goto(`/admin/calender?view=month&date=${WEDNESDAY}`);
    // The office's permissions are loaded once Add entry shows; a day cell then opens the form.
    await a.getByRole('button', { name: 'Add entry' }).waitFor();
    const wednesday = a.locator(`[role="gridcell"][data-date="${WEDNESDAY}"]`);
    await wednesday.click();
    const form = a.getByRole('form', { name: 'Add calendar entry' });
    expect(await form.getByLabel(/^Date/).inputValue()).toBe(WEDNESDAY);
    await form.getByLabel(/^Title/).fill(HOLIDAY);
    await form.getByLabel('Route (empty: every route)').fill('101');
    await form.getByRole('combobox', { name: 'Deliveries and order days on it move to' }).click();
    await a.getByRole('option', { name: 'The day before' }).click();
    await a.getByRole('button', { name: 'Add', exact: true }).click();
    await a.getByText(/^Calendar entry added: \d+ stores? moved to a new order or delivery day$/).waitFor();
    await wednesday.getByRole('button', { name: `${HOLIDAY} · Route 101` }).waitFor();
    await ac.close();

    // The store: today is its order day now, moved from Wednesday by the holiday, with the cut-off countdown.
    const { context: rc, page: r } = await newPage(browser, portal.baseUrl, DESKTOP);
    await signIn(rc, r, 'retailer@demo.test', '/retailer/dashboard');
    const indicator = r.getByTestId('order-day');
    await expect
      .poll(() => indicator.getByTestId('order-day-label').textContent(), { timeout: 15_000 })
      .toBe(`Order day: Tuesday, moved from Wednesday (${HOLIDAY})`);
    expect(await indicator.getByText('Today is your order day').count()).toBe(1);
    expect(await indicator.getByTestId('order-day-countdown').textContent()).toBe("Order by 2:00 PM for Thursday's delivery");
    expect(await indicator.getAttribute('data-colour')).toBe('red');

    // Its cart: the delivery date an order placed now gets.
    const inventory = await api<{ finalProductList: { id: string; price?: number; allowToOrder: boolean }[] }>(
      '/retailer/getInventory',
      retailerToken,
      { method: 'POST', body: JSON.stringify({ page: 1, limit: 20 }) },
    );
    const product = inventory.finalProductList.find((p) => p.allowToOrder && p.price !== undefined)!;
    await api('/retailer/cart/add', retailerToken, {
      method: 'POST',
      body: JSON.stringify({ productId: product.id, quantity: 1 }),
    });
    await r.goto('/retailer/cart');
    await expect
      .poll(() => r.getByTestId('cart-delivery-date').textContent(), { timeout: 15_000 })
      .toBe(`Delivery: ${dayLabel(THURSDAY)}`);
    await rc.close();
  });

  itShoots(
    'shows the calendar month and week and the store’s countdown at 1440 and 390 px, light and dark',
    async () => {
      for (const look of LOOKS) {
        const { size, mode } = look;
        const admin = await newPageIn(browser, portal.baseUrl, look);
        await signIn(admin.context, admin.page, 'admin@demo.test', '/admin/dashboard');
        for (const view of ['month', 'week'] as const) {
          await admin.page.goto(`/admin/calender?view=${view}&date=${WEDNESDAY}`);
          await admin.page.getByRole('button', { name: `${HOLIDAY} · Route 101` }).waitFor();
          await shot(admin.page, `${SHOTS}/calendar-${view}-${size}-${mode}.png`, { fullPage: true });
        }
        await admin.context.close();

        const store = await newPageIn(browser, portal.baseUrl, look);
        await signIn(store.context, store.page, 'retailer@demo.test', '/retailer/dashboard');
        await store.page.getByTestId('order-day-countdown').waitFor();
        await shot(store.page, `${SHOTS}/countdown-${size}-${mode}.png`);
        await store.context.close();
      }
    },
    240_000,
  );
});

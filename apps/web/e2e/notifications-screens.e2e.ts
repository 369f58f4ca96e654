// Issue 17 browser journey and screens (notifications): notifications are seeded through the office API
// (POST /api/admin/notifications: one to every store, one to route 101 with a link, one scheduled for
// tomorrow); the route-101 retailer (retailer@demo.test) sees the unread badge, gets a notification sent
// while its page is open without reloading (the live stream), opens the drawer, switches tabs, marks one
// read, deletes one and then all after the confirmation, each with the spec's toast; the office sees the
// history with read counts and cancels the scheduled one. Screens (bell and drawer, the office page and
// its composer) are shot at 1440 and 390 px, light and dark, into /tmp/notifications-shots.
// Real server (fresh SQLite, demo seed), real Chromium.
import { mkdirSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, launchBrowser, newPage, startPortal, type Portal, shot, itShoots, LOOKS, newPageIn } from './harness.ts';

const PASSWORD = 'Demo@12345';
const SHOTS = '/tmp/notifications-shots';

let portal: Portal;
let browser: Browser;

async function signIn(page: Page, email: string, landing: string) {
  await page.goto('/loginPassword');
  await page.getByLabel('Email or phone number').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL(`**${landing}`);
}

async function tokenOf(email: string): Promise<string> {
  const res = await fetch(`${portal.baseUrl}/api/auth/loginWithPassword`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email_phone: email, password: PASSWORD }),
  });
  return ((await res.json()) as { data: { token: string } }).data.token;
}

async function call<T>(token: string, method: string, path: string, body?: unknown): Promise<{ status: number; json: T }> {
  const res = await fetch(`${portal.baseUrl}/api${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: res.status, json: (await res.json()) as T };
}

/** Composes a notification through the office API (the contract's POST /api/admin/notifications). */
async function send(admin: string, body: Record<string, unknown>) {
  const answer = await call<{ message: string; data: { id: string; status: string } }>(
    admin,
    'POST',
    '/admin/notifications',
    body,
  );
  expect(answer.status).toBe(201);
  return answer.json;
}

async function unreadOf(retailer: string): Promise<number> {
  const list = await call<{ data: { unreadCount: number } }>(retailer, 'GET', '/retailer/notificationList');
  return list.json.data.unreadCount;
}

// The drawer is a modal: MUI hides the rest of the page, the toasts' live region included, from the
// accessibility tree while it is open, so the toast is looked for among hidden elements too.
const toast = (page: Page, text: string) => page.getByRole('status', { includeHidden: true }).filter({ hasText: text });
const bell = (page: Page, unread: number) =>
  page.getByRole('button', { name: `Notifications, ${Math.min(unread, 99)} unread`, exact: true });

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  portal = await startPortal();
  browser = await launchBrowser();
  const admin = await tokenOf('admin@demo.test');
  await send(admin, {
    title: 'New summer drinks are in',
    body: 'Twelve new flavours from Sunny Farms, in 12 oz cans. Order by Thursday for Friday delivery.',
    audienceType: 'all',
    audienceValues: [],
  });
  await send(admin, {
    title: 'Route 101 runs late on Friday',
    body: 'Deliveries on route 101 arrive about two hours later this Friday.',
    audienceType: 'routes',
    audienceValues: ['101'],
    url: '/retailer/order',
  });
  const scheduled = await send(admin, {
    title: 'Holiday hours',
    body: 'The warehouse closes at noon on Christmas Eve.',
    audienceType: 'orderDays',
    audienceValues: ['3', '5'],
    sendAt: new Date(Date.now() + 86_400_000).toISOString(),
  });
  expect(scheduled.data.status).toBe('scheduled');
});

afterAll(async () => {
  await browser?.close();
  await portal?.stop();
});

describe('notifications screens', () => {
  itShoots(
    'shoots the bell, the drawer and the office page at 1440 and 390 px, light and dark',
    async () => {
      const retailerToken = await tokenOf('retailer@demo.test');
      const unread = await unreadOf(retailerToken);
      expect(unread).toBeGreaterThanOrEqual(2);
      for (const look of LOOKS) {
        const { size, mode } = look;
        const retailer = await newPageIn(browser, portal.baseUrl, look);
        const r = retailer.page;
        await signIn(r, 'retailer@demo.test', '/retailer/dashboard');
        await bell(r, unread).waitFor();
        await r.waitForTimeout(500);
        await shot(r, `${SHOTS}/bell-${size}-${mode}.png`);
        await bell(r, unread).click();
        const drawer = r.getByRole('dialog', { name: 'Notifications' });
        await drawer.getByText('New summer drinks are in').waitFor();
        await r.waitForTimeout(500);
        await shot(r, `${SHOTS}/drawer-${size}-${mode}.png`);
        await drawer.getByRole('tab', { name: 'Read', exact: true }).click();
        await r.waitForTimeout(300);
        await shot(r, `${SHOTS}/drawer-read-${size}-${mode}.png`);
        await retailer.context.close();

        const office = await newPageIn(browser, portal.baseUrl, look);
        const o = office.page;
        await signIn(o, 'admin@demo.test', '/admin/dashboard');
        await o.goto('/admin/notifications');
        await o.getByRole('grid', { name: 'Sent notifications' }).getByText('Holiday hours').waitFor();
        await o.waitForTimeout(600);
        await shot(o, `${SHOTS}/office-${size}-${mode}.png`, { fullPage: true });
        await o.getByRole('button', { name: 'New notification' }).first().click();
        const form = o.getByRole('form', { name: 'New notification' });
        await form.getByLabel('Title').fill('Order before noon');
        await form.getByLabel('Message').fill('Cut-off moves to 12:00 this week.');
        await form.getByRole('combobox', { name: 'Audience' }).click();
        await o.getByRole('option', { name: 'Stores on routes' }).click();
        await form.getByRole('combobox', { name: 'Routes' }).click();
        await o.getByRole('option', { name: 'Route 101' }).click();
        await form.getByText(/Reaches \d+ recipients?/).waitFor();
        await o.waitForTimeout(400);
        await shot(o, `${SHOTS}/composer-${size}-${mode}.png`);
        await o.getByRole('button', { name: 'Cancel', exact: true }).click();
        await office.context.close();
      }
    },
    600_000,
  );

  it('the retailer gets a live notification, reads and deletes; the office sees reads and cancels the scheduled one', async () => {
    const admin = await tokenOf('admin@demo.test');
    const retailerToken = await tokenOf('retailer@demo.test');
    const unread = await unreadOf(retailerToken);
    const { context, page } = await newPage(browser, portal.baseUrl, DESKTOP);
    await signIn(page, 'retailer@demo.test', '/retailer/dashboard');
    await bell(page, unread).waitFor();

    // Sent while the page is open: the bell follows without a reload (the stream).
    await send(admin, { title: 'Flash sale today', body: 'Ten percent off every soda until 5 pm.', audienceType: 'all' });
    await bell(page, unread + 1).waitFor({ timeout: 15_000 });

    await bell(page, unread + 1).click();
    const drawer = page.getByRole('dialog', { name: 'Notifications' });
    // Newest first.
    await expect.poll(() => drawer.getByTestId('notification-title').first().textContent()).toBe('Flash sale today');
    await drawer.getByRole('tab', { name: 'Unread' }).click();
    await drawer.getByRole('button', { name: 'Mark Flash sale today as read' }).click();
    await toast(page, 'Marked as read').waitFor();
    await expect.poll(() => unreadOf(retailerToken)).toBe(unread);

    await drawer.getByRole('tab', { name: 'All', exact: true }).click();
    await drawer.getByRole('button', { name: 'Delete Flash sale today' }).click();
    await toast(page, 'Notification deleted').waitFor();

    await drawer.getByRole('button', { name: 'Mark all as read' }).click();
    await toast(page, 'All notifications marked as read').waitFor();
    await expect.poll(() => unreadOf(retailerToken)).toBe(0);

    // A linked notification opens its page.
    // The toasts (top right, spec §9) lie over the drawer's first row until they go.
    await toast(page, 'All notifications marked as read').waitFor({ state: 'hidden' });
    await drawer.getByRole('button', { name: 'Open Route 101 runs late on Friday' }).click();
    await page.waitForURL('**/retailer/order');

    // The office sees who read them.
    const office = await newPage(browser, portal.baseUrl, DESKTOP);
    const o = office.page;
    await signIn(o, 'admin@demo.test', '/admin/dashboard');
    await o.goto('/admin/notifications');
    const grid = o.getByRole('grid', { name: 'Sent notifications' });
    const row = grid.getByRole('row').filter({ hasText: 'Route 101 runs late on Friday' });
    await expect.poll(() => row.getByText(/^[1-9]\d* of \d+ \(\d+%\)$/).count(), { timeout: 15_000 }).toBe(1);
    // Cancel the scheduled one, after the confirmation.
    await grid.getByRole('button', { name: 'Cancel Holiday hours' }).click();
    const confirm = o.getByRole('dialog', { name: 'Cancel scheduled notification' });
    await confirm.getByRole('button', { name: 'Cancel notification' }).click();
    await toast(o, 'Scheduled notification cancelled').waitFor();
    await grid.getByRole('row').filter({ hasText: 'Holiday hours' }).getByText('Cancelled').waitFor();
    await office.context.close();

    // Delete all, after the confirmation.
    await page.getByRole('button', { name: /^Notifications, \d+ unread$/ }).click();
    await drawer.getByRole('button', { name: 'Delete all' }).click();
    const sure = page.getByRole('dialog', { name: 'Delete all notifications' });
    await shot(page, `${SHOTS}/delete-all-1440-light.png`);
    await sure.getByRole('button', { name: 'Delete all' }).click();
    await toast(page, 'All notifications deleted').waitFor();
    await drawer.getByText('No notifications yet').waitFor();
    await shot(page, `${SHOTS}/empty-1440-light.png`);
    const list = await call<{ data: { notifications: unknown[]; unreadCount: number } }>(
      retailerToken,
      'GET',
      '/retailer/notificationList',
    );
    expect(list.json.data).toEqual({ notifications: [], unreadCount: 0 });
    await context.close();
  }, 300_000);
});

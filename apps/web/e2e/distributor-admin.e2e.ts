// Issue 16 §5, the one browser journey of distributor administration, end to end in headless Chromium on
// a real server (fresh SQLite, demo seed):
//   1. the owner creates the role "Order clerk" (view Orders, edit Retailers) and invites a clerk with it;
//   2. the clerk signs in with the one-time code, sees only Dashboard, Retailers and Orders, is sent away
//      from /admin/products, cannot change an order's status (no control; the API answers 403), and sets
//      a first password;
//   3. the owner signs a retailer's phone out on Track Login Devices; the retailer's next action lands on
//      /login;
//   4. the retailer signs in again and opens a ticket from Contact; staff reply; the retailer sees the reply.
// The office at 1440 px, the retailer at 390 px. The pieces' own journeys keep what this one does not
// walk: a retailer ending their own session (login-devices.e2e.ts), ticket attachments, the e-mail of a
// reply and the ticket screens (support-tickets.e2e.ts).
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, latestCode, launchBrowser, newPage, PHONE, startPortal, type Portal } from './harness.ts';

const PASSWORD = 'Demo@12345';
const CLERK = 'casey.clerk@example.test';
const SUBJECT = 'Short delivery on Tuesday';
const REPLY = 'The missing case goes out with Thursday’s delivery.';

let portal: Portal;
let browser: Browser;

beforeAll(async () => {
  portal = await startPortal();
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await portal?.stop();
});

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
  return { status: res.status, body: (await res.json()) as { data: T; message: string } };
}

/** The store places an order through the API (then signs that session out, so only its phone is listed). */
async function storeOrders(): Promise<{ orderId: string; orderNumber: string }> {
  const login = await fetch(`${portal.baseUrl}/api/auth/loginWithPassword`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email_phone: 'retailer@demo.test', password: PASSWORD }),
  });
  const token = ((await login.json()) as { data: { token: string } }).data.token;
  const list = await api<{ finalProductList: { id: string; Inventory_OnHand?: number; price?: number }[] }>(
    '/retailer/getInventory',
    token,
    { method: 'POST', body: { only: 'inStock', sort: 'name', limit: 100 } },
  );
  const product = list.body.data.finalProductList.find((p) => (p.Inventory_OnHand ?? 0) >= 20 && p.price !== undefined);
  if (!product) throw new Error('no product with stock in the demo catalogue');
  await api('/retailer/cart/add', token, { method: 'POST', body: { productId: product.id, quantity: 20 } });
  const placed = await api<{ orderId: string; orderNumber: string }>('/retailer/placeOrder', token, {
    method: 'POST',
    body: {},
    headers: { 'is-web-order': 'true' },
  });
  expect(placed.status, placed.body.message).toBe(200);
  await api('/auth/logout', token, { method: 'POST', body: {} });
  return placed.body.data;
}

describe('distributor administration, end to end', () => {
  it('a clerk gets exactly "view orders, edit retailers"; the owner ends a store session; a ticket is answered', async () => {
    const order = await storeOrders();

    // ── 1. The owner makes the role ────────────────────────────────────────────────────────────
    const { page: owner } = await newPage(browser, portal.baseUrl, DESKTOP);
    await signIn(owner, 'admin@demo.test', '/admin/dashboard');
    await owner.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'User Management' }).click();
    await owner.waitForURL('**/admin/permissions');
    await owner.getByRole('link', { name: 'New role' }).click();
    await owner.waitForURL('**/admin/permissions/add');
    await owner.getByLabel(/Role name/).fill('Order clerk');
    await owner.getByLabel('Description').fill('Takes orders by phone');
    await owner.getByRole('button', { name: 'Create role' }).click();
    // A new role opens on its grid with nothing granted; edit brings view with it.
    await owner.waitForURL(/\/admin\/permissions\/roles\/[^/]+$/);
    const grid = owner.getByRole('table', { name: 'Permissions of Order clerk' });
    await grid.waitFor();
    expect(await grid.getByRole('checkbox', { checked: true }).count()).toBe(0);
    await grid.getByRole('checkbox', { name: 'Orders: View', exact: true }).check();
    await grid.getByRole('checkbox', { name: 'Retailers: Edit' }).check();
    expect(await grid.getByRole('checkbox', { name: 'Retailers: View' }).isChecked()).toBe(true);
    await owner.getByRole('button', { name: 'Save permissions' }).click();
    await owner.getByText('Permissions saved').waitFor();
    // Read back from the server: exactly those three cells.
    await owner.reload();
    await grid.waitFor();
    expect(await grid.getByRole('checkbox', { name: 'Retailers: Edit' }).isChecked()).toBe(true);
    expect(await grid.getByRole('checkbox', { name: 'Orders: Edit', exact: true }).isChecked()).toBe(false);
    expect(await grid.getByRole('checkbox', { checked: true }).count()).toBe(3);
    // The role's page lists what it grants; the roles list counts its two modules.
    await owner.getByRole('link', { name: 'Role', exact: true }).click();
    await owner.getByRole('heading', { name: 'Order clerk' }).waitFor();
    const grants = owner.getByRole('region', { name: 'What this role can do' });
    await grants.getByText('Orders', { exact: true }).waitFor();
    await grants.getByText('Retailers', { exact: true }).waitFor();
    await owner.goto('/admin/permissions');
    const roleRow = owner.getByRole('grid', { name: 'Roles' }).getByRole('row').filter({ hasText: 'Order clerk' });
    await expect.poll(() => roleRow.getByRole('gridcell', { name: '2', exact: true }).count()).toBeGreaterThan(0);

    // ── … and invites the clerk with it ────────────────────────────────────────────────────────
    await owner.goto('/admin/permissions/staff');
    const staff = owner.getByRole('grid', { name: 'Staff users' });
    await staff.getByRole('link', { name: 'Dana Whitfield' }).waitFor();
    await owner.getByRole('button', { name: 'Invite user' }).click();
    const invite = owner.getByRole('dialog', { name: 'Invite a staff user' });
    await invite.getByLabel(/^Name/).fill('Casey Clerk');
    await invite.getByLabel(/^Email or phone number/).fill(CLERK);
    // The role is required: the shared schema's message shows before anything is sent.
    await invite.getByRole('button', { name: 'Send invitation' }).click();
    await invite.getByText('Choose a role').last().waitFor();
    await invite.getByLabel(/^Role/).selectOption({ label: 'Order clerk' });
    await invite.getByRole('button', { name: 'Send invitation' }).click();
    await owner.getByText('Invitation sent').waitFor();
    await owner.getByRole('heading', { name: 'Casey Clerk' }).waitFor();
    await owner.getByText('Invited: they sign in with a one-time code').waitFor();

    // ── 2. The clerk signs in with the one-time code ───────────────────────────────────────────
    const { page: clerk, context: clerkContext } = await newPage(browser, portal.baseUrl, DESKTOP);
    await clerk.goto('/login');
    await clerk.getByLabel('Email or phone number').fill(CLERK);
    await clerk.getByRole('button', { name: 'Send OTP' }).click();
    await clerk.waitForURL('**/otp-verification');
    await clerk.getByLabel('6-digit code').fill(await latestCode(portal.baseUrl, CLERK));
    await clerk.getByRole('button', { name: 'Verify and sign in' }).click();
    await clerk.waitForURL('**/admin/dashboard');
    const menu = clerk.getByRole('navigation', { name: 'Main menu' });
    await menu.getByRole('link', { name: 'Orders' }).waitFor();
    expect(await menu.getByRole('link').allTextContents()).toEqual(['Dashboard', 'Retailers', 'Orders']);

    // Products is not the clerk's: the page redirects to the dashboard.
    await clerk.goto('/admin/products');
    await clerk.waitForURL('**/admin/dashboard');

    // The order opens, with no status control; the API refuses the move too.
    await menu.getByRole('link', { name: 'Orders' }).click();
    await clerk.waitForURL('**/admin/order');
    await clerk.goto(`/admin/order/details/${order.orderId}`);
    await clerk.getByRole('heading', { name: `Order #${order.orderNumber}` }).waitFor();
    expect(await clerk.getByRole('button', { name: 'Confirm' }).count()).toBe(0);
    expect(await clerk.getByRole('button', { name: 'Cancel order' }).count()).toBe(0);
    const clerkToken = await clerk.evaluate(() => localStorage.getItem('token'));
    expect(clerkToken).toBeTruthy();
    const move = await api(`/admin/orders/${order.orderId}/status`, clerkToken!, {
      method: 'POST',
      body: { status: 'confirmed' },
    });
    expect([move.status, move.body.message]).toEqual([403, 'You do not have edit permission for Orders']);

    // A first password, set on the profile (invited staff have none).
    await clerk.goto('/admin/profile');
    const setPassword = clerk.getByRole('region', { name: 'Set a password' });
    await setPassword.getByLabel('New password', { exact: true }).fill('Clerk@2026');
    await setPassword.getByLabel('Confirm new password').fill('Clerk@2026');
    await setPassword.getByRole('button', { name: 'Set password' }).click();
    await clerk.getByText('Password set').waitFor();
    await clerkContext.close();

    // The owner's list shows the clerk with the role, no longer "Invited".
    await owner.goto('/admin/permissions/staff?search=casey');
    const clerkRow = staff.getByRole('row').filter({ hasText: 'Casey Clerk' });
    await clerkRow.getByText('Order clerk').waitFor();
    await expect.poll(() => staff.getByText('Invited').count()).toBe(0);

    // ── 3. The owner signs the retailer's phone out ────────────────────────────────────────────
    const { page: shop, context: shopContext } = await newPage(browser, portal.baseUrl, PHONE);
    await signIn(shop, 'retailer@demo.test', '/retailer/dashboard');
    await owner.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Track Login Devices' }).click();
    await owner.waitForURL('**/admin/track-login-devices');
    const devices = owner.getByRole('grid', { name: 'Login devices' });
    await devices.getByText('This device').waitFor();
    await owner.getByLabel('Store', { exact: true }).selectOption({ label: '10001 · Corner Mart #1' });
    await owner.waitForURL(/customer=/);
    await expect.poll(() => devices.getByText('Dana Whitfield').count()).toBe(0);
    const phone = devices.getByRole('row').filter({ hasText: 'Sam Patel' });
    await expect.poll(() => phone.count()).toBe(1);
    await phone.getByText('New device').waitFor();
    await phone.getByRole('button', { name: /^Sign out .* of Sam Patel$/ }).click();
    const confirm = owner.getByRole('dialog', { name: 'Sign out this device?' });
    await confirm.getByText(/of Sam Patel will be signed out/).waitFor();
    await confirm.getByRole('button', { name: 'Sign out', exact: true }).click();
    await owner.getByText('Device signed out').waitFor();
    await owner.getByText('No sessions match').waitFor();
    // The retailer's next action asks the API with the ended session: 401, and the app goes to /login.
    await shop.goto('/retailer/contact');
    await shop.waitForURL('**/login**');
    expect(new URL(shop.url()).pathname).toBe('/login');

    // ── 4. The retailer opens a ticket from Contact; staff reply; the retailer reads it ────────
    await signIn(shop, 'retailer@demo.test', '/retailer/dashboard');
    await shop.goto('/retailer/contact');
    const tickets = shop.getByRole('region', { name: 'My tickets' });
    await tickets.getByText('No tickets yet').waitFor();
    await tickets.getByRole('button', { name: 'New ticket' }).click();
    const form = shop.getByRole('form', { name: 'New ticket' });
    await form.getByLabel('Subject').fill(SUBJECT);
    await form.getByRole('combobox', { name: 'Category' }).click();
    await shop.getByRole('option', { name: 'Delivery' }).click();
    await form.getByLabel('Message').fill('One case of cola was missing from the delivery.');
    await shop.getByRole('button', { name: 'Send ticket' }).click();
    await tickets.getByRole('heading', { name: new RegExp(`· ${SUBJECT}$`) }).waitFor();

    await owner.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Support Tickets' }).click();
    await owner.waitForURL('**/admin/support-tickets');
    const list = owner.getByRole('grid', { name: 'Support tickets' });
    await list.getByRole('link', { name: SUBJECT }).click();
    await owner.waitForURL('**/admin/support-tickets/*');
    await owner.getByText('One case of cola was missing from the delivery.').waitFor();
    const reply = owner.getByRole('form', { name: 'Reply to the store' });
    await reply.getByLabel('Reply to the store').fill(REPLY);
    await reply.getByRole('button', { name: 'Send reply' }).click();
    await owner.getByRole('region', { name: 'Ticket' }).locator('.MuiChip-root', { hasText: 'Waiting for store' }).waitFor();

    await shop.goto('/retailer/contact');
    const mine = tickets.getByRole('button', { name: new RegExp(SUBJECT) });
    await mine.getByText('New reply').waitFor();
    await mine.click();
    await tickets.getByText(REPLY).waitFor();
    await tickets.getByText('Dana Whitfield').waitFor();
    await shopContext.close();
  });
});

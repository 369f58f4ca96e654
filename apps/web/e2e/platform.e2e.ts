// Issue 2 browser journeys: sign-in for each role, one-time code via the dev outbox, guards,
// logout, and the dark mode that survives a reload. Real server, real Chromium.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, PHONE, latestCode, launchBrowser, newPage, startPortal, type Portal } from './harness.ts';

const PASSWORD = 'Demo@12345';

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

async function signInWithPassword(page: Page, path: '/loginPassword' | '/sales-login', email: string) {
  await page.goto(path);
  await page.getByLabel('Email or phone number').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

async function sidebarLabels(page: Page): Promise<string[]> {
  const nav = page.getByRole('navigation').first();
  await nav.getByRole('link').first().waitFor();
  return (await nav.getByRole('link').allInnerTexts()).map((t) => t.trim()).filter(Boolean);
}

describe('signing in by password lands each role on its dashboard with its sidebar', () => {
  it('retailer', async () => {
    const { context, page } = await newPage(browser, portal.baseUrl);
    await signInWithPassword(page, '/loginPassword', 'retailer@demo.test');
    await page.waitForURL('**/retailer/dashboard');
    expect(await sidebarLabels(page)).toEqual([
      'Dashboard',
      'Order',
      'Order History',
      'Ordered Items',
      'Account Receivable',
      'Product Catalog',
      'Contact Us',
      'Product License',
      'Policies',
    ]);
    await expect
      .poll(() => page.getByRole('tablist', { name: 'Details' }).getByRole('tab').allInnerTexts())
      .toEqual(['Store Details', 'Distributor Details']);
    await context.close();
  });

  it('distributor', async () => {
    const { context, page } = await newPage(browser, portal.baseUrl);
    await signInWithPassword(page, '/loginPassword', 'admin@demo.test');
    await page.waitForURL('**/admin/dashboard');
    expect(await sidebarLabels(page)).toEqual([
      'Dashboard',
      'Retailers',
      'Products',
      'Orders',
      'Account Receivable',
      'Vendors',
      'Promo & Marketing',
      'Track Login Devices',
      'User Management',
      'Notifications',
      'Support Tickets',
      'Settings',
      'Policies',
      'Retailer Requests',
      'Calender',
    ]);
    await expect
      .poll(() => page.getByRole('tablist', { name: 'Details' }).getByRole('tab').allInnerTexts())
      .toEqual(['Distributor Details']);
    await context.close();
  });

  it('sales representative at /sales-login', async () => {
    const { context, page } = await newPage(browser, portal.baseUrl);
    await signInWithPassword(page, '/sales-login', 'sales@demo.test');
    await page.waitForURL('**/sales/dashboard');
    expect(await sidebarLabels(page)).toEqual([
      'Dashboard',
      'Orders',
      'Ordered Items',
      'Order History',
      'Calender',
      'Retailers',
      'Account Receivable',
      'Promo & Discounts',
      'Track Login Devices',
      'Policies',
    ]);
    await context.close();
  });
});

describe('one-time code', () => {
  it('signs a retailer in with the code from the outbox, on a phone', async () => {
    const { context, page } = await newPage(browser, portal.baseUrl, PHONE);
    await page.goto('/login');
    await page.getByLabel('Email or phone number').fill('retailer@demo.test');
    await page.getByRole('button', { name: 'Send OTP' }).click();
    await expect.poll(() => page.getByText('OTP sent successfully').count()).toBeGreaterThan(0);
    await page.waitForURL('**/otp-verification');
    const code = await latestCode(portal.baseUrl, 'retailer@demo.test');
    await page.getByLabel('6-digit code').fill(code);
    await page.getByRole('button', { name: 'Verify and sign in' }).click();
    await page.waitForURL('**/retailer/dashboard');
    await expect.poll(() => page.getByText('OTP verified successfully').count()).toBeGreaterThan(0);
    await context.close();
  });

  it('a wrong code is refused and the user stays on the code page', async () => {
    const { context, page } = await newPage(browser, portal.baseUrl);
    await page.goto('/login');
    await page.getByLabel('Email or phone number').fill('retailer2@demo.test');
    await page.getByRole('button', { name: 'Send OTP' }).click();
    await page.waitForURL('**/otp-verification');
    const code = await latestCode(portal.baseUrl, 'retailer2@demo.test');
    const wrong = code === '000000' ? '111111' : '000000';
    await page.getByLabel('6-digit code').fill(wrong);
    await page.getByRole('button', { name: 'Verify and sign in' }).click();
    await expect.poll(() => page.getByText('Invalid or expired OTP').count()).toBeGreaterThan(0);
    expect(new URL(page.url()).pathname).toBe('/otp-verification');
    await context.close();
  });
});

describe('guards', () => {
  it('no token: a retailer page sends to /login and returns there after signing in', async () => {
    const { context, page } = await newPage(browser, portal.baseUrl);
    await page.goto('/retailer/ordered-items');
    await page.waitForURL('**/login');
    await page.getByRole('button', { name: 'Sign in with password' }).click();
    await page.waitForURL('**/loginPassword');
    // The address changes before the new page is drawn, and the code page just left has a field with
    // the same label: wait for the password page itself before typing.
    await page.getByRole('heading', { name: 'Sign in with password' }).waitFor();
    await page.getByLabel('Email or phone number').fill('retailer@demo.test');
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.waitForURL('**/retailer/ordered-items');
    await context.close();
  });

  it('a signed-in retailer is sent from the admin area to its own dashboard, and from / as well', async () => {
    const { context, page } = await newPage(browser, portal.baseUrl);
    await signInWithPassword(page, '/loginPassword', 'retailer@demo.test');
    await page.waitForURL('**/retailer/dashboard');
    await page.goto('/admin/products');
    await page.waitForURL('**/retailer/dashboard');
    await page.goto('/sales/retailers');
    await page.waitForURL('**/retailer/dashboard');
    await page.goto('/');
    await page.waitForURL('**/retailer/dashboard');
    await context.close();
  });

  it('a distributor is sent from the retailer area to /admin/dashboard', async () => {
    const { context, page } = await newPage(browser, portal.baseUrl);
    await signInWithPassword(page, '/loginPassword', 'admin@demo.test');
    await page.waitForURL('**/admin/dashboard');
    await page.goto('/retailer/cart');
    await page.waitForURL('**/admin/dashboard');
    await context.close();
  });
});

describe('profile menu', () => {
  it('logout returns to /login and forgets the token', async () => {
    const { context, page } = await newPage(browser, portal.baseUrl);
    await signInWithPassword(page, '/loginPassword', 'retailer@demo.test');
    await page.waitForURL('**/retailer/dashboard');
    const token = await page.evaluate(() => localStorage.getItem('token'));
    expect(token).toBeTruthy();
    await page.getByRole('button', { name: 'Profile menu' }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await page.waitForURL('**/login');
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    // The old token is dead on the server too.
    const res = await fetch(`${portal.baseUrl}/api/auth/profile`, { headers: { authorization: `Bearer ${token}` } });
    expect(res.status).toBe(401);
    await page.goto('/retailer/dashboard');
    await page.waitForURL('**/login');
    await context.close();
  });

  it('dark mode toggles from the profile menu and survives a reload', async () => {
    const { context, page } = await newPage(browser, portal.baseUrl, DESKTOP);
    await signInWithPassword(page, '/loginPassword', 'admin@demo.test');
    await page.waitForURL('**/admin/dashboard');
    expect(await page.evaluate(() => document.body.dataset.theme)).toBe('light');
    await page.getByRole('button', { name: 'Profile menu' }).click();
    await page.getByRole('menuitemcheckbox', { name: /Dark Mode/ }).click();
    await expect.poll(() => page.evaluate(() => document.body.dataset.theme)).toBe('dark');
    const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    await page.reload();
    await page.waitForURL('**/admin/dashboard');
    await expect.poll(() => page.evaluate(() => document.body.dataset.theme)).toBe('dark');
    expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe(background);
    expect(background).not.toBe('rgb(255, 255, 255)');
    await context.close();
  });

  it('the horizontal menu replaces the drawer on a desktop and survives a reload', async () => {
    const { context, page } = await newPage(browser, portal.baseUrl, DESKTOP);
    await signInWithPassword(page, '/loginPassword', 'retailer@demo.test');
    await page.waitForURL('**/retailer/dashboard');
    await page.getByRole('button', { name: 'Profile menu' }).click();
    await page.getByRole('menuitemcheckbox', { name: /Horizontal Menu/ }).click();
    await page.keyboard.press('Escape');
    await page.reload();
    const menu = page.getByRole('navigation', { name: 'Main menu' });
    await menu.getByRole('link', { name: 'Order History' }).click();
    await page.waitForURL('**/retailer/orders/history');
    // The menu bar sits above the page content, not in a drawer beside it.
    const bar = await menu.boundingBox();
    const title = await page.getByRole('heading', { name: 'Order History' }).first().boundingBox();
    expect(bar && title && bar.y + bar.height <= title.y).toBe(true);
    expect(await page.evaluate(() => localStorage.getItem('theme-layout'))).toBe('horizontal');
    await context.close();
  });
});

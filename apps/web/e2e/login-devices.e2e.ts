// Issue 16 §2 browser journey: a retailer ends their own session from the profile's device list and
// lands on /login. (The owner signing a retailer's device out is part of distributor-admin.e2e.ts.)
// Real server (fresh SQLite, demo seed), real Chromium at 390 px.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { launchBrowser, newPage, PHONE, startPortal, type Portal } from './harness.ts';

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
  await page.getByLabel('Password', { exact: true }).fill('Demo@12345');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL(`**${landing}`);
}

describe('login devices', () => {
  it('a retailer ends their own current session from the profile and lands on /login', async () => {
    const { page: shop } = await newPage(browser, portal.baseUrl, PHONE);
    await signIn(shop, 'retailer@demo.test', '/retailer/dashboard');
    await shop.goto('/retailer/profile');
    const list = shop.getByRole('list', { name: 'Signed-in devices' });
    const mine = list.getByRole('listitem').filter({ hasText: 'This device' });
    await mine.waitFor();
    await mine.getByRole('button', { name: 'Sign out' }).click();
    const dialog = shop.getByRole('dialog', { name: 'Sign out device?' });
    await dialog.getByText('This is the device you are using: you will be signed out here.').waitFor();
    await dialog.getByRole('button', { name: 'Sign out' }).click();
    await shop.waitForURL('**/login');
  });
});

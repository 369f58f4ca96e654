// Issue 17 push in a real browser (headless Chromium, offline): a signed-in retailer's start-up registers
// the service worker built with the app (/sw.js) and asks the server for its VAPID key; subscribing needs
// Chromium's push service (FCM, on the internet), so here it either succeeds or is only logged, and the
// portal works on. A push is then delivered straight to the service worker through the DevTools protocol
// (ServiceWorker.deliverPushMessage): it shows the notification, with the spec's fallbacks for an empty
// push, and tells the open page. Also: the Notification settings on the profile, and the one-time iOS
// Home Screen hint. Screens at 1440 and 390 px, light and dark, into /tmp/push-shots.
import { mkdirSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PHONE, launchBrowser, newPage, startPortal, type Portal, shot, LOOKS, newPageIn } from './harness.ts';

const PASSWORD = 'Demo@12345';
const SHOTS = '/tmp/push-shots';
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';

let portal: Portal;
let browser: Browser;

async function signIn(page: Page, email: string, landing: string) {
  await page.goto('/loginPassword');
  await page.getByLabel('Email or phone number').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL(`**${landing}`);
}

const toast = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text });

/** Delivers a push to the page's service worker through the DevTools protocol, as a push service would. */
async function deliverPush(context: BrowserContext, page: Page, data: string): Promise<void> {
  const cdp = await context.newCDPSession(page);
  const registrationId = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', (e: { registrations: { registrationId: string; scopeURL: string }[] }) => {
      const r = e.registrations.find((x) => x.scopeURL.startsWith(portal.baseUrl));
      if (r) resolve(r.registrationId);
    });
  });
  await cdp.send('ServiceWorker.enable');
  await cdp.send('ServiceWorker.deliverPushMessage', { origin: portal.baseUrl, registrationId: await registrationId, data });
  await cdp.detach();
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

describe('push in the browser', () => {
  it('registers the service worker, shows delivered pushes and tells the open page', async () => {
    const { context, page } = await newPage(browser, portal.baseUrl);
    await context.grantPermissions(['notifications'], { origin: portal.baseUrl });
    const calls: string[] = [];
    page.on('request', (r) => {
      const path = new URL(r.url()).pathname;
      if (path.startsWith('/api/retailer/pushConfig') || path.startsWith('/api/retailer/fcmToken'))
        calls.push(`${r.method()} ${path}`);
    });
    const logged: string[] = [];
    page.on('console', (m) => logged.push(m.text()));

    await signIn(page, 'retailer@demo.test', '/retailer/dashboard');
    const scriptUrl = await page.evaluate(async () => (await navigator.serviceWorker.ready).active?.scriptURL);
    expect(scriptUrl).toBe(`${portal.baseUrl}/sw.js`);
    await expect.poll(() => calls.includes('GET /api/retailer/pushConfig'), { timeout: 10_000 }).toBe(true);
    // Offline, Chromium cannot reach its push service: the subscription is sent, or the failure only logged.
    await expect
      .poll(() => calls.includes('PUT /api/retailer/fcmToken') || logged.some((t) => t.startsWith('Push set-up failed')), {
        timeout: 20_000,
      })
      .toBe(true);
    console.log(
      calls.includes('PUT /api/retailer/fcmToken')
        ? 'push: Chromium subscribed and the subscription was sent'
        : `push: subscribing failed offline, only logged (${logged.find((t) => t.startsWith('Push set-up failed'))})`,
    );
    expect(await page.getByRole('heading', { name: 'Something went wrong' }).count()).toBe(0);

    // The page listens, as the portal does, for what the service worker tells it.
    await page.evaluate(() => {
      const w = window as unknown as { heard: unknown[] };
      w.heard = [];
      navigator.serviceWorker.addEventListener('message', (e) => w.heard.push(e.data));
    });
    await deliverPush(
      context,
      page,
      JSON.stringify({
        title: 'Route 4 runs late',
        body: 'Expect your delivery after 2 pm.',
        url: '/retailer/order',
        notificationId: 'n-1',
      }),
    );
    await deliverPush(context, page, '');
    const shown = async () =>
      page.evaluate(async () =>
        (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => ({ title: n.title, body: n.body })),
      );
    await expect.poll(async () => (await shown()).length, { timeout: 10_000 }).toBe(2);
    expect(await shown()).toEqual(
      expect.arrayContaining([
        { title: 'Route 4 runs late', body: 'Expect your delivery after 2 pm.' },
        { title: 'New Notification', body: 'You have a new message' },
      ]),
    );
    const heard = (await page.evaluate(() => (window as unknown as { heard: { type: string; title: string }[] }).heard)) ?? [];
    expect(heard.map((m) => [m.type, m.title])).toEqual([
      ['portal-push', 'Route 4 runs late'],
      ['portal-push', 'New Notification'],
    ]);
    await context.close();
  });

  it('lets the retailer choose which kinds come by push and by e-mail, on the profile', async () => {
    for (const look of LOOKS) {
      const { size, mode } = look;
      const { context, page } = await newPageIn(browser, portal.baseUrl, look);
      await signIn(page, 'retailer@demo.test', '/retailer/dashboard');
      await page.goto('/retailer/profile');
      const section = page.getByRole('region', { name: 'Notification settings' });
      await section.getByRole('switch', { name: 'Order status changes by push' }).waitFor();
      if (size === '1440' && mode === 'light') {
        const orderStatus = section.getByRole('switch', { name: 'Order status changes by push' });
        expect(await orderStatus.isChecked()).toBe(true);
        await orderStatus.click();
        await toast(page, 'Notification settings saved').waitFor();
        await page.reload();
        const after = page.getByRole('region', { name: 'Notification settings' });
        await after.getByRole('switch', { name: 'Order status changes by push' }).waitFor();
        expect(await after.getByRole('switch', { name: 'Order status changes by push' }).isChecked()).toBe(false);
        expect(await after.getByRole('switch', { name: 'Messages from your distributor by push' }).isChecked()).toBe(true);
        // E-mail: off by default, on when chosen; a ticket reply is always e-mailed.
        const byEmail = after.getByRole('switch', { name: 'Order status changes by e-mail' });
        expect(await byEmail.isChecked()).toBe(false);
        await byEmail.click();
        await expect.poll(() => byEmail.isChecked()).toBe(true);
        const always = after.getByRole('switch', { name: 'Replies to your support tickets by e-mail (always sent)' });
        expect([await always.isChecked(), await always.isDisabled()]).toEqual([true, true]);
        await page.reload();
        const again = page.getByRole('region', { name: 'Notification settings' });
        await again.getByRole('switch', { name: 'Order status changes by e-mail' }).waitFor();
        expect(await again.getByRole('switch', { name: 'Order status changes by e-mail' }).isChecked()).toBe(true);
        expect(await again.getByRole('switch', { name: 'Order status changes by push' }).isChecked()).toBe(false);
      }
      await page.waitForTimeout(400);
      await section.scrollIntoViewIfNeeded();
      await shot(page, `${SHOTS}/profile-notification-settings-${size}-${mode}.png`, { fullPage: true });
      await context.close();
    }
  });

  it('on iOS Safari shows the Home Screen hint once instead of asking for permission', async () => {
    const { context, page } = await newPage(browser, portal.baseUrl, PHONE, { userAgent: IPHONE });
    // Safari in a tab has no PushManager.
    await context.addInitScript(() => {
      delete (window as unknown as { PushManager?: unknown }).PushManager;
    });
    await signIn(page, 'retailer@demo.test', '/retailer/dashboard');
    await toast(page, 'Add this portal to your Home Screen to get notifications').waitFor({ timeout: 10_000 });
    await page.waitForTimeout(800); // the toast's entrance
    await shot(page, `${SHOTS}/ios-home-screen-hint-390-light.png`);
    await page.reload();
    await page.waitForTimeout(1500);
    expect(await toast(page, 'Add this portal to your Home Screen to get notifications').count()).toBe(0);
    await context.close();
  });
});

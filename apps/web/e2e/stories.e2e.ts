// Issue 17 browser journey (stories and a notification): the office adds an image story for route 101 in
// /admin/stories (preview, Creating..., the toast, the dialog closing by itself) and a second one through
// the API, then composes a notification to route 101 in /admin/notifications; the route-101 retailer sees
// the bell's unread badge, reads the notification in the drawer and marks it read, then (retailer@demo.test,
// store 10001) sees the stories count in the header, opens the viewer, which advances to the second
// story by itself and closes after it; both stories are then seen by one retailer in the office's counts. Screens are shot at 1440 and 390 px, light and dark, into
// /tmp/stories-shots. Real server (fresh SQLite, demo seed), real Chromium.
import { mkdirSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, PHONE, launchBrowser, newPage, startPortal, type Portal, shot, itShoots, LOOKS, newPageIn } from './harness.ts';

const PASSWORD = 'Demo@12345';
const SHOTS = '/tmp/stories-shots';

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

const picture = (background: string) =>
  sharp({ create: { width: 720, height: 1280, channels: 3, background } })
    .composite([
      {
        input: Buffer.from(
          '<svg width="720" height="1280"><circle cx="360" cy="520" r="220" fill="#F4A300"/><rect x="120" y="860" width="480" height="90" rx="20" fill="#ffffff"/></svg>',
        ),
      },
    ])
    .png()
    .toBuffer();

interface OfficeStory {
  id: string;
  caption: string;
  seenBy: number;
  audienceSize: number;
}

const toast = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text });

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  portal = await startPortal();
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await portal?.stop();
});

describe('stories journey', () => {
  it('the office publishes, the route-101 retailer watches them through to the end', async () => {
    const { context, page } = await newPage(browser, portal.baseUrl, DESKTOP);
    await signIn(page, 'admin@demo.test', '/admin/dashboard');
    await page.getByRole('link', { name: 'Promo & Marketing' }).click();
    await page.getByRole('tab', { name: 'Stories' }).click();
    await page.waitForURL('**/admin/stories');
    await expect.poll(() => page.getByText('No stories yet').count()).toBe(1);

    await page.getByRole('button', { name: 'Add Story' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Add Story' });
    const create = dialog.getByRole('button', { name: 'Create Story' });
    expect(await create.isDisabled()).toBe(true); // spec §5: disabled until a file is picked
    await dialog.getByLabel('Caption').fill('New summer drinks are in');
    await dialog.getByTestId('story-file-input').setInputFiles({
      name: 'summer.png',
      mimeType: 'image/png',
      buffer: await picture('#3C7795'),
    });
    await dialog.getByRole('img', { name: 'Preview' }).waitFor();
    await dialog.getByLabel('Audience').click();
    await page.getByRole('option', { name: 'Stores on routes' }).click();
    // The shared audience picker lists the distributor's routes; typing narrows them.
    await dialog.getByLabel('Routes').fill('101');
    await page.getByRole('option', { name: 'Route 101' }).click();
    // Hold the upload a moment so that the button's submitting text can be seen.
    await page.route('**/api/distrubutor/stories', async (route) => {
      await new Promise((r) => setTimeout(r, 700));
      await route.continue();
    });
    await create.click();
    await dialog.getByRole('button', { name: 'Creating...' }).waitFor();
    await toast(page, 'Story created successfully').waitFor();
    await dialog.waitFor({ state: 'hidden', timeout: 5000 }); // closes by itself about 2 s later
    await page.unroute('**/api/distrubutor/stories');
    const card = page.getByTestId('story-card');
    await expect.poll(() => card.count()).toBe(1);
    // The demo stores on route 101 with a retailer account (docs/demo-data.md).
    expect(await card.getByTestId('story-seen-by').textContent()).toMatch(/^Seen by 0 · 0% of \d+ retailers$/);
    expect(await card.getByText('Route 101').count()).toBe(1);

    // A second, newer story for every store, through the API.
    const admin = await tokenOf('admin@demo.test');
    const form = new FormData();
    form.append('mediaType', 'image');
    form.append('caption', 'Route 4 runs late on Friday');
    form.append('media', new Blob([await picture('#8E2430')], { type: 'image/png' }), 'late.png');
    const created = await fetch(`${portal.baseUrl}/api/distrubutor/stories`, {
      method: 'POST',
      headers: { authorization: `Bearer ${admin}` },
      body: form,
    });
    expect(created.status).toBe(200);

    // The office tells route 101 through the composer.
    await page.getByRole('link', { name: 'Notifications' }).click();
    await page.waitForURL('**/admin/notifications');
    // As the office would: the screen drawn (its history grid) before New notification is pressed.
    await page.getByRole('grid', { name: 'Sent notifications' }).waitFor();
    await page.getByRole('button', { name: 'New notification' }).first().click();
    const composer = page.getByRole('form', { name: 'New notification' });
    await composer.getByLabel('Title').fill('Stories are up');
    await composer.getByLabel('Message').fill('See what is new for route 101 this week.');
    await composer.getByRole('combobox', { name: 'Audience' }).click();
    await page.getByRole('option', { name: 'Stores on routes' }).click();
    await composer.getByRole('combobox', { name: 'Routes' }).click();
    await page.getByRole('option', { name: 'Route 101' }).click();
    await composer.getByText(/Reaches \d+ recipients?/).waitFor();
    await page.getByRole('button', { name: 'Send now' }).click();
    await toast(page, 'Notification sent').waitFor();
    await page
      .getByRole('grid', { name: 'Sent notifications' })
      .getByRole('row')
      .filter({ hasText: 'Stories are up' })
      .getByText('Route 101', { exact: true })
      .waitFor();
    await context.close();

    // The retailer on route 101.
    const retailer = await newPage(browser, portal.baseUrl, PHONE);
    const r = retailer.page;
    await signIn(r, 'retailer@demo.test', '/retailer/dashboard');
    // The notification first: the badge, the drawer, marked read.
    const bell = r.getByRole('button', { name: /^Notifications, [1-9]\d* unread$/ });
    await bell.waitFor();
    const unreadBefore = Number((await bell.getAttribute('aria-label'))!.match(/(\d+) unread/)![1]);
    await bell.click();
    const drawer = r.getByRole('dialog', { name: 'Notifications' });
    await expect.poll(() => drawer.getByTestId('notification-title').first().textContent()).toBe('Stories are up');
    await drawer.getByRole('button', { name: 'Mark Stories are up as read' }).click();
    await drawer.getByRole('button', { name: 'Close notifications' }).click();
    await drawer.waitFor({ state: 'hidden' });
    await r.getByRole('button', { name: `Notifications, ${unreadBefore - 1} unread` }).waitFor();
    const icon = r.getByRole('button', { name: 'Stories, 2 active' });
    await icon.waitFor();
    await icon.click();
    const viewer = r.getByTestId('story-viewer');
    await viewer.waitFor();
    // Newest first: the API's story, then the office's.
    await expect.poll(() => viewer.getByTestId('story-caption').textContent()).toBe('Route 4 runs late on Friday');
    expect(await viewer.getByRole('button', { name: 'Previous story' }).isDisabled()).toBe(true);
    expect(await viewer.getByTestId('story-date').textContent()).toMatch(/ago$/);
    await shot(r, `${SHOTS}/viewer-390.png`);
    // Space pauses: the progress stands still.
    await r.keyboard.press('Space');
    await viewer.getByRole('button', { name: 'Play' }).waitFor();
    const held = Number(await viewer.getByTestId('story-progress').getAttribute('data-progress'));
    await r.waitForTimeout(800);
    expect(Number(await viewer.getByTestId('story-progress').getAttribute('data-progress'))).toBe(held);
    await r.keyboard.press('Space');
    // About 5 s a story: it moves on to the office's story by itself, then closes after it.
    await expect
      .poll(() => viewer.getByTestId('story-caption').textContent(), { timeout: 9000 })
      .toBe('New summer drinks are in');
    expect(await viewer.getByRole('button', { name: 'Previous story' }).isDisabled()).toBe(false);
    await viewer.waitFor({ state: 'detached', timeout: 9000 });
    await r.getByRole('button', { name: 'Stories, 2 active' }).waitFor();

    const seen = await fetch(`${portal.baseUrl}/api/distrubutor/stories`, { headers: { authorization: `Bearer ${admin}` } });
    const items = ((await seen.json()) as { data: { items: OfficeStory[] } }).data.items;
    expect(items.map((s) => [s.caption, s.seenBy])).toEqual([
      ['Route 4 runs late on Friday', 1],
      ['New summer drinks are in', 1],
    ]);
    const mine = (await (
      await fetch(`${portal.baseUrl}/api/retailer/story`, {
        headers: { authorization: `Bearer ${await tokenOf('retailer@demo.test')}` },
      })
    ).json()) as { data: { viewed: boolean }[] };
    expect(mine.data.map((s) => s.viewed)).toEqual([true, true]);

    // Escape closes at once.
    await r.getByRole('button', { name: 'Stories, 2 active' }).click();
    await viewer.waitFor();
    await r.keyboard.press('Escape');
    await viewer.waitFor({ state: 'detached' });
    await retailer.context.close();
  });

  itShoots(
    'screens at 1440 and 390 px, light and dark',
    async () => {
      for (const look of LOOKS) {
        const { size, mode } = look;
        const { context, page } = await newPageIn(browser, portal.baseUrl, look);
        await signIn(page, 'admin@demo.test', '/admin/dashboard');
        await page.goto('/admin/stories');
        await page.getByTestId('story-card').first().waitFor();
        await page.waitForTimeout(600);
        await shot(page, `${SHOTS}/office-${size}-${mode}.png`, { fullPage: true });
        await page.getByRole('button', { name: 'Add Story' }).first().click();
        await page
          .getByTestId('story-file-input')
          .setInputFiles({ name: 'a.png', mimeType: 'image/png', buffer: await picture('#2e7d32') });
        await page.getByRole('img', { name: 'Preview' }).waitFor();
        await page.waitForTimeout(400);
        await shot(page, `${SHOTS}/add-${size}-${mode}.png`);
        await page.getByRole('button', { name: 'Cancel' }).click();
        await page.getByRole('button', { name: 'Delete Story' }).first().click();
        await page.getByRole('dialog', { name: 'Delete Story' }).waitFor();
        await page.waitForTimeout(400);
        await shot(page, `${SHOTS}/delete-${size}-${mode}.png`);
        await context.close();

        const retailer = await newPageIn(browser, portal.baseUrl, look);
        await signIn(retailer.page, 'retailer@demo.test', '/retailer/dashboard');
        await retailer.page.getByRole('button', { name: /^Stories, / }).waitFor();
        await shot(retailer.page, `${SHOTS}/header-${size}-${mode}.png`);
        await retailer.page.getByRole('button', { name: /^Stories, / }).click();
        await retailer.page.getByTestId('story-caption').waitFor();
        await retailer.page.keyboard.press('Space');
        await retailer.page.waitForTimeout(300);
        await shot(retailer.page, `${SHOTS}/viewer-${size}-${mode}.png`);
        await retailer.context.close();
      }
    },
    300_000,
  );
});

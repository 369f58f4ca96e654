// Issue 16 §3 browser journey: the retailer opens a ticket with a photo from Contact Us on a phone; the
// office finds it in /admin/support-tickets, opens the thread and replies; the store is e-mailed (dev
// outbox) and, back on its Contact page, reads the reply with the ticket waiting for it. The screens
// (store list and thread, office grid and thread, the rep's page) are shot at 1440 and 390 px, light and
// dark, into /tmp/tickets-shots. Real server (fresh SQLite, demo seed), real Chromium.
import { mkdirSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, PHONE, launchBrowser, newPage, startPortal, type Portal, shot, itShoots, LOOKS, newPageIn } from './harness.ts';

const PASSWORD = 'Demo@12345';
const SHOTS = '/tmp/tickets-shots';
const SUBJECT = 'Crushed case of cola';
const REPLY = 'Sorry about that: a new case goes out with Thursday’s delivery.';
// A 1 × 1 PNG.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

let portal: Portal;
let browser: Browser;

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const toast = (page: Page, text: string) => page.getByRole('status').filter({ hasText: new RegExp(`^${escape(text)}$`) });

async function signIn(page: Page, email: string, landing: string, path = '/loginPassword') {
  await page.goto(path);
  await page.getByLabel('Email or phone number').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL(`**${landing}`);
}

type Who = { email: string; landing: string; path?: string };
const RETAILER: Who = { email: 'retailer@demo.test', landing: '/retailer/dashboard' };
const ADMIN: Who = { email: 'admin@demo.test', landing: '/admin/dashboard' };
const REP: Who = { email: 'sales@demo.test', landing: '/sales/dashboard', path: '/sales-login' };

interface Shot {
  path: string;
  name: string;
  ready: (page: Page) => Promise<void>;
  /** Shoot this element only (a section below the fold of a page whose main area scrolls). */
  part?: (page: Page) => ReturnType<Page['getByRole']>;
}

/** Screens at 1440 and 390 px, light and dark: one signed-in page per size and mode. */
async function shoot(who: Who, shots: Shot[], prepare?: (page: Page) => Promise<void>) {
  for (const look of LOOKS) {
    const { size, mode } = look;
    const { context, page } = await newPageIn(browser, portal.baseUrl, look);
    await signIn(page, who.email, who.landing, who.path);
    await prepare?.(page);
    for (const screen of shots) {
      await page.goto(screen.path);
      await screen.ready(page);
      await page.waitForTimeout(500);
      const file = `${SHOTS}/${screen.name}-${size}-${mode}.png`;
      if (screen.part) await shot(screen.part(page), file);
      else await shot(page, file, { fullPage: true });
    }
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

describe('support tickets journey', () => {
  let ticketUrl = '';

  it('the retailer opens a ticket from Contact, staff reply in /admin/support-tickets, the retailer sees the reply', async () => {
    // ── The store opens a ticket with a photo, on a phone ──────────────────────────────────────
    const phone = await newPage(browser, portal.baseUrl, PHONE);
    const store = phone.page;
    await signIn(store, RETAILER.email, RETAILER.landing);
    await store.goto('/retailer/contact');
    const section = store.getByRole('region', { name: 'My tickets' });
    await section.getByText('No tickets yet').waitFor();
    await section.getByRole('button', { name: 'New ticket' }).click();
    const form = store.getByRole('form', { name: 'New ticket' });
    await form.getByLabel('Subject').fill(SUBJECT);
    await form.getByRole('combobox', { name: 'Category' }).click();
    await store.getByRole('option', { name: 'Delivery' }).click();
    await form.getByLabel('Message').fill('Two cans burst on arrival this morning.');
    await form.locator('input[type=file]').setInputFiles({ name: 'shelf.png', mimeType: 'image/png', buffer: PNG });
    await form.getByText(/^shelf\.png \(\d+ B\)$/).waitFor();
    await store.getByRole('button', { name: 'Send ticket' }).click();
    await toast(store, 'Support ticket created').waitFor();
    await section.getByRole('heading', { name: `#1001 · ${SUBJECT}` }).waitFor();
    await section.getByText('Open', { exact: true }).waitFor();
    await section.getByRole('img', { name: 'shelf.png' }).waitFor(); // read back with the token
    ticketUrl = new URL(store.url()).pathname + new URL(store.url()).search;
    expect(ticketUrl).toMatch(/^\/retailer\/contact\?ticket=/);

    // ── The office replies ──────────────────────────────────────────────────────────────────────
    const desk = await newPage(browser, portal.baseUrl, DESKTOP);
    const office = desk.page;
    await signIn(office, ADMIN.email, ADMIN.landing);
    await office.getByRole('link', { name: 'Support Tickets' }).first().click();
    await office.waitForURL('**/admin/support-tickets');
    const grid = office.getByRole('grid', { name: 'Support tickets' });
    await grid.getByRole('link', { name: SUBJECT }).waitFor();
    expect(await grid.getByRole('row').filter({ hasText: SUBJECT }).getByText('Corner Mart #1 · 10001').count()).toBe(1);
    await grid.getByRole('link', { name: SUBJECT }).click();
    await office.waitForURL('**/admin/support-tickets/*');
    await office.getByRole('heading', { name: `#1001 · ${SUBJECT}` }).waitFor();
    await office.getByText('Two cans burst on arrival this morning.').waitFor();
    const reply = office.getByRole('form', { name: 'Reply to the store' });
    await reply.getByLabel('Reply to the store').fill(REPLY);
    await reply.getByRole('button', { name: 'Send reply' }).click();
    await toast(office, 'Reply sent').waitFor();
    await office.getByRole('region', { name: 'Ticket' }).locator('.MuiChip-root', { hasText: 'Waiting for store' }).waitFor();
    await desk.context.close();

    // ── The store is told, and reads the reply on its Contact page ──────────────────────────────
    const mail = (await (await fetch(`${portal.baseUrl}/api/dev/outbox?to=retailer%40demo.test`)).json()) as {
      data: { subject: string; body: string }[];
    };
    expect(mail.data[0]!.subject).toBe(`Reply to your ticket #1001: ${SUBJECT}`);
    await store.goto('/retailer/contact');
    await section
      .getByRole('button', { name: new RegExp(`#1001 · ${SUBJECT}`) })
      .getByText('New reply')
      .waitFor();
    await section.getByRole('button', { name: new RegExp(`#1001 · ${SUBJECT}`) }).click();
    await section.getByText(REPLY).waitFor();
    await section.getByText('Dana Whitfield').waitFor();
    await section.locator('.MuiChip-root', { hasText: 'Waiting for store' }).first().waitFor();
    await phone.context.close();
  });

  itShoots(
    'looks right at 1440 and 390 px, light and dark',
    async () => {
      expect(ticketUrl).not.toBe('');
      const thread = (page: Page) => page.getByText(REPLY).waitFor();
      const section = (page: Page) => page.getByRole('region', { name: 'My tickets' });
      await shoot(RETAILER, [
        { path: '/retailer/contact', name: 'store-list', ready: (p) => p.getByText(SUBJECT).first().waitFor(), part: section },
        { path: ticketUrl, name: 'store-thread', ready: thread, part: section },
      ]);
      await shoot(ADMIN, [
        {
          path: '/admin/support-tickets?status=all',
          name: 'office-list',
          ready: (p) => p.getByRole('link', { name: SUBJECT }).waitFor(),
        },
        {
          path: '/admin/support-tickets?status=all',
          name: 'office-thread',
          ready: async (p) => {
            await p.getByRole('link', { name: SUBJECT }).click();
            await thread(p);
          },
        },
      ]);
      // The rep picks 10001, then opens the customer's tickets (linked from the dashboard's customer card).
      await shoot(
        REP,
        [{ path: '/sales/support-tickets', name: 'rep-tickets', ready: (p) => p.getByText(SUBJECT).first().waitFor() }],
        async (p) => {
          await p.getByRole('combobox', { name: 'Select Retailer' }).click();
          await p.getByRole('option', { name: /10001/ }).first().click();
          await p.getByRole('link', { name: 'Tickets' }).waitFor();
        },
      );
    },
    420_000,
  );
});

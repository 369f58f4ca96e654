// Support tickets over HTTP on a real database: a store opens a ticket with a PNG, the office finds it by
// its filters, replies (pending, the store e-mailed), assigns and resolves it (audited); the store sees
// the reply and answers (open again). Files are judged by their bytes (an HTML page named .png is
// refused; 5 MB is the limit to the byte). Visibility: another store, a rep not working the customer and
// another distributor's staff get 404 (or the sales binding's 403); a file is used once, by its uploader.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ATTACHMENT_MAX_BYTES, TICKET_MESSAGES } from '@portal/shared/support-tickets/support-tickets.schemas';
import { WORLD } from '../../db/seed/base-world.ts';
import { advanceClock, resetClock } from '../../platform/clock.ts';
import { call, tokenFor, type TestContext } from '../../../test/helper.ts';
import { createCatalogContext } from '../../../test/fixtures/catalog-fixtures.ts';
import { addDistributor, addDistributorUser } from '../../../test/fixtures/admin-fixtures.ts';
import { makeImage, multipart } from '../../../test/fixtures/media-fixtures.ts';

const RETAILER = '/api/retailer/support-tickets';
const SALES = '/api/sales/support-tickets';
const ADMIN = '/api/admin/support-tickets';
const C1 = WORLD.customers.c10001;
const C2 = WORLD.customers.c10002;

/** A PDF of exactly `size` bytes: header, padding, end-of-file marker. */
function pdfOfSize(size: number): Buffer {
  const head = Buffer.from('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n1 0 obj <<>> endobj\n', 'latin1');
  const tail = Buffer.from('\ntrailer <<>>\n%%EOF\n');
  return Buffer.concat([head, Buffer.alloc(size - head.length - tail.length, 0x20), tail]);
}

describe('support tickets', () => {
  let ctx: TestContext;
  let retailer: string;
  let retailer2: string;
  let rep: string;
  let rep2: string;
  let admin: string;
  let viewer: string;
  let otherAdmin: string;
  let pngBytes: Buffer;

  const get = (url: string, token: string, headers: Record<string, string> = {}) =>
    call(ctx.app, { method: 'GET', url, token, headers });
  const send = (method: 'POST' | 'PUT', url: string, payload: object, token: string, headers: Record<string, string> = {}) =>
    call(ctx.app, { method, url, payload, token, headers });
  const upload = (url: string, token: string, file: { filename: string; contentType: string; bytes: Buffer }, headers = {}) => {
    const form = multipart([file]);
    return call(ctx.app, { method: 'POST', url, token, payload: form.payload, headers: { ...form.headers, ...headers } });
  };
  const asRep = (customerId: string) => ({ 'x-customer-id': customerId });
  const outbox = async (to: string) =>
    (await call(ctx.app, { method: 'GET', url: `/api/dev/outbox?to=${encodeURIComponent(to)}` })).body.data as {
      subject: string;
      body: string;
    }[];

  beforeAll(async () => {
    ctx = await createCatalogContext();
    retailer = await tokenFor(ctx, WORLD.users.retailer.id);
    retailer2 = await tokenFor(ctx, WORLD.users.retailer2.id);
    rep = await tokenFor(ctx, WORLD.users.sales.id);
    rep2 = await tokenFor(ctx, WORLD.users.sales2.id);
    admin = await tokenFor(ctx, WORLD.users.admin.id);
    viewer = await tokenFor(ctx, await addDistributorUser(ctx.db, 'tickets-viewer', { 'Support Tickets': { view: true } }));
    await addDistributor(ctx.db, 'dist-other');
    otherAdmin = await tokenFor(
      ctx,
      await addDistributorUser(ctx.db, 'tickets-other', { 'Support Tickets': { view: true, edit: true } }, 'dist-other'),
    );
    // The rep works customer 10001.
    const session = await send('POST', `/api/sales/setSalesSession/${C1}`, {}, rep, asRep(C1));
    expect(session.status).toBe(200);
    pngBytes = await makeImage('png', 40, 30);
  });
  afterAll(async () => {
    resetClock();
    await ctx?.close();
  });

  let ticketId = '';
  let pngId = '';

  it('opens a ticket with a PNG checked by its bytes, numbered from 1001, open and in the store’s list', async () => {
    const up = await upload(`${RETAILER}/attachments`, retailer, {
      filename: 'shelf.png',
      contentType: 'image/png',
      bytes: pngBytes,
    });
    expect(up.status).toBe(201);
    expect(up.body.data).toMatchObject({ fileName: 'shelf.png', contentType: 'image/png', bytes: pngBytes.length });
    pngId = up.body.data.id;

    const res = await send(
      'POST',
      RETAILER,
      {
        subject: '  Crushed case of cola  ',
        category: 'delivery',
        message: 'Two cans burst on arrival.',
        attachmentIds: [pngId],
      },
      retailer,
    );
    expect(res.status).toBe(201);
    expect(res.body.message).toBe('Support ticket created');
    const t = res.body.data;
    ticketId = t.id;
    expect(t).toMatchObject({
      number: 1001,
      subject: 'Crushed case of cola',
      category: 'delivery',
      status: 'open',
      store: { id: C1, C_Number: '10001', name: 'Corner Mart #1' },
      openedBy: { name: 'Sam Patel', role: 'retailer' },
      assignee: null,
      messageCount: 1,
      lastSide: 'store',
    });
    expect(t.messages).toHaveLength(1);
    expect(t.messages[0]).toMatchObject({ side: 'store', body: 'Two cans burst on arrival.', author: { name: 'Sam Patel' } });
    expect(t.messages[0].attachments).toEqual([
      { id: pngId, fileName: 'shelf.png', contentType: 'image/png', bytes: pngBytes.length },
    ]);

    const file = await get(`${RETAILER}/${ticketId}/attachments/${pngId}`, retailer);
    expect(file.status).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.headers['cache-control']).toBe('no-store');
    expect(Buffer.compare(file.raw.rawPayload, pngBytes)).toBe(0);

    const list = await get(RETAILER, retailer);
    expect(list.body.data.total).toBe(1);
    expect(list.body.data.items[0]).toMatchObject({ id: ticketId, number: 1001, status: 'open' });
  });

  it('refuses a .png that is really HTML, a PDF over 5 MB by one byte, and accepts exactly 5 MB', async () => {
    const html = Buffer.from('<!doctype html><html><body><script>alert(1)</script></body></html>');
    const fake = await upload(`${RETAILER}/attachments`, retailer, {
      filename: 'photo.png',
      contentType: 'image/png',
      bytes: html,
    });
    expect(fake.status).toBe(415);
    expect(fake.body.message).toBe('Only JPEG, PNG, WebP or GIF images or PDF files can be attached');

    const atLimit = await upload(`${RETAILER}/attachments`, retailer, {
      filename: 'invoice.pdf',
      contentType: 'application/pdf',
      bytes: pdfOfSize(ATTACHMENT_MAX_BYTES),
    });
    expect(atLimit.status).toBe(201);
    expect(atLimit.body.data).toMatchObject({ contentType: 'application/pdf', bytes: ATTACHMENT_MAX_BYTES });

    const over = await upload(`${RETAILER}/attachments`, retailer, {
      filename: 'invoice.pdf',
      contentType: 'application/pdf',
      bytes: pdfOfSize(ATTACHMENT_MAX_BYTES + 1),
    });
    expect(over.status).toBe(413);
    expect(over.body.message).toBe('The file must be 5 MB or smaller');

    const truncated = await upload(`${RETAILER}/attachments`, retailer, {
      filename: 'cut.pdf',
      contentType: 'application/pdf',
      bytes: pdfOfSize(4000).subarray(0, 3000),
    });
    expect(truncated.status).toBe(400);
    expect(truncated.body.message).toBe(TICKET_MESSAGES.damaged);

    const notMultipart = await send('POST', `${RETAILER}/attachments`, { file: 'x' }, retailer);
    expect(notMultipart.status).toBe(415);
  });

  it('refuses bad fields with their messages and a file that is not the author’s to use', async () => {
    const bad = await send('POST', RETAILER, { subject: ' ', category: 'gossip', message: '' }, retailer);
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields).toMatchObject({
      subject: 'Subject is required',
      category: 'Category must be one of: order, delivery, billing, product, account, other',
      message: 'Message is required',
    });
    // retailer2 cannot put retailer's upload on its own ticket; and the PNG already belongs to a message.
    const up = await upload(`${RETAILER}/attachments`, retailer, {
      filename: 'a.png',
      contentType: 'image/png',
      bytes: pngBytes,
    });
    for (const [token, ids] of [
      [retailer2, [up.body.data.id]],
      [retailer, [pngId]],
    ] as const) {
      const res = await send('POST', RETAILER, { subject: 'S', category: 'other', message: 'M', attachmentIds: ids }, token);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(TICKET_MESSAGES.attachmentUnavailable);
    }
    // Nothing half-written: no ticket was added by the refused attempts.
    const count = await ctx.db
      .selectFrom('support_tickets')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(1);
  });

  it('shows the thread only to its store, the rep working it and the office', async () => {
    expect((await get(`${RETAILER}/${ticketId}`, retailer)).status).toBe(200);
    const other = await get(`${RETAILER}/${ticketId}`, retailer2);
    expect(other.status).toBe(404);
    expect(other.body.message).toBe('Support ticket not found');
    expect((await get(`${RETAILER}/${ticketId}/attachments/${pngId}`, retailer2)).status).toBe(404);
    expect((await send('POST', `${RETAILER}/${ticketId}/messages`, { message: 'Mine now' }, retailer2)).status).toBe(404);
    expect((await get(RETAILER, retailer2)).body.data.total).toBe(0);

    const byRep = await get(`${SALES}/${ticketId}`, rep, asRep(C1));
    expect(byRep.status).toBe(200);
    expect(byRep.body.data.subject).toBe('Crushed case of cola');
    // rep-1 naming its other customer: not that customer's ticket
    expect([404, 409]).toContain((await get(`${SALES}/${ticketId}`, rep, asRep(C2))).status);
    // rep-2 is not assigned to 10001
    expect((await get(`${SALES}/${ticketId}`, rep2, asRep(C1))).status).toBe(403);

    expect((await get(`${ADMIN}/${ticketId}`, admin)).status).toBe(200);
    expect((await get(`${ADMIN}/${ticketId}`, otherAdmin)).status).toBe(404);
    expect((await get(`${ADMIN}/${ticketId}/attachments/${pngId}`, otherAdmin)).status).toBe(404);
  });

  it('lets the rep open and follow a ticket for the working customer', async () => {
    const res = await send(
      'POST',
      SALES,
      { subject: 'Price of chips', category: 'billing', message: 'Asked by the owner.' },
      rep,
      asRep(C1),
    );
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ number: 1002, openedBy: { name: 'Maria Lopez', role: 'sales' }, store: { id: C1 } });
    const mine = await get(RETAILER, retailer);
    expect(mine.body.data.items.map((t: { number: number }) => t.number)).toEqual([1002, 1001]);
    expect((await get(SALES, rep, asRep(C1))).body.data.total).toBe(2);
  });

  it('lists for the office by status, assignee, store and age, sorted and paged', async () => {
    const all = await get(`${ADMIN}?status=all&sort=number&dir=asc`, admin);
    expect(all.body.data.items.map((t: { number: number }) => t.number)).toEqual([1001, 1002]);
    expect((await get(`${ADMIN}?store=corner`, admin)).body.data.total).toBe(2);
    expect((await get(`${ADMIN}?store=10002`, admin)).body.data.total).toBe(0);
    expect((await get(`${ADMIN}?assignee=none`, admin)).body.data.total).toBe(2);
    expect((await get(`${ADMIN}?olderThanDays=1`, admin)).body.data.total).toBe(0);
    const paged = await get(`${ADMIN}?limit=1&page=2&sort=number&dir=desc`, admin);
    expect(paged.body.data).toMatchObject({ total: 2, page: 2, limit: 1 });
    expect(paged.body.data.items[0].number).toBe(1001);
    const bad = await get(`${ADMIN}?status=closed`, admin);
    expect(bad.status).toBe(400);
    expect((await get(ADMIN, otherAdmin)).body.data.total).toBe(0);
  });

  it('staff reply makes it pending and e-mails the store; the store sees the reply and its answer reopens it', async () => {
    const reply = await send('POST', `${ADMIN}/${ticketId}/messages`, { message: 'A new case goes out on Thursday.' }, admin);
    expect(reply.status).toBe(200);
    expect(reply.body.message).toBe('Reply sent');
    expect(reply.body.data).toMatchObject({ status: 'pending', lastSide: 'staff', messageCount: 2 });

    const mail = (await outbox('retailer@demo.test'))[0]!;
    expect(mail.subject).toBe('Reply to your ticket #1001: Crushed case of cola');
    expect(mail.body).toContain('Dana Whitfield replied to your support ticket #1001 (Delivery):');
    expect(mail.body).toContain('A new case goes out on Thursday.');
    expect(mail.body).toContain('/retailer/contact');

    const seen = await get(`${RETAILER}/${ticketId}`, retailer);
    expect(seen.body.data.status).toBe('pending');
    expect(seen.body.data.messages[1]).toMatchObject({
      side: 'staff',
      author: { name: 'Dana Whitfield', role: 'distributor' },
      body: 'A new case goes out on Thursday.',
    });

    const answer = await send('POST', `${RETAILER}/${ticketId}/messages`, { message: 'Thank you!' }, retailer);
    expect(answer.status).toBe(200);
    expect(answer.body.data).toMatchObject({ status: 'open', lastSide: 'store', messageCount: 3 });

    // Staff may answer and resolve in one go.
    const done = await send('POST', `${ADMIN}/${ticketId}/messages`, { message: 'Closing this one.', status: 'resolved' }, admin);
    expect(done.body.data.status).toBe('resolved');
    expect(done.body.data.resolvedAt).not.toBeNull();
    // ... and a store message reopens a resolved ticket.
    const reopened = await send('POST', `${RETAILER}/${ticketId}/messages`, { message: 'One more thing.' }, retailer);
    expect(reopened.body.data).toMatchObject({ status: 'open', resolvedAt: null });
  });

  it('assigns, changes the status and audits every staff change; view-only staff may only read', async () => {
    const staff = await get(`${ADMIN}/assignees`, admin);
    expect(staff.body.data.map((u: { name: string }) => u.name)).toContain('Dana Whitfield');

    const assigned = await send('PUT', `${ADMIN}/${ticketId}/assignee`, { assigneeUserId: WORLD.users.admin.id }, admin);
    expect(assigned.status).toBe(200);
    expect(assigned.body.message).toBe('Ticket assigned');
    expect(assigned.body.data.assignee).toEqual({ id: WORLD.users.admin.id, name: 'Dana Whitfield' });
    expect((await get(`${ADMIN}?assignee=me`, admin)).body.data.items.map((t: { id: string }) => t.id)).toEqual([ticketId]);

    const notStaff = await send('PUT', `${ADMIN}/${ticketId}/assignee`, { assigneeUserId: WORLD.users.retailer.id }, admin);
    expect(notStaff.status).toBe(400);
    expect(notStaff.body.message).toBe('Choose an active staff user to assign');

    const resolved = await send('PUT', `${ADMIN}/${ticketId}/status`, { status: 'resolved' }, admin);
    expect(resolved.body.data.status).toBe('resolved');
    const again = await send('PUT', `${ADMIN}/${ticketId}/status`, { status: 'resolved' }, admin);
    expect(again.status).toBe(400);
    expect(again.body.message).toBe('The ticket is already resolved');
    expect((await get(`${ADMIN}?status=resolved`, admin)).body.data.total).toBe(1);
    expect((await get(ADMIN, admin)).body.data.items.map((t: { number: number }) => t.number)).toEqual([1002]);

    const trail = await get(`${ADMIN}/${ticketId}/audit`, admin);
    expect(trail.body.data.items.map((e: { action: string }) => e.action)).toEqual([
      'status:resolved',
      'assigned',
      'replied',
      'replied',
    ]);
    expect(trail.body.data.items[0]).toMatchObject({
      actor: { name: 'Dana Whitfield' },
      changes: [{ field: 'status', before: 'open', after: 'resolved' }],
    });

    expect((await get(`${ADMIN}/${ticketId}`, viewer)).status).toBe(200);
    const refused = await send('POST', `${ADMIN}/${ticketId}/messages`, { message: 'Hi' }, viewer);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('You do not have edit permission for Support Tickets');
    expect((await send('PUT', `${ADMIN}/${ticketId}/status`, { status: 'open' }, otherAdmin)).status).toBe(404);
  });

  it('staff attach files to a reply, and the store reads them', async () => {
    const pdf = pdfOfSize(2048);
    const up = await upload(`${ADMIN}/attachments`, admin, {
      filename: 'credit note.pdf',
      contentType: 'application/pdf',
      bytes: pdf,
    });
    expect(up.status).toBe(201);
    const res = await send(
      'POST',
      `${ADMIN}/${ticketId}/messages`,
      { message: 'Credit note attached.', attachmentIds: [up.body.data.id] },
      admin,
    );
    expect(res.status).toBe(200);
    const file = await get(`${RETAILER}/${ticketId}/attachments/${up.body.data.id}`, retailer);
    expect(file.status).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['content-disposition']).toContain('filename="credit note.pdf"');
    // Never public: the private key is not served under /media/.
    const row = await ctx.db
      .selectFrom('support_attachments')
      .select('storage_key')
      .where('id', '=', up.body.data.id)
      .executeTakeFirstOrThrow();
    expect(row.storage_key).toMatch(/^private-/);
    expect((await call(ctx.app, { method: 'GET', url: `/media/${row.storage_key}` })).status).toBe(404);
  });

  it('filters by age with the clock moved on', async () => {
    advanceClock(2 * 24 * 60 * 60_000);
    expect((await get(`${ADMIN}?status=all&olderThanDays=1`, admin)).body.data.total).toBe(2);
    expect((await get(`${ADMIN}?status=all&olderThanDays=3`, admin)).body.data.total).toBe(0);
    resetClock();
  });
});

import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { call, tokenFor, type TestContext } from '../../../test/helper.ts';
import { createCatalogContext, P } from '../../../test/fixtures/catalog-fixtures.ts';
import { addDistributorUser } from '../../../test/fixtures/admin-fixtures.ts';
import { WORLD } from '../../db/seed/base-world.ts';
import { advanceClock, nowIso, resetClock } from '../../platform/clock.ts';
import { bucketStarts } from '@portal/shared/receivables/ageing';
import { queryPlan } from '../../../test/query-plan.ts';
import { openDebitsQuery } from './ledger.repository.ts';

const DAY = 86_400_000;
const C1 = WORLD.customers.c10001;
const C2 = WORLD.customers.c10002;
const C3 = WORLD.customers.c10003;

describe('office receivables: ledger, balances, ageing, CSV, statement, e-mails', () => {
  let ctx: TestContext;
  let admin: string;
  let retailer: string;
  const get = (url: string, token = admin) => call(ctx.app, { method: 'GET', url: `/api${url}`, token });
  const post = (url: string, payload: object, token = admin) =>
    call(ctx.app, { method: 'POST', url: `/api${url}`, payload, token });
  const ledger = async (id = C1) => (await get(`/admin/receivables/${id}`)).body.data;
  const retailerBalance = async () => (await get('/retailer/accountReceivable', retailer)).body.data.balance;
  /** LastBalance as the customer record shows it, and the ledger's own balance: opening + every entry. */
  const balances = async (id = C1) => {
    const c = await ctx.db.selectFrom('customers').select('balance_cents').where('id', '=', id).executeTakeFirstOrThrow();
    const sum = await ctx.db.selectFrom('receivable_entries').select('amount_cents').where('customer_id', '=', id).execute();
    const l = await ledger(id);
    return {
      lastBalance: Number(c.balance_cents),
      ledger: l.openingBalanceCents + sum.reduce((s, r) => s + Number(r.amount_cents), 0),
      shown: l.balanceCents,
    };
  };
  async function placeOrder(): Promise<{ orderNumber: string; total: number }> {
    await post('/retailer/cart/add', { productId: P.cola, quantity: 6 }, retailer); // 62.30 with tax and CRV
    const res = await call(ctx.app, {
      method: 'POST',
      url: '/api/retailer/placeOrder',
      payload: {},
      headers: { 'is-web-order': 'true' },
      token: retailer,
    });
    expect(res.status).toBe(200);
    return res.body.data;
  }

  beforeAll(async () => {
    ctx = await createCatalogContext();
    admin = await tokenFor(ctx, WORLD.users.admin.id);
    retailer = await tokenFor(ctx, WORLD.users.retailer.id);
  });
  /** Moves the clock and signs in again (a session idles out over weeks). */
  const move = async (days: number) => {
    advanceClock(days * DAY);
    admin = await tokenFor(ctx, WORLD.users.admin.id);
  };
  afterEach(async () => {
    resetClock();
    admin = await tokenFor(ctx, WORLD.users.admin.id);
    retailer = await tokenFor(ctx, WORLD.users.retailer.id);
  });
  afterAll(() => ctx.close());

  it('an order is an invoice due after the store’s terms; a balance from before the ledger is carried over', async () => {
    const order = await placeOrder();
    expect(order.total).toBe(62.3);
    const l = await ledger();
    expect(l.customer).toMatchObject({ C_Number: '10001', companyName: 'Corner Mart #1', termsDays: 30, routeNumber: '101' });
    expect(l.balanceCents).toBe(125_050 + 6_230);
    expect(l.openingBalanceCents).toBe(125_050);
    expect(l.entries).toHaveLength(1);
    const due = new Date(Date.parse(nowIso().slice(0, 10)) + 30 * DAY).toISOString().slice(0, 10);
    expect(l.entries[0]).toMatchObject({
      kind: 'invoice',
      orderNumber: order.orderNumber,
      amountCents: 6_230,
      dueOn: due,
      openCents: 6_230,
      daysPastDue: 0,
    });
    expect(l.ageing).toEqual({
      current: 6_230,
      days1to30: 0,
      days31to60: 0,
      days61to90: 0,
      days90plus: 0,
      carriedOver: 125_050,
      total: 131_280,
    });
    expect(await balances()).toEqual({ lastBalance: 131_280, ledger: 131_280, shown: 131_280 });
  });

  it('a payment lowers LastBalance and the retailer’s balance; it settles the oldest debt first', async () => {
    expect(await retailerBalance()).toBe(1312.8);
    const res = await post(`/admin/receivables/${C1}/payments`, {
      amount: 1000,
      method: 'check',
      reference: 'CHK-501',
      note: 'Thanks',
    });
    expect(res.status).toBe(201);
    expect(res.body.message).toBe('Payment recorded');
    expect(res.body.data.balanceCents).toBe(31_280);
    expect(await retailerBalance()).toBe(312.8);
    expect(await balances()).toEqual({ lastBalance: 31_280, ledger: 31_280, shown: 31_280 });
    const l = await ledger();
    expect(l.entries[0]).toMatchObject({
      kind: 'payment',
      reference: 'CHK-501',
      method: 'check',
      amountCents: -100_000,
      runningBalanceCents: 31_280,
      note: 'Thanks',
      recordedBy: expect.any(String),
      dueOn: null,
      openCents: null,
    });
    // 1,000.00 paid the 1,250.50 carried over first: 250.50 of it and the whole invoice are still owed.
    expect(l.ageing).toMatchObject({ current: 6_230, carriedOver: 25_050, total: 31_280 });
    // The retailer's own screen keeps its contract and reads the same ledger.
    const mine = (await get('/retailer/accountReceivable', retailer)).body.data;
    expect(Object.keys(mine).sort()).toEqual(['balance', 'entries', 'limit', 'openingBalance', 'page', 'total']);
    expect(mine.entries.map((e: { kind: string; amount: number }) => [e.kind, e.amount])).toEqual([
      ['payment', -1000],
      ['invoice', 62.3],
    ]);
  });

  it('credits and adjustments carry a reason and move the balance by their sign', async () => {
    const credit = await post(`/admin/receivables/${C1}/adjustments`, { kind: 'credit', amount: 50.5, reason: 'Damaged case' });
    expect(credit.status).toBe(201);
    expect(credit.body).toMatchObject({ message: 'Credit recorded', data: { balanceCents: 26_230 } });
    const up = await post(`/admin/receivables/${C1}/adjustments`, {
      kind: 'adjustment',
      amount: 12.34,
      reason: 'Returned check fee',
      reference: 'FEE-1',
    });
    expect(up.body).toMatchObject({ message: 'Adjustment recorded', data: { balanceCents: 27_464 } });
    const down = await post(`/admin/receivables/${C1}/adjustments`, { kind: 'adjustment', amount: -2.34, reason: 'Rounding' });
    expect(down.body.data.balanceCents).toBe(27_230);
    const l = await ledger();
    expect(
      l.entries
        .slice(0, 3)
        .map((e: { kind: string; reference: string; amountCents: number; note: string }) => [
          e.kind,
          e.reference,
          e.amountCents,
          e.note,
        ]),
    ).toEqual([
      ['adjustment', 'Adjustment', -234, 'Rounding'],
      ['adjustment', 'FEE-1', 1_234, 'Returned check fee'],
      ['credit', 'Credit', -5_050, 'Damaged case'],
    ]);
    expect(await balances()).toEqual({ lastBalance: 27_230, ledger: 27_230, shown: 27_230 });
    expect(await retailerBalance()).toBe(272.3);
  });

  it('refuses bad input with the field’s message, a future payment date and an unknown store', async () => {
    const cases: [object, string][] = [
      [{ amount: 0, method: 'cash' }, 'Enter an amount greater than 0'],
      [{ amount: -5, method: 'cash' }, 'Enter an amount greater than 0'],
      [{ amount: 1.234, method: 'cash' }, 'Amounts have at most 2 decimals'],
      [{ amount: 10, method: 'bitcoin' }, 'Choose how it was paid'],
      [{ amount: 10, method: 'cash', paidOn: '2026-02-30' }, 'Enter a date as YYYY-MM-DD'],
      [{ amount: '10', method: 'cash' }, 'Enter an amount greater than 0'],
    ];
    for (const [body, message] of cases) {
      const res = await post(`/admin/receivables/${C1}/payments`, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.success).toBe(false);
      expect(res.body.message).toContain(message);
    }
    const future = new Date(Date.now() + 3 * DAY).toISOString().slice(0, 10);
    const f = await post(`/admin/receivables/${C1}/payments`, { amount: 10, method: 'cash', paidOn: future });
    expect(f.status).toBe(400);
    expect(f.body.message).toBe('The payment date cannot be in the future');
    expect(
      (await post(`/admin/receivables/${C1}/adjustments`, { kind: 'credit', amount: -5, reason: 'x' })).body.message,
    ).toContain('Enter an amount greater than 0');
    expect(
      (await post(`/admin/receivables/${C1}/adjustments`, { kind: 'credit', amount: 5, reason: ' ' })).body.message,
    ).toContain('Give a reason');
    const missing = await post('/admin/receivables/nobody/payments', { amount: 10, method: 'cash' });
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe('Customer not found');
    expect((await get('/admin/receivables/nobody')).status).toBe(404);
    expect(await balances()).toEqual({ lastBalance: 27_230, ledger: 27_230, shown: 27_230 });
  });

  it('ages invoices by days past due on a moved clock; the list pages, sorts and filters by route and rep', async () => {
    // 10001 now owes the invoice (62.30) and the fee (12.34), both due in 30 days, and 197.66 carried over
    // (payments and credits settled the oldest debt first); 10002 owes 480.00 carried over.
    const list = async (q = '') => {
      const res = await get(`/admin/receivables/ageing${q}`);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.data;
    };
    const row = async (q = '') => (await list(q)).items.find((r: { C_Number: string }) => r.C_Number === '10001');
    // The list sums each store's open debits per bucket in SQL; a store's own ledger ages them one by one.
    const sameAsEachLedger = async () => {
      for (const item of (await list('?show=all')).items as Array<Record<string, unknown> & { customerId: string }>) {
        const ledger = (await get(`/admin/receivables/${item.customerId}`)).body.data;
        for (const k of ['current', 'days1to30', 'days31to60', 'days61to90', 'days90plus', 'carriedOver', 'total'])
          expect(item[k], `${k} of ${item.customerId}`).toBe(ledger.ageing[k]);
      }
    };
    expect(await row()).toMatchObject({
      current: 7_464,
      days1to30: 0,
      carriedOver: 19_766,
      pastDue: 19_766,
      total: 27_230,
      salesRep: { id: 'rep-1' },
    });
    await sameAsEachLedger();
    await move(45); // 15 days past due
    await sameAsEachLedger();
    expect(await row()).toMatchObject({ current: 0, days1to30: 7_464 });
    await move(30); // 45
    await sameAsEachLedger();
    expect(await row()).toMatchObject({ days31to60: 7_464 });
    await move(30); // 75
    expect(await row()).toMatchObject({ days61to90: 7_464 });
    await move(30); // 105
    await sameAsEachLedger();
    const all = await list();
    expect(all.items.map((r: { C_Number: string }) => r.C_Number)).toEqual(['10002', '10001']); // largest balance first
    expect(all.items[1]).toMatchObject({ days90plus: 7_464, pastDue: 27_230 });
    expect(all.totals).toEqual({
      current: 0,
      days1to30: 0,
      days31to60: 0,
      days61to90: 0,
      days90plus: 7_464,
      carriedOver: 67_766,
      total: 75_230,
      pastDue: 75_230,
    });
    expect(all).toMatchObject({ total: 2, page: 1, limit: 25 });
    expect((await list('?sort=name')).items.map((r: { C_Number: string }) => r.C_Number)).toEqual(['10001', '10002']);
    expect((await list('?sort=days90plus&limit=1&page=1')).items.map((r: { C_Number: string }) => r.C_Number)).toEqual(['10001']);
    expect((await list('?sort=days90plus&limit=1&page=2')).items.map((r: { C_Number: string }) => r.C_Number)).toEqual(['10002']);
    expect((await list('?route=202')).items).toEqual([]);
    expect((await list('?route=202&show=all')).items.map((r: { C_Number: string }) => r.C_Number)).toEqual(['10003']);
    expect((await list('?salesRepId=rep-2&show=all')).items.map((r: { customerId: string }) => r.customerId)).toEqual([C3]);
    expect((await list('?salesRepId=rep-1')).total).toBe(2);
    expect((await list('?search=corner')).items.map((r: { customerId: string }) => r.customerId)).toEqual([C1]);
    expect((await list('?show=pastDue')).total).toBe(2);
    expect((await get('/admin/receivables/ageing?sort=owed')).status).toBe(400);
    expect((await get('/admin/receivables/ageing?limit=101')).status).toBe(400);
    expect((await get('/admin/receivables/choices')).body.data).toMatchObject({ routes: ['101', '202'] });
  });

  it('the CSV is UTF-8 with BOM, CRLF, and neutralises formula cells but not amounts', async () => {
    await ctx.db
      .updateTable('customers')
      .set({ company_name: '=HYPERLINK("http://x","Ünïcode")' })
      .where('id', '=', C2)
      .execute();
    await post(`/admin/receivables/${C3}/adjustments`, { kind: 'credit', amount: 12.5, reason: 'Goodwill' });
    const res = await call(ctx.app, {
      method: 'GET',
      url: '/api/admin/receivables/ageing.csv?show=all&sort=cNumber',
      token: admin,
    });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="ageing-\d{4}-\d{2}-\d{2}\.csv"$/);
    const bytes = res.raw.rawPayload;
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = bytes.toString('utf8').slice(1).split('\r\n');
    expect(lines[0]).toBe('C_Number,Store,Route,Sales rep,Terms (days),Current,1–30,31–60,61–90,90+,Carried over,Past due,Total');
    expect(lines[1]).toBe('10001,Corner Mart #1,101,Maria Lopez,30,74.64,0.00,0.00,0.00,0.00,197.66,197.66,272.30');
    expect(lines[2]).toBe(
      `10002,"'=HYPERLINK(""http://x"",""Ünïcode"")",101,Maria Lopez,30,0.00,0.00,0.00,0.00,0.00,480.00,480.00,480.00`,
    );
    expect(lines[3]).toBe('10003,Harbor Quick Stop,202,James Carter,30,-12.50,0.00,0.00,0.00,0.00,0.00,0.00,-12.50');
    expect(lines[4]).toBe('');
  });

  it('the statement is a PDF of the period; a bad period is 400', async () => {
    const res = await call(ctx.app, { method: 'GET', url: `/api/admin/receivables/${C1}/statement.pdf`, token: admin });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toMatch(/^inline; filename="statement-10001-\d{4}-\d{2}-\d{2}\.pdf"$/);
    expect(res.raw.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const bad = await get(`/admin/receivables/${C1}/statement.pdf?from=2026-03-10&to=2026-03-01`);
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('The period must start on or before its end');
  });

  it('sends a statement or a reminder through the outbox; refuses a store without e-mail or nothing past due', async () => {
    const st = await post(`/admin/receivables/${C1}/send`, { kind: 'statement' });
    expect(st.status).toBe(200);
    expect(st.body).toMatchObject({ message: 'Statement sent', data: { recipients: ['retailer@demo.test'], queued: 1 } });
    const rem = await post(`/admin/receivables/${C1}/send`, { kind: 'reminder' });
    expect(rem.body).toMatchObject({ message: 'Reminder sent', data: { recipients: ['retailer@demo.test'] } });
    const mail = await ctx.db
      .selectFrom('outbox_messages')
      .selectAll()
      .where('recipient', '=', 'retailer@demo.test')
      .orderBy('created_at')
      .execute();
    const [statement, reminder] = mail.slice(-2);
    expect(statement!.subject).toMatch(/^Statement for Corner Mart #1 \(10001\) as of \d{4}-\d{2}-\d{2}$/);
    expect(statement!.body).toContain('balance $272.30, of which $197.66 is past due');
    expect(reminder!.subject).toBe('Payment reminder: $197.66 past due for Corner Mart #1 (10001)');
    expect(reminder!.body).toContain('Carried over from before the ledger: $197.66');
    expect(reminder!.body).toContain('/retailer/account');
    const none = await post(`/admin/receivables/${C3}/send`, { kind: 'reminder' });
    expect(none.status).toBe(409);
    expect(none.body.message).toBe('This store has no e-mail address to send to');
    await ctx.db.updateTable('customers').set({ email: 'harbor@demo.test' }).where('id', '=', C3).execute();
    const nothing = await post(`/admin/receivables/${C3}/send`, { kind: 'reminder' });
    expect(nothing.status).toBe(409);
    expect(nothing.body.message).toBe('Nothing is past due for this store');
  });

  it('a view-only role reads the ageing but may not record, export or send', async () => {
    const viewer = await tokenFor(ctx, await addDistributorUser(ctx.db, 'ar-viewer', { 'Account Receivable': { view: true } }));
    expect((await get('/admin/receivables/ageing', viewer)).status).toBe(200);
    expect((await post(`/admin/receivables/${C1}/payments`, { amount: 1, method: 'cash' }, viewer)).status).toBe(403);
    expect((await get('/admin/receivables/ageing.csv', viewer)).status).toBe(403);
    expect((await post(`/admin/receivables/${C1}/send`, { kind: 'statement' }, viewer)).status).toBe(403);
    expect((await get('/admin/receivables/ageing', retailer)).status).toBe(403);
  });

  // At 2,000 stores the ageing list and the dashboard sum every store's open debits: one range of
  // receivables_open_idx per store, with each debit's amount and due date read from the index too
  // (migration 0042), not from the entry's row.
  it("sums the open debits from the ledger's open index alone", async () => {
    const query = openDebitsQuery(ctx.db, { distributorId: WORLD.distributorId, owingOnly: true }, bucketStarts('2026-06-01'));
    const plan = await queryPlan(ctx.db, ctx.config.database.kind, query.compile(), {
      // On a few rows PostgreSQL probes the index by store and time instead; at size it takes this one.
      hiding: ['receivables_customer_idx'],
    });
    expect(plan).toMatch(
      ctx.config.database.kind === 'sqlite'
        ? /SEARCH e USING COVERING INDEX receivables_open_idx/
        : /Index Only Scan using receivables_open_idx on receivable_entries e/,
    );
  });
});

// Accounting exports over HTTP: orders, invoices and payments of a period as CSV (UTF-8 BOM, CRLF, header
// row), only the distributor's own rows inside the period, amounts with 2 decimals, formula cells
// neutralised, the period's validation, and the Back Office export grant.
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXPORT_COLUMNS, EXPORT_MESSAGES } from '@portal/shared/webhooks/webhooks.schemas';
import { WORLD } from '../../db/seed/base-world.ts';
import { call, tokenFor, type TestContext } from '../../../test/helper.ts';
import { createCatalogContext } from '../../../test/fixtures/catalog-fixtures.ts';
import { addDistributor, addDistributorUser } from '../../../test/fixtures/admin-fixtures.ts';
import { csvCell } from '../../platform/csv-export.ts';

const D = WORLD.distributorId;

describe('accounting exports: /api/admin/back-office/exports', () => {
  let ctx: TestContext;
  let admin: string;
  let noExport: string;
  let customerId: string;

  const order = (id: string, number: string, createdAt: string, extra: Record<string, unknown> = {}) => ({
    id,
    order_number: number,
    distributor_id: D,
    customer_id: customerId,
    placed_by_user_id: WORLD.users.retailer.id,
    placed_by_role: 'retailer' as const,
    status: 'placed' as const,
    notes: null,
    po_number: null,
    requested_delivery_date: null,
    subtotal_cents: 10_000,
    tax_cents: 825,
    crv_cents: 50,
    delivery_charge_cents: 0,
    total_cents: 10_875,
    item_count: 3,
    is_web_order: 1,
    idempotency_key: null,
    created_at: createdAt,
    updated_at: createdAt,
    ...extra,
  });

  beforeAll(async () => {
    ctx = await createCatalogContext();
    customerId = WORLD.customers.c10001;
    await ctx.db
      .updateTable('customers')
      .set({ company_name: '=HYPERLINK("http://evil.test","Click")' })
      .where('id', '=', customerId)
      .execute();
    await ctx.db
      .insertInto('orders')
      .values([
        order('x-o1', 'SO-1', '2026-03-01T00:00:00.000Z', { po_number: '+SUM(A1:A9)' }),
        order('x-o2', 'SO-2', '2026-03-31T23:59:59.999Z', { status: 'cancelled', total_cents: 1_234_567 }),
        order('x-o3', 'SO-3', '2026-04-01T00:00:00.000Z'), // after the period
        order('x-o0', 'SO-0', '2026-02-28T23:59:59.999Z'), // before the period
      ])
      .execute();
    await ctx.db
      .insertInto('receivable_entries')
      .values([
        {
          id: 'x-p1',
          customer_id: customerId,
          kind: 'payment',
          order_id: null,
          reference: 'CHK-1001',
          amount_cents: -10_875,
          note: '@cmd|/c calc',
          created_at: '2026-03-15T12:00:00.000Z',
        },
        {
          id: 'x-i1',
          customer_id: customerId,
          kind: 'invoice',
          order_id: 'x-o1',
          reference: 'SO-1',
          amount_cents: 10_875,
          note: null,
          created_at: '2026-03-01T00:00:00.000Z',
        },
      ])
      .execute();
    await addDistributor(ctx.db, 'dist-2');
    await addDistributorUser(ctx.db, 'user-bo-no-export', { 'Back Office': { view: true, add: true, edit: true, delete: true } });
    [admin, noExport] = await Promise.all([tokenFor(ctx, WORLD.users.admin.id), tokenFor(ctx, 'user-bo-no-export')]);
  });
  afterAll(() => ctx.close());

  const download = (kind: string, query: string, token = admin) =>
    ctx.app.inject({
      method: 'GET',
      url: `/api/admin/back-office/exports/${kind}.csv?${query}`,
      headers: { authorization: `Bearer ${token}` },
    });
  const rows = (text: string) => parse(text.replace(/^\uFEFF/, ''), { relax_column_count: false }) as string[][];
  const MARCH = 'from=2026-03-01&to=2026-03-31';

  it('exports the orders of the period with a BOM, CRLF rows and formula cells neutralised', async () => {
    const res = await download('orders', MARCH);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="orders-2026-03-01-to-2026-03-31.csv"');
    expect(res.body.startsWith('\uFEFF')).toBe(true);
    expect(res.body).toContain('\r\n');
    const [header, ...data] = rows(res.body);
    expect(header).toEqual(EXPORT_COLUMNS.orders);
    expect(data).toEqual([
      [
        'SO-1',
        '2026-03-01T00:00:00.000Z',
        'Order Placed',
        '10001',
        `'=HYPERLINK("http://evil.test","Click")`,
        "'+SUM(A1:A9)",
        '3',
        '100.00',
        '8.25',
        '0.50',
        '0.00',
        '108.75',
      ],
      [
        'SO-2',
        '2026-03-31T23:59:59.999Z',
        'Cancelled',
        '10001',
        `'=HYPERLINK("http://evil.test","Click")`,
        '',
        '3',
        '100.00',
        '8.25',
        '0.50',
        '0.00',
        '12345.67',
      ],
    ]);
  });

  it('exports the invoices of the period from the orders', async () => {
    const [header, ...data] = rows((await download('invoices', MARCH)).body);
    expect(header).toEqual(EXPORT_COLUMNS.invoices);
    expect(data.map((r) => [r[0], r[2], r[9], r[10]])).toEqual([
      ['SO-1', 'SO-1', '108.75', 'Open'],
      ['SO-2', 'SO-2', '12345.67', 'Cancelled (credited)'],
    ]);
  });

  it('exports the payments of the period as positive amounts', async () => {
    const [header, ...data] = rows((await download('payments', MARCH)).body);
    expect(header).toEqual(EXPORT_COLUMNS.payments);
    expect(data).toEqual([
      ['2026-03-15T12:00:00.000Z', 'CHK-1001', '10001', `'=HYPERLINK("http://evil.test","Click")`, '108.75', "'@cmd|/c calc"],
    ]);
  });

  it('answers only the header for a period without rows', async () => {
    const res = await download('orders', 'from=2025-01-01&to=2025-01-31');
    expect(rows(res.body)).toEqual([[...EXPORT_COLUMNS.orders]]);
  });

  it('refuses a period that is not valid', async () => {
    const cases: [string, string, string][] = [
      ['from=2026-3-1&to=2026-03-31', 'from', EXPORT_MESSAGES.from],
      ['from=2026-02-30&to=2026-03-31', 'from', EXPORT_MESSAGES.from],
      ['from=2026-03-01', 'to', EXPORT_MESSAGES.to],
      ['from=2026-03-31&to=2026-03-01', 'to', EXPORT_MESSAGES.order],
      ['from=2024-01-01&to=2026-03-01', 'to', EXPORT_MESSAGES.tooLong],
    ];
    for (const [query, field, message] of cases) {
      const res = await call(ctx.app, { method: 'GET', url: `/api/admin/back-office/exports/orders.csv?${query}`, token: admin });
      expect(res.status, query).toBe(400);
      expect(res.body.error.fields[field], query).toBe(message);
    }
  });

  it('needs the Back Office export grant', async () => {
    const res = await call(ctx.app, {
      method: 'GET',
      url: `/api/admin/back-office/exports/orders.csv?${MARCH}`,
      token: noExport,
    });
    expect(res.status).toBe(403);
    expect(res.body.message).toBe('You do not have export permission for Back Office');
  });

  it('keeps plain numbers and neutralises formula text', () => {
    expect(csvCell('-12.50')).toBe('-12.50');
    expect(csvCell(42)).toBe('42');
    expect(csvCell('-1+1')).toBe("'-1+1");
    expect(csvCell('\t=1')).toBe("'\t=1");
    expect(csvCell(null)).toBe('');
  });
});

// /admin/retailers screens against a mocked API: the list asks the server for each filter and keeps it
// in the URL; the form posts the body in cents and puts the 409 of a C_Number in use on its field; the
// store's page deactivates only after the confirmation and toasts the server's message.
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fail, mockApi, ok, renderApp, signInData, type MockAnswer } from '../../test/render-app';
import type { RetailerDetail, RetailerRow } from './admin-retailers.types';

const grant = { module: 'Retailers', view: true, add: true, edit: true, delete: false };
const admin = () => signInData('distributor', { rolesPermission: [grant] });
const viewer = () => signInData('distributor', { rolesPermission: [{ ...grant, add: false, edit: false }] });

const CHOICES = ok({
  salesReps: [
    { id: 'rep-2', name: 'James Carter' },
    { id: 'rep-1', name: 'Maria Lopez' },
  ],
  routes: ['101', '202'],
  newStoreDefaults: { minOrderCents: 5000, itemLimit: 40, creditLimitCents: null },
});

const row = (extra: Partial<RetailerRow> = {}): RetailerRow => ({
  id: 'cust-1',
  C_Number: '10001',
  companyName: 'Corner Mart #1',
  contactName: 'Sam Patel',
  phone: '9165550001',
  email: null,
  city: 'Sacramento',
  routeNumber: '101',
  stopNumber: '1',
  orderDay: 3,
  salesRep: { id: 'rep-1', name: 'Maria Lopez' },
  priceClass: 1,
  balanceCents: 125_050,
  isActive: true,
  lastOrderAt: '2026-03-02T10:00:00.000Z',
  openOrderCount: 2,
  ...extra,
});

const detail = (extra: Partial<RetailerDetail> = {}): RetailerDetail => ({
  ...row(),
  address: '455 Main Street',
  state: 'CA',
  zip: '95814',
  minOrderCents: 5000,
  itemLimit: null,
  deliveryChargeRule: 'standard',
  deliveryChargeCents: null,
  creditLimitCents: null,
  creditPolicy: 'none',
  paymentTermsDays: 30,
  taxExempt: false,
  notes: null,
  createdAt: '2026-01-01T08:00:00.000Z',
  users: [
    {
      id: 'u1',
      name: 'Sam Patel',
      email: 'retailer@demo.test',
      phone: null,
      isActive: true,
      createdAt: '2026-01-01T08:00:00.000Z',
    },
  ],
  lastOrders: [
    { orderNumber: '101200', status: 'placed', totalCents: 149_036, itemCount: 22, createdAt: '2026-03-02T10:00:00.000Z' },
  ],
  ...extra,
});

/** The first screen of a test loads its lazy chunks: on a busy machine that takes a while. */
const SLOW = { timeout: 60_000 };

/** Types by pasting: one input event instead of one per letter (the machine is shared and slow). */
/** Replaces a field's value (a new store's form starts from the distributor's defaults). */
async function fill(
  user: { clear(el: Element): Promise<void>; click(el: Element): Promise<void>; paste(text: string): Promise<void> },
  el: Element,
  text: string,
) {
  await user.clear(el);
  await user.click(el);
  await user.paste(text);
}

const listQueries = (calls: { key: string; url: URL }[]) =>
  calls.filter((c) => c.key === 'GET /admin/retailers').map((c) => c.url.search);
const page = (items: RetailerRow[]): MockAnswer => ok({ items, total: items.length, page: 1, limit: 25 });

describe('/admin/retailers', () => {
  it('shows each store with its balance in dollars, and asks the server for each filter, kept in the URL', async () => {
    const { calls } = mockApi({ 'GET /admin/retailers': page([row()]), 'GET /admin/retailers/choices': CHOICES });
    const { user, router } = renderApp('/admin/retailers', { signedInAs: admin() });

    const grid = await screen.findByRole('grid', { name: 'Retailers' }, SLOW);
    expect(await within(grid).findByText('Corner Mart #1')).toBeInTheDocument();
    expect(within(grid).getByText('$1,250.50')).toBeInTheDocument();
    expect(within(grid).getByText('(916) 555-0001')).toBeInTheDocument();
    expect(within(grid).getByText('101 / 1')).toBeInTheDocument();
    expect(within(grid).getByText('Wednesday')).toBeInTheDocument();
    expect(within(grid).getByText('2 open orders')).toBeInTheDocument();
    expect(listQueries(calls)).toEqual(['?page=1&limit=25&sort=name&dir=asc&status=all']);

    await user.selectOptions(await screen.findByLabelText('Route'), 'Route 202');
    await waitFor(() => expect(listQueries(calls).at(-1)).toBe('?page=1&limit=25&sort=name&dir=asc&route=202&status=all'));
    expect(router.state.location.search).toBe('?route=202');

    await user.selectOptions(screen.getByLabelText('Sales rep'), 'James Carter');
    await user.selectOptions(screen.getByLabelText('Status'), 'Inactive');
    await user.selectOptions(screen.getByLabelText('Open orders'), 'Has open orders');
    await fill(user, screen.getByLabelText('Balance from'), '100');
    await waitFor(() =>
      expect(listQueries(calls).at(-1)).toBe(
        '?page=1&limit=25&sort=name&dir=asc&route=202&salesRepId=rep-2&status=inactive&balanceMinCents=10000&hasOpenOrders=true',
      ),
    );
    expect(router.state.location.search).toBe('?route=202&salesRep=rep-2&status=inactive&openOrders=true&balanceMin=100');

    // Back to the first view: the URL is clean and the first page's answer (cached) is shown again.
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(screen.getByLabelText('Balance from')).toHaveValue('');
  });

  it('opens on the view its URL names, and a balance range upside down is explained, not sent', async () => {
    const { calls } = mockApi({ 'GET /admin/retailers': page([]), 'GET /admin/retailers/choices': CHOICES });
    renderApp('/admin/retailers?sort=balance&dir=desc&priceClass=3&balanceMin=500&balanceMax=100', { signedInAs: admin() });
    expect(await screen.findByText('No retailers match', {}, SLOW)).toBeInTheDocument();
    expect(screen.getByText('The minimum balance is above the maximum')).toBeInTheDocument();
    expect(listQueries(calls)[0]).toBe('?page=1&limit=25&sort=balance&dir=desc&priceClass=3&status=all');
  });

  it('hides New retailer from a role that may only view', async () => {
    mockApi({ 'GET /admin/retailers': page([row()]), 'GET /admin/retailers/choices': CHOICES });
    renderApp('/admin/retailers', { signedInAs: viewer() });
    await screen.findByRole('grid', { name: 'Retailers' }, SLOW);
    expect(screen.queryByRole('link', { name: 'New retailer' })).not.toBeInTheDocument();
  });
});

describe('/admin/retailers/add', () => {
  it('refuses an empty form on its fields, then posts the body in cents and opens the new store', async () => {
    const { calls } = mockApi({
      'GET /admin/retailers/choices': CHOICES,
      'POST /admin/retailers': {
        status: 201,
        body: { success: true, message: 'Retailer created', data: detail({ id: 'new-1' }) },
      },
      'GET /admin/retailers/new-1': ok(detail({ id: 'new-1' })),
    });
    const { user, router } = renderApp('/admin/retailers/add', { signedInAs: admin() });
    const form = await screen.findByRole('form', { name: 'New retailer' }, SLOW);
    await user.click(within(form).getByRole('button', { name: 'Create retailer' }));
    expect(await within(form).findByText('C_Number is required')).toBeInTheDocument();
    expect(within(form).getByText('Business name is required')).toBeInTheDocument();
    expect(calls.some((c) => c.key === 'POST /admin/retailers')).toBe(false);

    // A new store starts from the distributor's defaults (Settings).
    await waitFor(() => expect(within(form).getByLabelText('Minimum order')).toHaveValue('50.00'));
    expect(within(form).getByLabelText('Item limit (per order)')).toHaveValue('40');
    await fill(user, within(form).getByLabelText(/C_Number/), '20001');
    await fill(user, within(form).getByLabelText(/Business name/), 'Alpine Grocery');
    await fill(user, within(form).getByLabelText(/Contact name/), 'Zed Young');
    await fill(user, within(form).getByLabelText('Route'), '303');
    await user.selectOptions(within(form).getByLabelText('Order day'), 'Tuesday');
    await user.selectOptions(within(form).getByLabelText('Sales rep'), 'Maria Lopez');
    await user.selectOptions(within(form).getByLabelText('Price class'), 'Price 3');
    await fill(user, within(form).getByLabelText('Minimum order'), '75.5');
    await user.selectOptions(within(form).getByLabelText('Delivery charge'), 'Flat amount for this store');
    await fill(user, await within(form).findByLabelText(/Delivery charge amount/), '12');
    // Payment terms start at Net 30; a part of a day is refused on the field.
    expect(within(form).getByLabelText('Payment terms (days)')).toHaveValue('30');
    await fill(user, within(form).getByLabelText('Payment terms (days)'), '7.5');
    await user.click(within(form).getByRole('button', { name: 'Create retailer' }));
    expect(await within(form).findByText('Payment terms must be a whole number of days from 0 to 365')).toBeInTheDocument();
    expect(calls.some((c) => c.key === 'POST /admin/retailers')).toBe(false);
    await fill(user, within(form).getByLabelText('Payment terms (days)'), '14');
    await user.click(within(form).getByRole('button', { name: 'Create retailer' }));

    expect(await screen.findByText('Retailer created')).toBeInTheDocument();
    expect(calls.find((c) => c.key === 'POST /admin/retailers')!.body).toMatchObject({
      cNumber: '20001',
      companyName: 'Alpine Grocery',
      contactName: 'Zed Young',
      routeNumber: '303',
      orderDay: 2,
      salesRepId: 'rep-1',
      priceClass: 3,
      minOrderCents: 7550,
      itemLimit: 40,
      deliveryChargeRule: 'flat',
      deliveryChargeCents: 1200,
      creditLimitCents: null,
      paymentTermsDays: 14,
      taxExempt: false,
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/retailers/view/new-1'));
  });

  it('puts the 409 of a C_Number in use on the field, not in a toast', async () => {
    const message = 'C_Number 10001 is already in use';
    mockApi({
      'GET /admin/retailers/choices': CHOICES,
      'POST /admin/retailers': {
        status: 409,
        body: { success: false, message, error: { code: 'CONFLICT', fields: { cNumber: message } } },
      },
    });
    const { user } = renderApp('/admin/retailers/add', { signedInAs: admin() });
    const form = await screen.findByRole('form', { name: 'New retailer' }, SLOW);
    await fill(user, within(form).getByLabelText(/C_Number/), '10001');
    await fill(user, within(form).getByLabelText(/Business name/), 'Copy Mart');
    await fill(user, within(form).getByLabelText(/Contact name/), 'Al');
    await user.click(within(form).getByRole('button', { name: 'Create retailer' }));
    expect(await within(form).findByText(message)).toBeInTheDocument();
    expect(screen.getAllByText(message)).toHaveLength(1);
  });
});

describe('/admin/retailers/edit/:id', () => {
  it("starts from the store's terms and puts the server's field messages on the fields", async () => {
    const { calls } = mockApi({
      'GET /admin/retailers/choices': CHOICES,
      'GET /admin/retailers/cust-1': ok(detail()),
      'PUT /admin/retailers/cust-1': {
        status: 400,
        body: {
          success: false,
          message: 'Sales rep not found',
          error: { code: 'VALIDATION_ERROR', fields: { salesRepId: 'Sales rep not found' } },
        },
      },
    });
    const { user } = renderApp('/admin/retailers/edit/cust-1', { signedInAs: admin() });
    const form = await screen.findByRole('form', { name: 'Edit Corner Mart #1' }, SLOW);
    expect(within(form).getByLabelText(/C_Number/)).toHaveValue('10001');
    expect(within(form).getByLabelText('Minimum order')).toHaveValue('50.00');
    await waitFor(() => expect(within(form).getByLabelText('Sales rep')).toHaveValue('rep-1'));
    await user.clear(within(form).getByLabelText('Minimum order'));
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText('Sales rep not found')).toBeInTheDocument();
    expect(calls.find((c) => c.key === 'PUT /admin/retailers/cust-1')!.body).toMatchObject({
      cNumber: '10001',
      minOrderCents: null,
    });
  });
});

describe('/admin/retailers/view/:id', () => {
  it('shows terms, users, last orders and balance, and deactivates only after the confirmation', async () => {
    let stored = detail();
    const { calls } = mockApi({
      'GET /admin/retailers/cust-1': () => ok(stored),
      'POST /admin/retailers/cust-1/deactivate': () => {
        stored = detail({ isActive: false });
        return ok(stored, 'Retailer deactivated');
      },
      'GET /admin/retailers/cust-1/audit': ok({
        items: [
          {
            id: 'a1',
            action: 'updated',
            actor: { id: 'user-admin', name: 'Dana Whitfield' },
            changes: [{ field: 'priceClass', before: 1, after: 3 }],
            createdAt: '2026-03-02T10:00:00.000Z',
          },
        ],
        total: 1,
        page: 1,
        limit: 10,
      }),
    });
    const { user } = renderApp('/admin/retailers/view/cust-1', { signedInAs: admin() });
    expect(await screen.findByRole('heading', { name: 'Corner Mart #1' }, SLOW)).toBeInTheDocument();
    expect(screen.getByText('$1,250.50')).toBeInTheDocument();
    const terms = screen.getByRole('region', { name: 'Terms' });
    expect(within(terms).getByText('$50.00')).toBeInTheDocument();
    expect(within(terms).getByText('Maria Lopez')).toBeInTheDocument();
    expect(within(terms).getByText('Net 30')).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Users' })).getByText('retailer@demo.test')).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Last orders' })).getByText('$1,490.36')).toBeInTheDocument();
    const history = screen.getByRole('region', { name: 'History' });
    expect(await within(history).findByText('Price class: 1 → 3')).toBeInTheDocument();
    const audits = () => calls.filter((c) => c.key === 'GET /admin/retailers/cust-1/audit').length;
    const auditsBefore = audits();

    await user.click(screen.getByRole('button', { name: 'Deactivate' }));
    const dialog = await screen.findByRole('dialog', { name: /Deactivate retailer/ });
    expect(
      within(dialog).getByText(
        'Deactivate 10001 Corner Mart #1? Its users are signed out at once and cannot sign in or order until you reactivate it.',
      ),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.some((c) => c.key.endsWith('/deactivate'))).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Deactivate' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Deactivate' }));
    expect(await screen.findByText('Retailer deactivated')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Reactivate' })).toBeInTheDocument();
    expect(screen.getByText('This store is inactive: its users cannot sign in or order.')).toBeInTheDocument();
    // The History follows the change.
    await waitFor(() => expect(audits()).toBeGreaterThan(auditsBefore));
  });

  it("shows the server's 404 with Retry", async () => {
    mockApi({ 'GET /admin/retailers/nope': fail(404, 'Retailer not found', 'NOT_FOUND') });
    renderApp('/admin/retailers/view/nope', { signedInAs: admin() });
    expect(await screen.findByText('Retailer not found', {}, SLOW)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});

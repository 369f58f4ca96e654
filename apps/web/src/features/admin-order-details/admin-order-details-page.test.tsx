// /admin/order/details/:orderId: the order with lines and totals; the edit confirmed before it is sent,
// with the pricing choice in the request; a view-only user gets no edit; an unknown order says so.
import { screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import type { OrderDetails } from '@portal/shared/orders/order-details.schemas';
import { fail, mockApi, ok, renderApp, signInData } from '../../test/render-app';

const grant = (edit: boolean) => ({ module: 'Orders', view: true, add: edit, edit, delete: false });
const admin = (edit = true) => signInData('distributor', { rolesPermission: [grant(edit)] });

const order = (extra: Partial<OrderDetails> = {}): OrderDetails => ({
  id: 'o-1',
  orderNumber: '100001',
  status: 'placed',
  statusLabel: 'Order Placed',
  revision: 0,
  editable: true,
  createdAt: '2026-03-02T10:00:00.000Z',
  updatedAt: '2026-03-02T10:00:00.000Z',
  poNumber: null,
  orderNote: 'Back door please',
  requestedDeliveryDate: null,
  isWebOrder: true,
  store: {
    id: 'c-1',
    cNumber: '10001',
    name: 'Corner Mart #1',
    contactName: 'Maria Lopez',
    phone: null,
    address: null,
    city: null,
    state: null,
    route: '101',
    stop: '3',
    salesRep: null,
  },
  placedBy: { role: 'retailer', name: 'Maria Lopez' },
  lines: [
    {
      lineNo: 1,
      productId: 'a',
      itemNumber: 'ED-A',
      description: 'Edit Apples',
      upc: null,
      pack: 1,
      uom: 'EA',
      quantity: 2,
      price: 4,
      taxRate: 10,
      tax: 0.8,
      crv: 0.1,
      subtotal: 8,
      lineTotal: 8.9,
    },
  ],
  totals: { lines: 1, quantity: 2, subtotal: 8, tax: 0.8, crv: 0.1, deliveryCharge: 0, total: 8.9 },
  history: [{ status: 'placed', statusLabel: 'Order Placed', at: '2026-03-02T10:00:00.000Z', by: 'Maria Lopez', note: null }],
  timeline: [
    { status: 'placed', label: 'Order Placed', reached: true, current: true, at: '2026-03-02T10:00:00.000Z' },
    { status: 'confirmed', label: 'Confirmed', reached: false, current: false, at: null },
  ],
  noteThread: [],
  ...extra,
});

const audit = ok({ items: [], total: 0, page: 1, limit: 10 });

describe('/admin/order/details/:orderId', () => {
  // The page's chunk is loaded once before the first test, so no test waits on the first import.
  beforeAll(async () => {
    await import('./admin-order-details-page');
  });

  it('shows the order, edits a quantity after a confirmation, and shows the new totals', async () => {
    const saved = order({
      revision: 1,
      lines: [{ ...order().lines[0]!, quantity: 5, subtotal: 20, tax: 2, crv: 0.25, lineTotal: 22.25 }],
      totals: { lines: 1, quantity: 5, subtotal: 20, tax: 2, crv: 0.25, deliveryCharge: 0, total: 22.25 },
    });
    const { calls } = mockApi({
      'GET /admin/orders/o-1': ok(order()),
      'GET /admin/orders/o-1/audit': audit,
      'PUT /admin/orders/o-1/lines': ok(saved, 'Order updated'),
    });
    const { user } = renderApp('/admin/order/details/o-1', { signedInAs: admin() });

    expect(await screen.findByRole('heading', { name: 'Order #100001' })).toBeInTheDocument();
    expect(screen.getByText('Back door please')).toBeInTheDocument();
    const lines = screen.getByRole('table', { name: 'Order lines' });
    expect(within(lines).getByText('Edit Apples')).toBeInTheDocument();
    expect(screen.getByTestId('order-total')).toHaveTextContent('$8.90');

    await user.click(screen.getByRole('button', { name: 'Edit lines' }));
    const qty = screen.getByRole('spinbutton', { name: 'Quantity of Edit Apples' });
    await user.clear(qty);
    await user.type(qty, '5');
    await user.click(screen.getByLabelText("Re-price every line at today's prices"));
    await user.click(screen.getByRole('button', { name: 'Review and save' }));
    const dialog = await screen.findByRole('dialog', { name: 'Save revision 1?' });
    expect(within(dialog).getByText('Edit Apples (ED-A): 2 → 5')).toBeInTheDocument();
    expect(within(dialog).getByText("Every line re-priced at today's prices")).toBeInTheDocument();
    expect(calls.some((c) => c.key === 'PUT /admin/orders/o-1/lines')).toBe(false);

    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Revision 1')).toBeInTheDocument();
    expect(screen.getByTestId('order-total')).toHaveTextContent('$22.25');
    expect(calls.find((c) => c.key === 'PUT /admin/orders/o-1/lines')?.body).toEqual({
      lines: [{ productId: 'a', quantity: 5 }],
      pricing: 'current',
    });
  });

  it('a view-only user reads the order but cannot edit, move or write notes', async () => {
    mockApi({ 'GET /admin/orders/o-1': ok(order()), 'GET /admin/orders/o-1/audit': audit });
    renderApp('/admin/order/details/o-1', { signedInAs: admin(false) });
    expect(await screen.findByRole('heading', { name: 'Order #100001' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit lines' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Confirm' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add note' })).not.toBeInTheDocument();
  });

  it('says when lines can no longer be edited', async () => {
    mockApi({
      'GET /admin/orders/o-1': ok(order({ status: 'picking', statusLabel: 'Picking', editable: false })),
      'GET /admin/orders/o-1/audit': audit,
    });
    renderApp('/admin/order/details/o-1', { signedInAs: admin() });
    expect(await screen.findByText('Lines can be edited until picking starts.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit lines' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Out for delivery' })).toBeInTheDocument();
  });

  it('an unknown order says it was not found', async () => {
    mockApi({ 'GET /admin/orders/nope': fail(404, 'Order not found', 'NOT_FOUND') });
    renderApp('/admin/order/details/nope', { signedInAs: admin() });
    expect(await screen.findByText('Order not found')).toBeInTheDocument();
  });

  it('records a short pick while picking: checked in the form, sent with its reason, then listed', async () => {
    const picking = order({ status: 'picking', statusLabel: 'Picking', editable: false });
    const adjusted = order({
      status: 'picking',
      statusLabel: 'Picking',
      editable: false,
      revision: 1,
      lines: [{ ...order().lines[0]!, quantity: 1, subtotal: 4, tax: 0.4, crv: 0.05, lineTotal: 4.45 }],
      totals: { lines: 1, quantity: 1, subtotal: 4, tax: 0.4, crv: 0.05, deliveryCharge: 0, total: 4.45 },
    });
    const record = {
      id: 'sp-1',
      lineNo: 1,
      itemNumber: 'ED-A',
      description: 'Edit Apples',
      orderedQuantity: 2,
      pickedQuantity: 1,
      reason: 'damaged',
      reasonLabel: 'Damaged',
      note: 'Crushed',
      by: 'Admin',
      at: '2026-03-02T12:00:00.000Z',
    };
    let recorded = false;
    const { calls } = mockApi({
      'GET /admin/orders/o-1': ok(picking),
      'GET /admin/orders/o-1/audit': audit,
      'GET /admin/orders/o-1/short-picks': () => ok({ shortPicks: recorded ? [record] : [] }),
      'POST /admin/orders/o-1/short-picks': () => {
        recorded = true;
        return ok(adjusted, 'Short pick recorded');
      },
    });
    const { user } = renderApp('/admin/order/details/o-1', { signedInAs: admin() });
    const section = await screen.findByRole('region', { name: 'Short picks' });
    expect(within(section).getByText(/Nothing short so far/)).toBeInTheDocument();

    await user.click(within(section).getByRole('button', { name: 'Record short pick' }));
    const dialog = await screen.findByRole('dialog', { name: 'Record short pick' });
    const qty = within(dialog).getByLabelText('Quantity picked');
    await user.clear(qty);
    await user.type(qty, '2');
    await user.click(within(dialog).getByRole('button', { name: 'Record short pick' }));
    expect(await within(dialog).findByText('Must be less than the 2 ordered')).toBeInTheDocument();
    expect(within(dialog).getByText('Choose a reason')).toBeInTheDocument();
    expect(calls.some((c) => c.key === 'POST /admin/orders/o-1/short-picks')).toBe(false);

    await user.clear(qty);
    await user.type(qty, '1');
    await user.click(within(dialog).getByRole('combobox', { name: 'Reason' }));
    await user.click(await screen.findByRole('option', { name: 'Damaged' }));
    await user.type(within(dialog).getByLabelText('Note (optional)'), 'Crushed');
    expect(within(dialog).getByRole('note')).toHaveTextContent('Edit Apples: 2 → 1');
    await user.click(within(dialog).getByRole('button', { name: 'Record short pick' }));

    expect(await screen.findByText('Short pick recorded')).toBeInTheDocument();
    expect(calls.find((c) => c.key === 'POST /admin/orders/o-1/short-picks')?.body).toEqual({
      lines: [{ lineNo: 1, pickedQuantity: 1, reason: 'damaged', note: 'Crushed' }],
    });
    expect(await screen.findByText('Revision 1')).toBeInTheDocument();
    expect(screen.getByTestId('order-total')).toHaveTextContent('$4.45');
    const table = await within(section).findByRole('table', { name: 'Short picks' });
    expect(within(table).getByText('1 of 2')).toBeInTheDocument();
    expect(within(table).getByText('Damaged — Crushed')).toBeInTheDocument();
  });
});

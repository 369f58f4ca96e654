// Releasing an order held over its store's credit limit: only with Orders · approve; the dialog requires a
// reason and sends it.
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { OrderDetails } from '@portal/shared/orders/order-details.schemas';
import { mockApi, ok, renderApp, signInData } from '../../test/render-app';

const admin = (approve: boolean) =>
  signInData('distributor', {
    rolesPermission: [{ module: 'Orders', view: true, add: false, edit: true, delete: false, approve }],
  });

const held = {
  id: 'o-1',
  orderNumber: '100001',
  status: 'on_hold',
  statusLabel: 'On Hold',
  revision: 0,
  editable: false,
  createdAt: '2026-03-02T10:00:00.000Z',
  updatedAt: '2026-03-02T10:00:00.000Z',
  poNumber: null,
  orderNote: null,
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
  lines: [],
  totals: { lines: 0, quantity: 0, subtotal: 0, tax: 0, crv: 0, deliveryCharge: 0, total: 0 },
  history: [{ status: 'on_hold', statusLabel: 'On Hold', at: '2026-03-02T10:00:00.000Z', by: 'Maria Lopez', note: null }],
  timeline: [{ status: 'on_hold', label: 'On Hold', reached: true, current: true, at: '2026-03-02T10:00:00.000Z' }],
  noteThread: [],
} as unknown as OrderDetails;

const audit = ok({ items: [], total: 0, page: 1, limit: 10 });

describe('release of a held order', () => {
  it('asks a reason, then sends it', async () => {
    const { calls } = mockApi({
      'GET /admin/orders/o-1': ok(held),
      'GET /admin/orders/o-1/audit': audit,
      'POST /admin/orders/o-1/release': ok({ order: {} }, 'Order 100001 released'),
    });
    const { user } = renderApp('/admin/order/details/o-1', { signedInAs: admin(true) });
    await user.click(await screen.findByRole('button', { name: 'Release' }));
    const dialog = await screen.findByRole('dialog', { name: 'Release order?' });
    await user.click(within(dialog).getByRole('button', { name: 'Release' }));
    expect(await within(dialog).findByText('Reason is required')).toBeInTheDocument();
    expect(calls.some((c) => c.key === 'POST /admin/orders/o-1/release')).toBe(false);

    await user.type(within(dialog).getByRole('textbox', { name: /Reason/ }), ' Paid by phone ');
    await user.click(within(dialog).getByRole('button', { name: 'Release' }));
    expect(await screen.findByText('Order 100001 released')).toBeInTheDocument();
    expect(calls.find((c) => c.key === 'POST /admin/orders/o-1/release')?.body).toEqual({ reason: 'Paid by phone' });
  });

  it('without Orders · approve there is no Release', async () => {
    mockApi({ 'GET /admin/orders/o-1': ok(held), 'GET /admin/orders/o-1/audit': audit });
    renderApp('/admin/order/details/o-1', { signedInAs: admin(false) });
    expect(await screen.findByRole('heading', { name: 'Order #100001' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Release' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cancel order' })).toBeInTheDocument();
  });
});

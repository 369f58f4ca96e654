// Purchasing screens: the high-demand grid shows days of cover and links to the vendor's suggested
// purchase order; a new draft starts from that suggestion and is sent as the API's body; issuing asks
// first; receiving sends each line's units.
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, ok, renderApp, signInData } from '../../test/render-app';
import type { DemandRow, PurchaseOrderDetail } from '@portal/shared/purchase-orders/purchase-orders.schemas';

const grants = [
  { module: 'Purchase Orders', view: true, add: true, edit: true, delete: true, export: true, approve: false },
  { module: 'High Demand', view: true, add: false, edit: false, delete: false, export: false, approve: false },
];
const admin = () => signInData('distributor', { rolesPermission: grants });
const settings = { velocityWindowDays: 28, coverThresholdDays: 14, targetCoverDays: 28 };

const demand = (extra: Partial<DemandRow>): DemandRow => ({
  productId: 'po-a',
  itemNumber: 'PO-A',
  description: 'Sparkling water 12 pk',
  vendorId: 'v-harbor',
  vendorName: 'Harbor Foods',
  stockOnHand: 10,
  incoming: 0,
  unitsSold: 56,
  velocityPerDay: 2,
  daysOfCover: 5,
  suggestedQuantity: 46,
  ...extra,
});

const po = (extra: Partial<PurchaseOrderDetail> = {}): PurchaseOrderDetail => ({
  id: 'po-1',
  poNumber: 'PO-000001',
  vendorId: 'v-harbor',
  vendorName: 'Harbor Foods',
  status: 'issued',
  lineCount: 1,
  unitsOrdered: 40,
  unitsReceived: 25,
  totalCents: 10000,
  expectedDate: null,
  createdAt: '2026-11-01T10:00:00.000Z',
  issuedAt: '2026-11-02T10:00:00.000Z',
  notes: null,
  receivedAt: null,
  lines: [
    {
      id: 'line-1',
      lineNo: 1,
      productId: 'po-a',
      itemNumber: 'PO-A',
      description: 'Sparkling water 12 pk',
      quantityOrdered: 40,
      quantityReceived: 25,
      unitCostCents: 250,
      lineTotalCents: 10000,
      stockOnHand: 35,
    },
  ],
  receipts: [],
  ...extra,
});

describe('purchasing screens', () => {
  it('lists high demand by days of cover and links each vendor to its suggested purchase order', async () => {
    const { calls } = mockApi({
      'GET /admin/high-demand': () =>
        ok({
          items: [demand({ productId: 'po-c', itemNumber: 'PO-C', daysOfCover: 0, stockOnHand: -3 }), demand({})],
          total: 2,
          page: 1,
          limit: 25,
          settings,
          since: '2026-10-30T00:00:00.000Z',
        }),
    });
    const { user, router } = renderApp('/admin/high-demand', { signedInAs: admin() });
    const grid = await screen.findByRole('grid', { name: 'High-demand products' });
    expect(await within(grid).findByText('0 days')).toBeInTheDocument();
    expect(within(grid).getByText('5.0 days')).toBeInTheDocument();
    expect(screen.getByText("Products with less than 14 days of cover at the last 28 days' sales")).toBeInTheDocument();
    expect(calls.filter((c) => c.key === 'GET /admin/high-demand').map((c) => c.url.search)).toEqual([
      '?page=1&limit=25&sort=daysOfCover&dir=asc',
    ]);
    await user.click(within(grid).getAllByRole('link', { name: 'Suggested purchase order for Harbor Foods' })[0]!);
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/purchase-orders/new'));
    expect(router.state.location.search).toBe('?vendorId=v-harbor');
  });

  it('starts a new draft from the suggestion and sends it as the API body', async () => {
    const { calls } = mockApi({
      'GET /admin/purchase-orders/choices': () =>
        ok({
          vendors: [{ id: 'v-harbor', name: 'Harbor Foods' }],
          products: [{ id: 'po-a', itemNumber: 'PO-A', description: 'Sparkling water 12 pk', stockOnHand: 10 }],
        }),
      'GET /admin/purchase-orders/suggestions/v-harbor': () =>
        ok({ vendorId: 'v-harbor', vendorName: 'Harbor Foods', lines: [demand({})], settings }),
      'POST /admin/purchase-orders': () => ok(po({ status: 'draft', unitsReceived: 0 }), 'Purchase order created'),
      'GET /admin/purchase-orders/po-1': () => ok(po({ status: 'draft', unitsReceived: 0 })),
    });
    const { user, router } = renderApp('/admin/purchase-orders/new?vendorId=v-harbor', { signedInAs: admin() });
    const quantity = await screen.findByLabelText('Quantity of PO-A');
    expect(quantity).toHaveValue(46);
    await user.clear(quantity);
    await user.type(quantity, '40');
    const cost = screen.getByLabelText('Unit cost of PO-A');
    await user.clear(cost);
    await user.type(cost, '2.50');
    expect(screen.getAllByText('Total $100.00').length).toBeGreaterThan(0);
    await user.click(screen.getByRole('button', { name: 'Create draft' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/purchase-orders/po-1'));
    const post = calls.find((c) => c.key === 'POST /admin/purchase-orders')!;
    expect(post.body).toEqual({
      vendorId: 'v-harbor',
      notes: '',
      expectedDate: null,
      lines: [{ productId: 'po-a', quantity: 40, unitCostCents: 250 }],
    });
  });

  it('asks before issuing a draft', async () => {
    const { calls } = mockApi({
      'GET /admin/purchase-orders/po-1': () => ok(po({ status: 'draft', unitsReceived: 0 })),
      'GET /admin/purchase-orders/choices': () => ok({ vendors: [{ id: 'v-harbor', name: 'Harbor Foods' }], products: [] }),
      'GET /admin/purchase-orders/suggestions/v-harbor': () =>
        ok({ vendorId: 'v-harbor', vendorName: 'Harbor Foods', lines: [], settings }),
      'POST /admin/purchase-orders/po-1/issue': () => ok(po(), 'Purchase order issued'),
    });
    const { user } = renderApp('/admin/purchase-orders/po-1', { signedInAs: admin() });
    await user.click(await screen.findByRole('button', { name: 'Issue' }));
    const dialog = await screen.findByRole('dialog', { name: 'Issue purchase order' });
    expect(within(dialog).getByText('Issue PO-000001 to Harbor Foods? Its lines can no longer be changed.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Issue' }));
    await waitFor(() => expect(calls.some((c) => c.key === 'POST /admin/purchase-orders/po-1/issue')).toBe(true));
  });

  it('receives what is still to come, line by line', async () => {
    const { calls } = mockApi({
      'GET /admin/purchase-orders/po-1': () => ok(po()),
      'POST /admin/purchase-orders/po-1/receive': () => ok(po({ status: 'received', unitsReceived: 40 }), 'Receipt recorded'),
    });
    const { user } = renderApp('/admin/purchase-orders/po-1', { signedInAs: admin() });
    await user.click(await screen.findByRole('button', { name: 'Receive' }));
    const dialog = await screen.findByRole('dialog', { name: 'Receive PO-000001' });
    const input = within(dialog).getByLabelText('Received now of PO-A');
    expect(input).toHaveValue(15);
    await user.clear(input);
    await user.type(input, '20');
    await user.click(within(dialog).getByRole('button', { name: 'Record receipt' }));
    expect(await within(dialog).findByText('Item PO-A: enter 0 to 15')).toBeInTheDocument();
    await user.clear(input);
    await user.type(input, '10');
    await user.click(within(dialog).getByRole('button', { name: 'Record receipt' }));
    await waitFor(() => expect(calls.some((c) => c.key === 'POST /admin/purchase-orders/po-1/receive')).toBe(true));
    expect(calls.find((c) => c.key === 'POST /admin/purchase-orders/po-1/receive')!.body).toEqual({
      lines: [{ lineId: 'line-1', quantity: 10 }],
    });
  });
});

// /admin/e-pick-settings: the saved settings fill the form and a save sends the API's body; read-only
// without the edit permission; a delivery day's pick list is previewed in the settings' order (load
// order chips, lines), with Print and CSV for users who may export orders; an empty day says so.
import { screen, within } from '@testing-library/react';
import type { EpickSettings, PickList } from '@portal/shared/epick/epick.schemas';
import { beforeAll, describe, expect, it } from 'vitest';
import { mockApi, ok, renderApp, signInData } from '../../test/render-app';

const SETTINGS: EpickSettings = { groupBy: 'route', sortBy: 'location', loadOrder: 'reverse_stop', printPrices: false };
const LIST: PickList = {
  deliveryDate: '2026-12-01',
  settings: SETTINGS,
  orderCount: 2,
  lineCount: 2,
  totalQuantity: 6,
  sections: [
    {
      title: 'Route 101',
      route: '101',
      orders: [
        {
          orderId: 'o2',
          orderNumber: '100002',
          status: 'confirmed',
          cNumber: '10002',
          storeName: 'Bay Liquor',
          route: '101',
          stop: '10',
          loadPosition: 1,
          totalCents: null,
        },
        {
          orderId: 'o1',
          orderNumber: '100001',
          status: 'confirmed',
          cNumber: '10001',
          storeName: 'Corner Mart #1',
          route: '101',
          stop: '2',
          loadPosition: 2,
          totalCents: null,
        },
      ],
      lines: [
        {
          itemNumber: 'PK-2',
          description: 'Pick Water',
          upc: null,
          pack: 6,
          uom: 'CS',
          category: 'Beverages',
          location: 'A-10',
          quantity: 1,
          unitPriceCents: null,
          lineTotalCents: null,
        },
        {
          itemNumber: 'PK-10',
          description: 'Pick Crisps',
          upc: null,
          pack: 6,
          uom: 'CS',
          category: 'Snacks',
          location: 'B-2',
          quantity: 5,
          unitPriceCents: null,
          lineTotalCents: null,
        },
      ],
      totalQuantity: 6,
    },
  ],
};
const grants = (epickEdit: boolean, orders: { view: boolean; export: boolean } | null) => [
  { module: 'E-Pick Settings', view: true, add: false, edit: epickEdit, delete: false },
  ...(orders ? [{ module: 'Orders', view: orders.view, add: false, edit: false, delete: false, export: orders.export }] : []),
];

describe('/admin/e-pick-settings', () => {
  beforeAll(async () => {
    await import('./epick-page');
  });

  it('fills the form from the saved settings and saves the API body', async () => {
    const { calls } = mockApi({
      'GET /admin/epick/settings': ok(SETTINGS),
      'PUT /admin/epick/settings': (body) => ok(body, 'E-pick settings saved'),
    });
    const { user } = renderApp('/admin/e-pick-settings', {
      signedInAs: signInData('distributor', { rolesPermission: grants(true, null) }),
    });
    const form = await screen.findByRole('form', { name: 'Pick list settings' });
    expect(within(form).getByRole('radio', { name: 'By route' })).toBeChecked();
    expect(within(form).getByRole('combobox', { name: 'Sort lines by' })).toHaveTextContent('Aisle / location');
    expect(within(form).getByRole('button', { name: 'Save settings' })).toBeDisabled();

    await user.click(within(form).getByRole('radio', { name: 'By order' }));
    await user.click(within(form).getByRole('combobox', { name: 'Sort lines by' }));
    await user.click(await screen.findByRole('option', { name: 'Item number' }));
    await user.click(within(form).getByRole('combobox', { name: 'Load order' }));
    await user.click(await screen.findByRole('option', { name: 'Stop order (first stop loaded first)' }));
    await user.click(within(form).getByRole('switch', { name: 'Print prices on pick lists' }));
    await user.click(within(form).getByRole('button', { name: 'Save settings' }));

    expect(await screen.findByText('E-pick settings saved')).toBeInTheDocument();
    expect(calls.find((c) => c.key === 'PUT /admin/epick/settings')!.body).toEqual({
      groupBy: 'order',
      sortBy: 'itemNumber',
      loadOrder: 'stop',
      printPrices: true,
    });
    // Without Orders permission there is no pick list to print here.
    expect(screen.queryByRole('region', { name: 'Print a pick list' })).not.toBeInTheDocument();
  });

  it('is read-only without the E-Pick Settings edit permission', async () => {
    mockApi({ 'GET /admin/epick/settings': ok(SETTINGS) });
    renderApp('/admin/e-pick-settings', { signedInAs: signInData('distributor', { rolesPermission: grants(false, null) }) });
    const form = await screen.findByRole('form', { name: 'Pick list settings' });
    expect(within(form).getByRole('radio', { name: 'By order' })).toBeDisabled();
    expect(within(form).queryByRole('button', { name: 'Save settings' })).not.toBeInTheDocument();
    expect(within(form).getByText(/changing them needs the E-Pick Settings edit permission/)).toBeInTheDocument();
  });

  it("previews a day's pick list in load order and offers the PDF and CSV to users who may export", async () => {
    const { calls } = mockApi({
      'GET /admin/epick/settings': ok(SETTINGS),
      'POST /admin/epick/pick-list': (body) =>
        (body as { deliveryDate: string }).deliveryDate === '2026-12-01'
          ? ok(LIST)
          : ok({ ...LIST, deliveryDate: null, sections: [], orderCount: 0, lineCount: 0, totalQuantity: 0 }),
    });
    const { user } = renderApp('/admin/e-pick-settings', {
      signedInAs: signInData('distributor', { rolesPermission: grants(true, { view: true, export: true }) }),
    });
    const section = await screen.findByRole('region', { name: 'Print a pick list' });
    const day = within(section).getByLabelText('Delivery day');
    await user.clear(day);
    await user.type(day, '2026-12-01');
    const route = await within(section).findByRole('region', { name: 'Route 101' });
    expect(within(section).getByText('2 orders · 2 lines · 6 units')).toBeInTheDocument();
    expect(
      within(within(route).getByRole('list', { name: 'Load order of Route 101' }))
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['1. Stop 10 · Bay Liquor', '2. Stop 2 · Corner Mart #1']);
    const rows = within(within(route).getByRole('table', { name: 'Lines of Route 101' })).getAllByRole('row');
    expect(rows.slice(1).map((r) => within(r).getAllByRole('cell')[0]!.textContent)).toEqual(['A-10', 'B-2']);
    expect(within(section).getByRole('button', { name: 'Print pick list' })).toBeEnabled();
    expect(within(section).getByRole('button', { name: 'Download CSV' })).toBeEnabled();
    expect(calls.filter((c) => c.key === 'POST /admin/epick/pick-list').at(-1)!.body).toEqual({ deliveryDate: '2026-12-01' });

    await user.clear(day);
    await user.type(day, '2026-12-05');
    expect(await within(section).findByText('No confirmed or picking orders to deliver on 2026-12-05')).toBeInTheDocument();
    expect(within(section).getByRole('button', { name: 'Print pick list' })).toBeDisabled();
  });

  it('shows the preview without file buttons to users who may only read orders', async () => {
    mockApi({ 'GET /admin/epick/settings': ok(SETTINGS), 'POST /admin/epick/pick-list': ok(LIST) });
    renderApp('/admin/e-pick-settings', {
      signedInAs: signInData('distributor', { rolesPermission: grants(false, { view: true, export: false }) }),
    });
    const section = await screen.findByRole('region', { name: 'Print a pick list' });
    expect(await within(section).findByRole('region', { name: 'Route 101' })).toBeInTheDocument();
    expect(within(section).queryByRole('button', { name: 'Print pick list' })).not.toBeInTheDocument();
  });
});

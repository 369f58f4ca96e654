// /admin/order: the grid asks the server with the URL's filters, saved views show as tabs with their
// counts and are saved from the current filters, and a bulk move confirms what will happen and then
// shows the result per order.
import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { fail, mockApi, ok, renderApp, signInData } from '../../test/render-app';
import { order } from './test-orders';

const grant = { module: 'Orders', view: true, add: true, edit: true, delete: true, export: true, approve: false };
const admin = () => signInData('distributor', { rolesPermission: [grant] });

const rows = [order(1), order(2), order(3, { status: 'delivered', statusLabel: 'Delivered' })];
const view = { id: 'view-1', name: 'Route 101', filters: { route: '101' }, createdAt: 'x', updatedAt: 'x' };

function handlers(extra: Record<string, unknown> = {}) {
  return {
    'GET /admin/orders': (_b: unknown, url: URL) =>
      ok({ items: rows, total: rows.length, page: Number(url.searchParams.get('page')), limit: 25 }),
    'GET /admin/orders/filter-choices': ok({ salesReps: [{ id: 'rep-1', name: 'Maria Lopez' }], routes: ['101', '202'] }),
    'GET /admin/orders/views': ok({ views: [view] }),
    'GET /admin/orders/views/counts': ok({ all: 1234, views: [{ id: 'view-1', count: 17 }] }),
    ...extra,
  } as Parameters<typeof mockApi>[0];
}

const listQueries = (calls: { key: string; url: URL }[]) =>
  calls.filter((c) => c.key === 'GET /admin/orders').map((c) => c.url.search);

describe('/admin/order', () => {
  // The page's chunk is loaded once before the first test, so no test waits on the first import.
  beforeAll(async () => {
    await import('./admin-orders-page');
  });

  it('shows the orders, the views with counts, and asks the server again with a view’s filters', async () => {
    const { calls } = mockApi(handlers());
    const { user, router } = renderApp('/admin/order', { signedInAs: admin() });
    const grid = await screen.findByRole('grid', { name: 'Orders' });
    expect(await within(grid).findByText('100001')).toBeInTheDocument();
    expect(within(grid).getAllByText('$123.45')).toHaveLength(3);
    const tabs = screen.getByRole('tablist', { name: 'Saved views' });
    expect(await within(tabs).findByRole('tab', { name: /All orders\s*1,234/ })).toHaveAttribute('aria-selected', 'true');
    expect(within(tabs).getByRole('tab', { name: /Route 101\s*17/ })).toBeInTheDocument();
    expect(listQueries(calls)[0]).toBe('?page=1&limit=25&sort=createdAt&dir=desc');

    await user.click(within(tabs).getByRole('tab', { name: /Route 101/ }));
    await waitFor(() => expect(listQueries(calls).at(-1)).toBe('?page=1&limit=25&sort=createdAt&dir=desc&route=101'));
    expect(router.state.location.search).toBe('?route=101');
    expect(within(tabs).getByRole('tab', { name: /Route 101/ })).toHaveAttribute('aria-selected', 'true');
  });

  it('saves the current filters as a view', async () => {
    const { calls } = mockApi(
      handlers({
        'POST /admin/orders/views': (body: unknown) =>
          ok({ id: 'view-2', ...(body as object), createdAt: 'x', updatedAt: 'x' }, 'View saved'),
      }),
    );
    const { user } = renderApp('/admin/order?status=placed%2Cconfirmed&route=202', { signedInAs: admin() });
    await screen.findByRole('grid', { name: 'Orders' });
    await user.click(await screen.findByRole('button', { name: 'Save view' }));
    const dialog = await screen.findByRole('dialog', { name: 'Save view' });
    await user.click(within(dialog).getByRole('button', { name: 'Save view' }));
    expect(await within(dialog).findByText('Name is required')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText(/View name/), 'Route 202 open');
    await user.click(within(dialog).getByRole('button', { name: 'Save view' }));
    await waitFor(() => expect(calls.some((c) => c.key === 'POST /admin/orders/views')).toBe(true));
    expect(calls.find((c) => c.key === 'POST /admin/orders/views')!.body).toEqual({
      name: 'Route 202 open',
      filters: { status: ['placed', 'confirmed'], route: '202' },
    });
  });

  it('bulk-moves the chosen orders after a confirmation that says what will happen, then shows the result', async () => {
    const { calls } = mockApi(
      handlers({
        'POST /admin/orders/bulk/status': ok(
          {
            results: [
              {
                orderId: 'o-1',
                orderNumber: '100001',
                outcome: 'moved',
                from: 'placed',
                status: 'out_for_delivery',
                reason: null,
              },
              {
                orderId: 'o-3',
                orderNumber: '100003',
                outcome: 'refused',
                from: 'delivered',
                status: 'delivered',
                reason: 'already delivered',
              },
            ],
            moved: 1,
            refused: 1,
            summary: '1 moved, 1 refused: already delivered',
          },
          '1 moved, 1 refused: already delivered',
        ),
      }),
    );
    const { user } = renderApp('/admin/order', { signedInAs: admin() });
    const grid = await screen.findByRole('grid', { name: 'Orders' });
    await within(grid).findByText('100001');
    const checkboxes = within(grid).getAllByRole('checkbox', { name: 'Select row' });
    await user.click(checkboxes[0]!);
    await user.click(checkboxes[2]!);
    const bar = screen.getByRole('toolbar', { name: 'Bulk actions' });
    expect(within(bar).getByText('2 selected')).toBeInTheDocument();
    await user.click(within(bar).getByRole('button', { name: 'Out for delivery' }));
    const confirm = await screen.findByRole('dialog', { name: 'Move 2 orders to Out for Delivery?' });
    expect(within(confirm).getByText('1 order will move to Out for Delivery.')).toBeInTheDocument();
    expect(within(confirm).getByText('1 order will be refused: already delivered.')).toBeInTheDocument();
    await user.click(within(confirm).getByRole('button', { name: 'Move to Out for Delivery' }));
    const result = await screen.findByRole('dialog', { name: 'Result' });
    expect(within(result).getByRole('status')).toHaveTextContent('1 moved, 1 refused: already delivered');
    expect(within(result).getByText('Order 100003')).toBeInTheDocument();
    expect(within(result).queryByRole('button', { name: 'Print pick list' })).not.toBeInTheDocument();
    expect(calls.find((c) => c.key === 'POST /admin/orders/bulk/status')!.body).toEqual({
      orderIds: ['o-1', 'o-3'],
      status: 'out_for_delivery',
    });
    expect(screen.queryByRole('toolbar', { name: 'Bulk actions' })).not.toBeInTheDocument();
  });

  it('offers the pick list of the orders just moved to picking', async () => {
    const { calls } = mockApi(
      handlers({
        'POST /admin/orders/bulk/status': ok(
          {
            results: [
              { orderId: 'o-1', orderNumber: '100001', outcome: 'moved', from: 'placed', status: 'picking', reason: null },
              {
                orderId: 'o-3',
                orderNumber: '100003',
                outcome: 'refused',
                from: 'delivered',
                status: 'delivered',
                reason: 'already delivered',
              },
            ],
            moved: 1,
            refused: 1,
            summary: '1 moved, 1 refused: already delivered',
          },
          '1 moved, 1 refused: already delivered',
        ),
        'POST /admin/epick/pick-list/pdf': fail(404, 'None of the chosen orders is confirmed or being picked', 'NOT_FOUND'),
      }),
    );
    const { user } = renderApp('/admin/order', { signedInAs: admin() });
    const grid = await screen.findByRole('grid', { name: 'Orders' });
    await within(grid).findByText('100001');
    const checkboxes = within(grid).getAllByRole('checkbox', { name: 'Select row' });
    await user.click(checkboxes[0]!);
    await user.click(checkboxes[2]!);
    await user.click(within(screen.getByRole('toolbar', { name: 'Bulk actions' })).getByRole('button', { name: 'Picking' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Move 2 orders to Picking?' })).getByRole('button', {
        name: 'Move to Picking',
      }),
    );
    const result = await screen.findByRole('dialog', { name: 'Result' });
    await user.click(within(result).getByRole('button', { name: 'Print pick list' }));
    expect(await screen.findByText('None of the chosen orders is confirmed or being picked')).toBeInTheDocument();
    expect(calls.find((c) => c.key === 'POST /admin/epick/pick-list/pdf')!.body).toEqual({ orderIds: ['o-1'] });
  });

  it('says why when none of the chosen orders can move, and offers OK only', async () => {
    const { calls } = mockApi(handlers());
    const { user } = renderApp('/admin/order', { signedInAs: admin() });
    const grid = await screen.findByRole('grid', { name: 'Orders' });
    await within(grid).findByText('100003');
    await user.click(within(grid).getAllByRole('checkbox', { name: 'Select row' })[2]!);
    await user.click(within(screen.getByRole('toolbar', { name: 'Bulk actions' })).getByRole('button', { name: 'Cancel' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel 1 order?' });
    expect(within(dialog).getByText('None of the chosen orders can be cancelled: 1 already delivered.')).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Cancel orders' })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(calls.some((c) => c.key === 'POST /admin/orders/bulk/status')).toBe(false);
  });

  it('a view-only user can print but not move orders or save views', async () => {
    mockApi(handlers());
    const { user } = renderApp('/admin/order?route=202', {
      signedInAs: signInData('distributor', { rolesPermission: [{ ...grant, add: false, edit: false, delete: false }] }),
    });
    const grid = await screen.findByRole('grid', { name: 'Orders' });
    await user.click((await within(grid).findAllByRole('checkbox', { name: 'Select row' }))[0]!);
    const bar = screen.getByRole('toolbar', { name: 'Bulk actions' });
    expect(within(bar).queryByRole('button', { name: 'Confirm' })).not.toBeInTheDocument();
    expect(within(bar).getByRole('button', { name: 'Print PDFs' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save view' })).not.toBeInTheDocument();
  });
});

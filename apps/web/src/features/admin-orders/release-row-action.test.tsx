// /admin/order: a held order's row offers Release only to users with Orders · approve; the dialog
// requires a reason, sends it, and the row then shows the order's new status in place, without opening
// the order.
import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { fail, mockApi, ok, renderApp, signInData } from '../../test/render-app';
import { order } from './test-orders';

const grant = { module: 'Orders', view: true, add: true, edit: true, delete: true, export: true };
const signedIn = (approve: boolean) => signInData('distributor', { rolesPermission: [{ ...grant, approve }] });

const HELD = { status: 'on_hold', statusLabel: 'On Hold' } as const;

/** The queue's calls; the list answers the orders as they are (a release changes them). */
function queue(releaseAnswer?: (body: unknown) => ReturnType<typeof ok>) {
  let rows = [order(1), order(4, HELD), order(5, HELD)];
  return mockApi({
    'GET /admin/orders': () => ok({ items: rows, total: rows.length, page: 1, limit: 25 }),
    'GET /admin/orders/filter-choices': ok({ salesReps: [], routes: ['101'] }),
    'GET /admin/orders/views': ok({ views: [] }),
    'GET /admin/orders/views/counts': ok({ all: 3, views: [] }),
    'POST /admin/orders/o-4/release': (body: unknown) => {
      if (releaseAnswer) return releaseAnswer(body);
      const released = order(4);
      rows = rows.map((r) => (r.id === released.id ? released : r));
      return ok({ order: released }, 'Order 100004 released');
    },
  });
}

const rowOf = (grid: HTMLElement, orderNumber: string) =>
  within(grid).getByText(orderNumber).closest('[role="row"]') as HTMLElement;

describe('/admin/order: releasing a held order from its row', () => {
  beforeAll(async () => {
    await import('./admin-orders-page');
  });

  it('without Orders · approve a held order has no Release', async () => {
    queue();
    renderApp('/admin/order', { signedInAs: signedIn(false) });
    const grid = await screen.findByRole('grid', { name: 'Orders' });
    await within(grid).findByText('100004');
    expect(within(rowOf(grid, '100004')).getByText('On Hold')).toBeInTheDocument();
    expect(within(grid).queryByRole('button', { name: /Release/ })).not.toBeInTheDocument();
  });

  it('offers Release on held rows only, requires a reason, then shows the released row in place', async () => {
    const { calls } = queue();
    const { user, router } = renderApp('/admin/order', { signedInAs: signedIn(true) });
    const grid = await screen.findByRole('grid', { name: 'Orders' });
    await within(grid).findByText('100004');
    expect(
      within(grid)
        .getAllByRole('button', { name: /^Release order/ })
        .map((b) => b.textContent),
    ).toEqual(['Release', 'Release']);
    expect(within(rowOf(grid, '100001')).queryByRole('button', { name: /Release/ })).not.toBeInTheDocument();

    await user.click(within(rowOf(grid, '100004')).getByRole('button', { name: 'Release order 100004' }));
    const dialog = await screen.findByRole('dialog', { name: 'Release order?' });
    expect(within(dialog).getByText(/Order 100004 is on hold: it takes the store over its credit limit\./)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Release' }));
    expect(await within(dialog).findByText('Reason is required')).toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: /Reason/ }), '   ');
    await user.click(within(dialog).getByRole('button', { name: 'Release' }));
    expect(within(dialog).getByText('Reason is required')).toBeInTheDocument();
    expect(calls.some((c) => c.key === 'POST /admin/orders/o-4/release')).toBe(false);

    await user.clear(within(dialog).getByRole('textbox', { name: /Reason/ }));
    await user.type(within(dialog).getByRole('textbox', { name: /Reason/ }), ' Paid by phone ');
    await user.click(within(dialog).getByRole('button', { name: 'Release' }));
    expect(await screen.findByText('Order 100004 released')).toBeInTheDocument();
    expect(calls.filter((c) => c.key === 'POST /admin/orders/o-4/release').map((c) => c.body)).toEqual([
      { reason: 'Paid by phone' },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Release order?' })).not.toBeInTheDocument());

    await waitFor(() => expect(within(rowOf(grid, '100004')).getByText('Order Placed')).toBeInTheDocument());
    expect(within(rowOf(grid, '100004')).queryByRole('button', { name: /Release/ })).not.toBeInTheDocument();
    expect(within(rowOf(grid, '100005')).getByRole('button', { name: 'Release order 100005' })).toBeInTheDocument();
    // The queue stayed on screen: the button's click did not open the order.
    expect(router.state.location.pathname).toBe('/admin/order');
  });

  it('shows the server’s refusal and keeps the row as it was', async () => {
    queue(() => fail(409, 'Order 100004 is not on hold', 'CONFLICT'));
    const { user } = renderApp('/admin/order', { signedInAs: signedIn(true) });
    const grid = await screen.findByRole('grid', { name: 'Orders' });
    await user.click(await within(grid).findByRole('button', { name: 'Release order 100004' }));
    const dialog = await screen.findByRole('dialog', { name: 'Release order?' });
    await user.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'Paid');
    await user.click(within(dialog).getByRole('button', { name: 'Release' }));
    expect(await screen.findByText('Order 100004 is not on hold')).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: /Reason/ })).toHaveValue('Paid');
    expect(within(rowOf(grid, '100004')).getByText('On Hold')).toBeInTheDocument();
  });
});

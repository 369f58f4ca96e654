// /admin/dashboard against a mocked API: the tiles show each figure and its change, open the filtered
// list behind them (or show no link without the grant), the period lives in the URL and is asked for,
// and a role without the Dashboard grant asks for nothing.
import { screen, waitFor, within } from '@testing-library/react';
import { ownerGrants, type Grant } from '@portal/shared/auth/permissions';
import type { DistributorDashboard } from '@portal/shared/dashboard/distributor-dashboard.schemas';
import { describe, expect, it } from 'vitest';
import { mockApi, ok, renderApp, signInData } from '../../test/render-app';

const SLOW = { timeout: 60_000 };
const URL = 'POST /dashboard/distributorDashboard';
const grant = (module: string): Grant => ({
  module,
  view: true,
  add: false,
  edit: false,
  delete: false,
  export: false,
  approve: false,
});

const fig = (current: number, previous: number | null) => ({ current, previous });
export const DASHBOARD: DistributorDashboard = {
  timeZone: 'America/Los_Angeles',
  today: '2026-06-15',
  period: { from: '2026-05-17', to: '2026-06-15', days: 30 },
  previousPeriod: { from: '2026-04-17', to: '2026-05-16', days: 30 },
  figures: {
    revenueCents: fig(1_850_000, 1_000_000),
    orders: fig(40, 50),
    averageOrderCents: fig(46_250, 20_000),
    cancelledOrders: fig(2, 1),
    newStores: fig(3, 0),
    pendingRequests: fig(2, 3),
    openTickets: fig(3, 2),
    openedTickets: fig(2, 2),
    lowStockProducts: fig(12, null),
    storesMissedOrderDay: fig(1, 3),
    receivablesCents: fig(173_050, 203_050),
    storesOwing: fig(2, 2),
    overLimitStores: fig(1, 2),
    pastDueCents: fig(146_050, null),
    storesPastDue: fig(2, null),
  },
  perDay: [
    {
      date: '2026-06-14',
      revenueCents: 100_000,
      orders: 2,
      previousDate: '2026-05-15',
      previousRevenueCents: 50_000,
      previousOrders: 1,
    },
    {
      date: '2026-06-15',
      revenueCents: 250_000,
      orders: 3,
      previousDate: '2026-05-16',
      previousRevenueCents: 0,
      previousOrders: 0,
    },
  ],
  byStatus: [
    { status: 'placed', label: 'Order Placed', current: 5, previous: 4 },
    { status: 'confirmed', label: 'Confirmed', current: 3, previous: 3 },
    { status: 'picking', label: 'Picking', current: 0, previous: 1 },
    { status: 'out_for_delivery', label: 'Out for Delivery', current: 1, previous: 0 },
    { status: 'delivered', label: 'Delivered', current: 31, previous: 42 },
    { status: 'cancelled', label: 'Cancelled', current: 2, previous: 1 },
  ],
  topProducts: [
    {
      productId: 'p-1',
      itemNumber: 'ED-A',
      description: 'Apples',
      quantity: 20,
      revenueCents: 9000,
      previousQuantity: 3,
      previousRevenueCents: 6000,
    },
  ],
  topStores: [
    {
      customerId: 'cust-1',
      cNumber: '10001',
      name: 'Corner Mart #1',
      orders: 2,
      revenueCents: 15_000,
      previousRevenueCents: 6000,
    },
  ],
  topReps: [{ salesRepId: 'rep-1', name: 'Maria Lopez', orders: 3, revenueCents: 16_000, previousRevenueCents: 10_000 }],
  lowStock: [{ productId: 'p-2', itemNumber: 'ED-C', description: 'Corn', stockOnHand: 3, lowStockThreshold: 5 }],
  missedStores: [{ customerId: 'cust-2', cNumber: '10002', name: 'Sunrise Liquor & Deli', orderDay: 5, missedOn: '2026-06-12' }],
};

describe('distributor dashboard', () => {
  it('shows each figure with its change and opens the filtered list behind a tile', SLOW, async () => {
    const { calls } = mockApi({ [URL]: ok(DASHBOARD) });
    const { router, user } = renderApp('/admin/dashboard', { signedInAs: signInData('distributor') });
    expect(await screen.findByTestId('tile-revenue')).toHaveTextContent('$18,500.00');
    expect(calls.find((c) => c.key === URL)?.body).toEqual({});
    const revenue = screen.getByRole('link', { name: /^Revenue: \$18,500\.00/ });
    expect(revenue).toHaveTextContent('+85%');
    expect(revenue).toHaveTextContent('previous $10,000.00');
    expect(revenue).toHaveAttribute(
      'href',
      '/admin/order?status=on_hold%2Cplaced%2Cconfirmed%2Cpicking%2Cout_for_delivery%2Cdelivered&createdFrom=2026-05-17&createdTo=2026-06-15',
    );
    expect(screen.getByRole('link', { name: /^Orders: 40/ })).toHaveTextContent('−20%');
    expect(screen.getByRole('link', { name: /^Pending sign-up requests/ })).toHaveAttribute(
      'href',
      '/admin/retailer-requests?status=pending',
    );
    expect(screen.getByRole('link', { name: /^Open support tickets/ })).toHaveAttribute(
      'href',
      '/admin/support-tickets?status=active',
    );
    expect(screen.getByRole('link', { name: /^Low-stock products: 12/ })).toHaveTextContent('stock has no history');
    // Overdue receivables open the ageing list filtered to past due.
    const pastDue = screen.getByRole('link', { name: /^Past due: \$1,460\.50/ });
    expect(pastDue).toHaveTextContent('2 stores');
    expect(pastDue).toHaveAttribute('href', '/admin/account?show=pastDue');
    expect(screen.getByText('Apples')).toBeInTheDocument();
    expect(
      within(screen.getByText('Stores that missed their order day', { selector: 'h2' }).parentElement!).getByText('Friday'),
    ).toBeInTheDocument();

    await user.click(screen.getByRole('link', { name: /^Low-stock products: 12/ }));
    // The products chunk loads before the router moves.
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/products'));
    expect(router.state.location.search).toBe('?stock=low&status=active');
  });

  it('asks for the period chosen and keeps it in the URL', SLOW, async () => {
    const { calls } = mockApi({ [URL]: (body) => ok({ ...DASHBOARD, period: { ...DASHBOARD.period, ...(body as object) } }) });
    const { router, user } = renderApp('/admin/dashboard', { signedInAs: signInData('distributor') });
    await screen.findByTestId('tile-revenue');
    await user.click(screen.getByRole('button', { name: 'Last 7 days' }));
    await waitFor(() =>
      expect(calls.filter((c) => c.key === URL).at(-1)?.body).toEqual({ from: '2026-06-09', to: '2026-06-15' }),
    );
    expect(router.state.location.search).toBe('?days=7');

    await user.click(screen.getByRole('button', { name: 'Custom' }));
    const from = screen.getByLabelText('From');
    const to = screen.getByLabelText('To');
    await user.clear(to);
    await user.type(to, '2026-06-01');
    await user.type(from, '2026-06-10');
    const before = calls.length;
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('from must be on or before to')).toBeInTheDocument();
    expect(calls.length).toBe(before);
    await user.clear(from);
    await user.type(from, '2026-05-01');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() =>
      expect(calls.filter((c) => c.key === URL).at(-1)?.body).toEqual({ from: '2026-05-01', to: '2026-06-01' }),
    );
    expect(router.state.location.search).toBe('?from=2026-05-01&to=2026-06-01');
  });

  it('shows a tile without a link when the grants do not open its list', SLOW, async () => {
    mockApi({ [URL]: ok(DASHBOARD) });
    renderApp('/admin/dashboard', {
      signedInAs: signInData('distributor', { rolesPermission: [grant('Dashboard'), grant('Products')] }),
    });
    expect(await screen.findByTestId('tile-revenue')).toHaveTextContent('$18,500.00');
    expect(screen.queryByRole('link', { name: /^Revenue/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /^Pending sign-up requests/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /^Past due/ })).not.toBeInTheDocument();
    expect(screen.getByTestId('tile-pastDue')).toHaveTextContent('$1,460.50');
    expect(screen.getByRole('link', { name: /^Low-stock products/ })).toHaveAttribute(
      'href',
      '/admin/products?stock=low&status=active',
    );
    // The store names are shown without links too (no Retailers grant).
    expect(screen.getByText('Corner Mart #1 (10001)').closest('a')).toBeNull();
  });

  it('asks for nothing when the role has no Dashboard grant', SLOW, async () => {
    const { calls } = mockApi({ [URL]: ok(DASHBOARD) });
    renderApp('/admin/dashboard', {
      signedInAs: signInData('distributor', { rolesPermission: ownerGrants().filter((g) => g.module !== 'Dashboard') }),
    });
    expect(await screen.findByText(/Your role does not include the dashboard's figures/)).toBeInTheDocument();
    expect(calls.some((c) => c.key === URL)).toBe(false);
  });
});

// /admin/reports against a mocked API: the report, its totals, chart and grid; the report, period
// and sort asked for and kept in the URL; the CSV download with the same query; the grants.
import { screen, waitFor } from '@testing-library/react';
import { ownerGrants, type Grant } from '@portal/shared/auth/permissions';
import type { SalesReport } from '@portal/shared/reports/reports.schemas';
import { describe, expect, it } from 'vitest';
import { mockApi, ok, renderApp, signInData } from '../../test/render-app';

const SLOW = { timeout: 60_000 };
const URL = 'GET /admin/reports/sales';
const grant = (module: string, extra: Partial<Grant> = {}): Grant => ({
  module,
  view: true,
  add: false,
  edit: false,
  delete: false,
  export: false,
  approve: false,
  ...extra,
});

const row = (key: string, name: string, code: string, orders: number | null, quantity: number, amountCents: number) => ({
  key,
  name,
  code,
  orders,
  quantity,
  amountCents,
});

function report(by: SalesReport['by'], url: URL): SalesReport {
  const items =
    by === 'store'
      ? [row('c1', 'Corner Mart #1', '10001', 2, 4, 15000), row('c3', 'Harbor Quick Stop', '10003', 1, 1, 2500)]
      : [row('2026-06-14', '2026-06-14', '', 2, 4, 11000), row('2026-06-15', '2026-06-15', '', 1, 1, 2500)];
  return {
    by,
    timeZone: 'America/Los_Angeles',
    today: '2026-06-15',
    period: { from: url.searchParams.get('from') ?? '2026-05-17', to: url.searchParams.get('to') ?? '2026-06-15', days: 30 },
    amountBasis: 'order',
    totals: { orders: 3, quantity: 5, amountCents: 13500 },
    items,
    total: items.length,
    page: 1,
    limit: 25,
    sort: (url.searchParams.get('sort') as SalesReport['sort']) ?? 'name',
    dir: (url.searchParams.get('dir') as SalesReport['dir']) ?? 'asc',
    chart: items,
  };
}

describe('reports page', () => {
  it('shows the sales by day with totals, chart and grid, and switches report, period and sort in the URL', SLOW, async () => {
    const { calls } = mockApi({
      [URL]: (_b, url) => ok(report((url.searchParams.get('by') ?? 'day') as SalesReport['by'], url)),
    });
    const { router, user } = renderApp('/admin/reports', { signedInAs: signInData('distributor') });
    expect(await screen.findByRole('heading', { name: 'Sales by day' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByText('$135.00')).toBeInTheDocument());
    expect(screen.getByRole('gridcell', { name: 'Sun, Jun 14, 2026' })).toBeInTheDocument();
    expect(screen.getByRole('gridcell', { name: '$110.00' })).toBeInTheDocument();
    const first = calls.find((c) => c.key === URL)!.url.searchParams;
    expect(Object.fromEntries(first)).toEqual({ by: 'day', page: '1', limit: '25', sort: 'name', dir: 'asc' });
    expect(await screen.findByTestId('report-chart', {})).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'By store' }));
    expect(await screen.findByRole('gridcell', { name: 'Corner Mart #1' })).toBeInTheDocument();
    expect(screen.getByRole('gridcell', { name: '10001' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?by=store');
    expect(Object.fromEntries(calls.filter((c) => c.key === URL).at(-1)!.url.searchParams)).toMatchObject({
      by: 'store',
      sort: 'amount',
      dir: 'desc',
    });

    await user.click(screen.getByRole('button', { name: 'Last 7 days' }));
    await waitFor(() =>
      expect(Object.fromEntries(calls.filter((c) => c.key === URL).at(-1)!.url.searchParams)).toMatchObject({
        by: 'store',
        from: '2026-06-09',
        to: '2026-06-15',
      }),
    );
    expect(router.state.location.search).toBe('?by=store&from=2026-06-09&to=2026-06-15');

    await user.click(screen.getByRole('columnheader', { name: 'Quantity' }));
    await waitFor(() =>
      expect(Object.fromEntries(calls.filter((c) => c.key === URL).at(-1)!.url.searchParams)).toMatchObject({
        sort: 'quantity',
        dir: 'desc',
      }),
    );
  });

  it('downloads the CSV of the report on screen', SLOW, async () => {
    const { fetchMock } = mockApi({ [URL]: (_b, url) => ok(report('day', url)) });
    const { user } = renderApp('/admin/reports?from=2026-06-01&to=2026-06-15', { signedInAs: signInData('distributor') });
    await screen.findByRole('heading', { name: 'Sales by day' });
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    const csvUrl = () => fetchMock.mock.calls.map(([input]) => String(input)).find((u) => u.includes('/sales.csv'));
    await waitFor(() => expect(csvUrl()).toBeDefined());
    expect(Object.fromEntries(new globalThis.URL(csvUrl()!, 'http://localhost').searchParams)).toEqual({
      by: 'day',
      from: '2026-06-01',
      to: '2026-06-15',
      sort: 'name',
      dir: 'asc',
    });
  });

  it('offers no export without Reports export', SLOW, async () => {
    mockApi({ [URL]: (_b, url) => ok(report('day', url)) });
    const view = renderApp('/admin/reports', { signedInAs: signInData('distributor', { rolesPermission: [grant('Reports')] }) });
    await screen.findByRole('heading', { name: 'Sales by day' });
    expect(screen.queryByRole('button', { name: 'Export CSV' })).not.toBeInTheDocument();
    view.unmount();
  });

  it('sends a role without Reports elsewhere and asks for nothing', SLOW, async () => {
    const { calls } = mockApi({ [URL]: (_b, url) => ok(report('day', url)) });
    const { router } = renderApp('/admin/reports', {
      signedInAs: signInData('distributor', { rolesPermission: ownerGrants().filter((g) => g.module !== 'Reports') }),
    });
    await waitFor(() => expect(router.state.location.pathname).not.toBe('/admin/reports'));
    expect(calls.some((c) => c.key === URL)).toBe(false);
  });
});

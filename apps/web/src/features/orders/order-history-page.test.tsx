// Sortable order history (issue 13 §3): a column header asks the server for that order and shows
// it, aria-sort follows, the sorting stays in the address; phones sort with the Sort by select.
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { mockApi, ok, renderApp, signInData } from '../../test/render-app';

const order = (orderNumber: string, total: number, itemCount: number, createdAt: string) => ({
  id: `o-${orderNumber}`,
  orderNumber,
  status: 'placed',
  statusLabel: 'Order Placed',
  createdAt,
  itemCount,
  subtotal: total,
  tax: 0,
  crv: 0,
  deliveryCharge: 0,
  total,
  poNumber: null,
  notes: null,
  requestedDeliveryDate: null,
  placedByRole: 'retailer',
  isWebOrder: true,
});
const ORDERS = [
  order('100003', 20, 3, '2026-03-03T10:00:00Z'),
  order('100002', 300, 1, '2026-03-02T10:00:00Z'),
  order('100001', 45.5, 2, '2026-03-01T10:00:00Z'),
];

/** Answers like the API: sorted by `sort`/`dir` (default newest first). */
function historyApi() {
  const asked: string[] = [];
  const { calls } = mockApi({
    'GET /retailer/orderHistory': (_body, url) => {
      asked.push(url.search);
      const sort = url.searchParams.get('sort') ?? 'date';
      const dir = url.searchParams.get('dir') ?? 'desc';
      const key = { date: 'createdAt', total: 'total', items: 'itemCount', orderNumber: 'orderNumber' }[sort] as
        'createdAt' | 'total' | 'itemCount' | 'orderNumber';
      const sorted = [...ORDERS].sort((a, b) => (a[key] < b[key] ? -1 : a[key] > b[key] ? 1 : 0));
      if (dir === 'desc') sorted.reverse();
      return ok({ orders: sorted, total: sorted.length, page: 1, limit: 10 });
    },
  });
  return { asked, calls };
}

const shownOrder = () =>
  within(screen.getByRole('table', { name: 'Orders' }))
    .getAllByRole('row')
    .slice(1)
    .map((r) => r.getAttribute('aria-label'));

afterEach(() => Object.assign(window, { innerWidth: 1024, innerHeight: 768 }));

describe('sortable order history', () => {
  it('wide screens: a header click sorts on the server, a second click flips it; aria-sort follows', async () => {
    Object.assign(window, { innerWidth: 1440, innerHeight: 900 });
    const { asked } = historyApi();
    const { user, router } = renderApp('/retailer/order/history', { signedInAs: signInData('retailer') });
    await screen.findByRole('table', { name: 'Orders' });
    expect(shownOrder()).toEqual(['Order 100003', 'Order 100002', 'Order 100001']);
    const placed = screen.getByRole('columnheader', { name: /Placed/ });
    expect(placed).toHaveAttribute('aria-sort', 'descending');
    expect(asked.at(-1)).toContain('sort=date&dir=desc');

    await user.click(screen.getByRole('button', { name: /Total/ }));
    await waitFor(() => expect(shownOrder()).toEqual(['Order 100002', 'Order 100001', 'Order 100003']));
    expect(asked.at(-1)).toContain('sort=total&dir=desc');
    expect(screen.getByRole('columnheader', { name: /Total/ })).toHaveAttribute('aria-sort', 'descending');
    expect(screen.getByRole('columnheader', { name: /Placed/ })).toHaveAttribute('aria-sort', 'none');
    expect(router.state.location.search).toBe('?sort=total&dir=desc');

    await user.click(screen.getByRole('button', { name: /Total/ }));
    await waitFor(() => expect(shownOrder()).toEqual(['Order 100003', 'Order 100001', 'Order 100002']));
    expect(asked.at(-1)).toContain('sort=total&dir=asc');
    expect(screen.getByRole('columnheader', { name: /Total/ })).toHaveAttribute('aria-sort', 'ascending');

    await user.click(screen.getByRole('button', { name: /Order #/ }));
    await waitFor(() => expect(shownOrder()).toEqual(['Order 100001', 'Order 100002', 'Order 100003']));
    expect(asked.at(-1)).toContain('sort=orderNumber&dir=asc');
  });

  it('phones: the Sort by select sorts the list', async () => {
    Object.assign(window, { innerWidth: 390, innerHeight: 844 });
    const { asked } = historyApi();
    const { user } = renderApp('/retailer/order/history', { signedInAs: signInData('retailer') });
    const list = await screen.findByRole('list', { name: 'Orders' });
    const numbers = () =>
      within(list)
        .getAllByRole('listitem')
        .map((li) => /#(\d+)/.exec(li.textContent ?? '')?.[1]);
    await waitFor(() => expect(numbers()).toEqual(['100003', '100002', '100001']));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'Fewest lines');
    await waitFor(() => expect(asked.at(-1)).toContain('sort=items&dir=asc'));
    await waitFor(() =>
      expect(
        within(screen.getByRole('list', { name: 'Orders' }))
          .getAllByRole('listitem')
          .map((li) => /#(\d+)/.exec(li.textContent ?? '')?.[1]),
      ).toEqual(['100002', '100001', '100003']),
    );
  });

  it('a sorting in the address it does not know reads as newest first', async () => {
    Object.assign(window, { innerWidth: 1440, innerHeight: 900 });
    const { asked } = historyApi();
    renderApp('/retailer/order/history?sort=password&dir=up', { signedInAs: signInData('retailer') });
    await screen.findByRole('table', { name: 'Orders' });
    expect(asked.at(-1)).toContain('sort=date&dir=desc');
  });
});

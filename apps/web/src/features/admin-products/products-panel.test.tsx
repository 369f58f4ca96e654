// /admin/products (Products tab): the grid asks the server for each page, sort, search and filter and
// keeps them in the URL; deactivating asks first; the bulk edit shows the server's preview before Apply.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi, ok, renderApp, signInData, type MockAnswer } from '../../test/render-app';
import type { ProductRow } from './admin-products.types';
import { FIRST_SCREEN, productRow } from './test-data';

const grant = { module: 'Products', view: true, add: true, edit: true, delete: true, export: true, approve: false };
const admin = () =>
  signInData('distributor', {
    rolesPermission: [grant, { module: 'Vendors', view: true, add: false, edit: false, delete: false }],
  });

const CATEGORIES = [
  {
    id: 'c-1',
    name: 'Beverages',
    sortOrder: 1,
    productCount: 30,
    subcategories: [{ id: 's-1', name: 'Water', sortOrder: 1, productCount: 30 }],
  },
];
const VENDORS = {
  items: [
    {
      id: 'v-1',
      name: 'Bay Bottling',
      contactName: null,
      email: null,
      phone: null,
      isActive: true,
      productCount: 30,
      createdAt: '2026-01-01T00:00:00.000Z',
    },
  ],
  total: 1,
  page: 1,
  limit: 100,
};

const listHandler =
  (rows: ProductRow[]) =>
  (_body: unknown, url: URL): MockAnswer => {
    const page = Number(url.searchParams.get('page'));
    const limit = Number(url.searchParams.get('limit'));
    return ok({ items: rows.slice((page - 1) * limit, page * limit), total: rows.length, page, limit });
  };

const lookups = {
  'GET /admin/categories': ok({ items: CATEGORIES }),
  'GET /admin/vendors': ok(VENDORS),
  'GET /admin/products/brands': ok({ items: ['Fizz', 'Pop'] }),
};
const listQueries = (calls: { key: string; url: URL }[]) =>
  calls.filter((c) => c.key === 'GET /admin/products').map((c) => c.url.search);

describe('/admin/products', () => {
  it('asks the server for the next page and a sort, and keeps the view in the URL', async () => {
    const rows = Array.from({ length: 30 }, (_, i) => productRow(i + 1));
    const { calls } = mockApi({ ...lookups, 'GET /admin/products': listHandler(rows) });
    const { user, router } = renderApp('/admin/products', { signedInAs: admin() });

    const grid = await screen.findByRole('grid', { name: 'Products' }, FIRST_SCREEN);
    expect(await within(grid).findByText('Sparkling Water 01')).toBeInTheDocument();
    expect(screen.getByText('30 products')).toBeInTheDocument();
    expect(within(grid).getByText('$11.00')).toBeInTheDocument();
    expect(listQueries(calls)).toEqual(['?page=1&limit=25&sort=itemNumber&dir=asc&status=all']);

    await user.click(screen.getByRole('button', { name: 'Go to next page' }));
    expect(await within(grid).findByText('Sparkling Water 26')).toBeInTheDocument();
    expect(listQueries(calls).at(-1)).toBe('?page=2&limit=25&sort=itemNumber&dir=asc&status=all');
    expect(router.state.location.search).toBe('?page=2');

    // Prices start highest first.
    await user.click(
      within(grid)
        .getByRole('columnheader', { name: /Price 1/ })
        .querySelector('.MuiDataGrid-columnHeaderTitleContainer')!,
    );
    await waitFor(() => expect(listQueries(calls).at(-1)).toBe('?page=1&limit=25&sort=price1&dir=desc&status=all'));
    expect(router.state.location.search).toBe('?sort=price1&dir=desc');
  });

  it('sends the search and every filter to the server, and Clear filters drops them', async () => {
    const { calls } = mockApi({ ...lookups, 'GET /admin/products': listHandler([productRow(1)]) });
    const { user, router } = renderApp('/admin/products?sort=price1&dir=desc', { signedInAs: admin() });
    await screen.findByText('Sparkling Water 01', {}, FIRST_SCREEN);

    await user.type(screen.getByLabelText('Search products'), 'water');
    await waitFor(() => expect(listQueries(calls).at(-1)).toContain('search=water'));

    await user.selectOptions(await screen.findByLabelText('Category'), 'Beverages');
    await user.selectOptions(screen.getByLabelText('Subcategory'), 'Water');
    await user.selectOptions(screen.getByLabelText('Vendor'), 'Bay Bottling');
    await user.selectOptions(screen.getByLabelText('Brand'), 'Pop');
    await user.selectOptions(screen.getByLabelText('Flag'), 'Reps: show low stock');
    await user.selectOptions(screen.getByLabelText('Stock'), 'Out of stock');
    await user.selectOptions(screen.getByLabelText('Status'), 'Inactive');
    await user.selectOptions(screen.getByLabelText('Promoted'), 'Promoted');
    await user.selectOptions(screen.getByLabelText('Discounted'), 'Not discounted');
    await waitFor(() =>
      expect(listQueries(calls).at(-1)).toBe(
        '?page=1&limit=25&sort=price1&dir=desc&search=water&category=c-1&subcategory=s-1&vendor=v-1&brand=Pop&status=inactive&stock=outOfStock&flag=showLowStockToSalesRep&promoted=true&discounted=false',
      ),
    );
    expect(new URLSearchParams(router.state.location.search).get('vendor')).toBe('v-1');

    // A new category clears the subcategory of the old one.
    await user.selectOptions(screen.getByLabelText('Category'), 'All categories');
    await waitFor(() => expect(listQueries(calls).at(-1)).not.toContain('subcategory'));

    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    // Back to a view already fetched: the URL keeps only the search, and the cached page is shown again.
    await waitFor(() => expect(router.state.location.search).toBe('?sort=price1&dir=desc&search=water'));
    expect(screen.getByRole('button', { name: 'Clear filters' })).toBeDisabled();
  });

  it('opens on the view its URL names', async () => {
    const { calls } = mockApi({ ...lookups, 'GET /admin/products': listHandler([]) });
    renderApp('/admin/products?page=2&limit=50&sort=stockOnHand&dir=asc&brand=Fizz&flag=allowToOrder', { signedInAs: admin() });
    expect(await screen.findByText('No products match', {}, FIRST_SCREEN)).toBeInTheDocument();
    expect(listQueries(calls)[0]).toBe('?page=2&limit=50&sort=stockOnHand&dir=asc&brand=Fizz&status=all&flag=allowToOrder');
  });

  it('opens the import dialog, and exports with the search and filters in view', async () => {
    const { fetchMock } = mockApi({ ...lookups, 'GET /admin/products': listHandler([]) });
    renderApp('/admin/products?search=cola&brand=Fizz&status=active', { signedInAs: admin() });
    expect(await screen.findByText('No products match', {}, FIRST_SCREEN)).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    const exportUrl = () => fetchMock.mock.calls.map(([input]) => String(input)).find((u) => u.includes('/export.csv'));
    await waitFor(() => expect(exportUrl()).toBeDefined());
    const exported = new URL(exportUrl()!, 'http://localhost').searchParams;
    expect(Object.fromEntries(exported)).toEqual({ search: 'cola', brand: 'Fizz', status: 'active' });
    await user.click(screen.getByRole('button', { name: 'Import CSV' }));
    expect(await screen.findByRole('dialog', { name: 'Import products' })).toBeInTheDocument();
  });

  it('deactivates a product only after the confirmation, then offers Reactivate', async () => {
    let row = productRow(3, { description: 'Lemon Soda' });
    const { calls } = mockApi({
      ...lookups,
      'GET /admin/products': () => ok({ items: [row], total: 1, page: 1, limit: 25 }),
      'POST /admin/products/p-3/deactivate': () => {
        row = { ...row, isActive: false };
        return ok(row, 'Product deactivated');
      },
    });
    const { user } = renderApp('/admin/products', { signedInAs: admin() });
    await user.click(await screen.findByRole('button', { name: 'Deactivate 20003' }, FIRST_SCREEN));
    const dialog = await screen.findByRole('dialog', { name: /Deactivate product/ });
    expect(
      within(dialog).getByText(
        'Deactivate 20003 Lemon Soda? Retailers and reps stop seeing it in the catalogue; you can reactivate it later.',
      ),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.some((c) => c.key.endsWith('/deactivate'))).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Deactivate 20003' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Deactivate' }));
    expect(await screen.findByText('Product deactivated')).toBeInTheDocument();
    expect(calls.filter((c) => c.key === 'POST /admin/products/p-3/deactivate')).toHaveLength(1);
    expect(await screen.findByRole('button', { name: 'Reactivate 20003' })).toBeInTheDocument();
  });
});

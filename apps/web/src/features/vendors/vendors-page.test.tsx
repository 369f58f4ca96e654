// /admin/vendors: the grid asks the server for each page, sort and search (and keeps them in the URL),
// a new vendor is checked before it is sent, and deactivating asks first.
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fail, mockApi, ok, renderApp, signInData, type MockAnswer } from '../../test/render-app';
import type { VendorRow } from './vendors.types';

const grant = { module: 'Vendors', view: true, add: true, edit: true, delete: true };
const admin = () => signInData('distributor', { rolesPermission: [grant] });

const vendor = (i: number, extra: Partial<VendorRow> = {}): VendorRow => ({
  id: `v-${i}`,
  name: `Vendor ${String(i).padStart(2, '0')}`,
  contactName: `Contact ${i}`,
  email: `v${i}@example.test`,
  phone: '5550100004',
  isActive: true,
  productCount: i,
  createdAt: '2026-03-02T10:00:00.000Z',
  ...extra,
});

/** The list endpoint over 30 vendors, paged like the API. */
const listHandler =
  (rows: VendorRow[]) =>
  (_body: unknown, url: URL): MockAnswer => {
    const page = Number(url.searchParams.get('page'));
    const limit = Number(url.searchParams.get('limit'));
    const search = (url.searchParams.get('search') ?? '').toLowerCase();
    const found = rows.filter((r) => r.name.toLowerCase().includes(search));
    return ok({ items: found.slice((page - 1) * limit, page * limit), total: found.length, page, limit });
  };

const listQueries = (calls: { key: string; url: URL }[]) =>
  calls.filter((c) => c.key === 'GET /admin/vendors').map((c) => c.url.search);

describe('/admin/vendors', () => {
  it('asks the server for page 2, for name descending and for a search, and keeps the view in the URL', async () => {
    const rows = Array.from({ length: 30 }, (_, i) => vendor(i + 1));
    const { calls } = mockApi({ 'GET /admin/vendors': listHandler(rows) });
    const { user, router } = renderApp('/admin/vendors', { signedInAs: admin() });

    const grid = await screen.findByRole('grid', { name: 'Vendors' });
    expect(await within(grid).findByText('Vendor 01')).toBeInTheDocument();
    expect(within(grid).getAllByText('(555) 010-0004')).toHaveLength(25);
    expect(screen.getByText('30 vendors')).toBeInTheDocument();
    expect(listQueries(calls)).toEqual(['?page=1&limit=25&sort=name&dir=asc&status=all']);

    await user.click(screen.getByRole('button', { name: 'Go to next page' }));
    expect(await within(grid).findByText('Vendor 26')).toBeInTheDocument();
    expect(listQueries(calls).at(-1)).toBe('?page=2&limit=25&sort=name&dir=asc&status=all');
    expect(router.state.location.search).toBe('?page=2');

    await user.click(
      within(grid).getByRole('columnheader', { name: /Name/ }).querySelector('.MuiDataGrid-columnHeaderTitleContainer')!,
    );
    await waitFor(() => expect(listQueries(calls).at(-1)).toBe('?page=1&limit=25&sort=name&dir=desc&status=all'));
    expect(router.state.location.search).toBe('?dir=desc');

    await user.type(screen.getByLabelText('Search vendors'), 'acme');
    await waitFor(() => expect(listQueries(calls).at(-1)).toBe('?page=1&limit=25&sort=name&dir=desc&search=acme&status=all'));
    expect(router.state.location.search).toBe('?dir=desc&search=acme');
    expect(await screen.findByText('No vendors match')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Inactive' }));
    await waitFor(() =>
      expect(listQueries(calls).at(-1)).toBe('?page=1&limit=25&sort=name&dir=desc&search=acme&status=inactive'),
    );
  });

  it('sorts another column from its first direction: products largest first', async () => {
    const { calls } = mockApi({ 'GET /admin/vendors': listHandler([vendor(1), vendor(2)]) });
    const { user, router } = renderApp('/admin/vendors', { signedInAs: admin() });
    const grid = await screen.findByRole('grid', { name: 'Vendors' });
    await within(grid).findByText('Vendor 01');
    await user.click(
      within(grid)
        .getByRole('columnheader', { name: /Products/ })
        .querySelector('.MuiDataGrid-columnHeaderTitleContainer')!,
    );
    await waitFor(() => expect(listQueries(calls).at(-1)).toBe('?page=1&limit=25&sort=productCount&dir=desc&status=all'));
    expect(router.state.location.search).toBe('?sort=productCount&dir=desc');
  });

  it('opens on the view its URL names, and shows the server error with Retry', async () => {
    const { calls } = mockApi({ 'GET /admin/vendors': fail(500, 'Database unavailable') });
    renderApp('/admin/vendors?page=3&limit=50&sort=createdAt&dir=desc&status=active&search=Cola', { signedInAs: admin() });
    expect(await screen.findByText('Database unavailable')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
    expect(screen.getByLabelText('Search vendors')).toHaveValue('Cola');
    expect(listQueries(calls)[0]).toBe('?page=3&limit=50&sort=createdAt&dir=desc&search=Cola&status=active');
  });

  it('creates a vendor: the empty name is refused on the field, then the body is posted and toasted', async () => {
    const created = vendor(7, { name: 'Acme Foods', contactName: 'Rita Moss', email: 'rita@acme.test', phone: '5550100007' });
    let listed: VendorRow[] = [];
    const { calls } = mockApi({
      'GET /admin/vendors': () => ok({ items: listed, total: listed.length, page: 1, limit: 25 }),
      'POST /admin/vendors': () => {
        listed = [created];
        return { status: 201, body: { success: true, message: 'Vendor created', data: created } };
      },
    });
    const { user } = renderApp('/admin/vendors', { signedInAs: admin() });
    expect(await screen.findByText('No vendors yet')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'New vendor' }));
    const form = await screen.findByRole('form', { name: 'New vendor' });
    await user.click(screen.getByRole('button', { name: 'Create vendor' }));
    expect(await within(form).findByText('Vendor name is required')).toBeInTheDocument();
    expect(calls.some((c) => c.key === 'POST /admin/vendors')).toBe(false);

    await user.type(within(form).getByLabelText(/Name/), 'Acme Foods');
    await user.type(within(form).getByLabelText('Contact name'), 'Rita Moss');
    await user.type(within(form).getByLabelText('Email'), 'rita@acme.test');
    await user.type(within(form).getByLabelText('Phone'), '5550100007');
    await user.click(screen.getByRole('button', { name: 'Create vendor' }));

    expect(await screen.findByText('Vendor created')).toBeInTheDocument();
    expect(calls.find((c) => c.key === 'POST /admin/vendors')!.body).toEqual({
      name: 'Acme Foods',
      contactName: 'Rita Moss',
      email: 'rita@acme.test',
      phone: '5550100007',
    });
    await waitFor(() => expect(screen.queryByRole('form', { name: 'New vendor' })).not.toBeInTheDocument());
    expect(await screen.findByText('Acme Foods')).toBeInTheDocument();
  });

  it("shows the server's duplicate-name refusal on the name field", async () => {
    mockApi({
      'GET /admin/vendors': ok({ items: [], total: 0, page: 1, limit: 25 }),
      'POST /admin/vendors': fail(409, 'A vendor named Acme Foods already exists', 'CONFLICT'),
    });
    const { user } = renderApp('/admin/vendors', { signedInAs: admin() });
    await user.click(await screen.findByRole('button', { name: 'New vendor' }));
    const form = await screen.findByRole('form', { name: 'New vendor' });
    await user.type(within(form).getByLabelText(/Name/), 'acme foods');
    await user.click(screen.getByRole('button', { name: 'Create vendor' }));
    expect(await within(form).findByText('A vendor named Acme Foods already exists')).toBeInTheDocument();
    // Said on the field, not repeated as a toast.
    expect(screen.getAllByText('A vendor named Acme Foods already exists')).toHaveLength(1);
  });

  it('deactivates a vendor only after the confirmation', async () => {
    let row = vendor(3, { name: 'Bay Bottling' });
    const { calls } = mockApi({
      'GET /admin/vendors': () => ok({ items: [row], total: 1, page: 1, limit: 25 }),
      'POST /admin/vendors/v-3/deactivate': () => {
        row = { ...row, isActive: false };
        return ok(row, 'Vendor deactivated');
      },
    });
    const { user } = renderApp('/admin/vendors', { signedInAs: admin() });
    await user.click(await screen.findByRole('button', { name: 'Deactivate Bay Bottling' }));
    const dialog = await screen.findByRole('dialog', { name: /Deactivate vendor/ });
    expect(within(dialog).getByText('Deactivate Bay Bottling? Its products keep this vendor.')).toBeInTheDocument();
    expect(calls.some((c) => c.key.endsWith('/deactivate'))).toBe(false);

    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.some((c) => c.key.endsWith('/deactivate'))).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Deactivate Bay Bottling' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Deactivate' }));
    expect(await screen.findByText('Vendor deactivated')).toBeInTheDocument();
    expect(calls.filter((c) => c.key === 'POST /admin/vendors/v-3/deactivate')).toHaveLength(1);
    expect(await screen.findByRole('button', { name: 'Reactivate Bay Bottling' })).toBeInTheDocument();
  });
});

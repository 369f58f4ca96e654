// /admin/retailer-requests: the queue asks the server for its view and marks look-alikes; the request page
// approves with the suggested C_Number (a C_Number in use lands on its field) and rejects only with a reason;
// a view-only role sees no decision buttons.
import { screen, waitFor, within } from '@testing-library/react';
import type { RequestDetail, RequestRow } from '@portal/shared/retailer-requests/retailer-requests.schemas';
import { describe, expect, it } from 'vitest';
import { fail, mockApi, ok, renderApp, signInData } from '../../test/render-app';

const grant = (edit = true) => ({
  module: 'Retailer Requests',
  view: true,
  add: edit,
  edit,
  delete: false,
  export: false,
  approve: edit,
});
const admin = (edit = true) => signInData('distributor', { rolesPermission: [grant(edit)] });

const row = (extra: Partial<RequestRow> = {}): RequestRow => ({
  id: 'req-1',
  storeName: 'Juniper Corner Grocery',
  ownerName: 'June Park',
  email: 'june@juniper.test',
  phone: '19165554821',
  city: 'Sacramento',
  status: 'pending',
  source: 'signup',
  createdAt: '2026-11-27T10:00:00.000Z',
  reviewedAt: null,
  duplicateFields: [],
  ...extra,
});

const detail = (extra: Partial<RequestDetail> = {}): RequestDetail => ({
  ...row(),
  address: '48 Juniper Lane',
  state: 'CA',
  zip: '95814',
  notes: null,
  verifiedAt: '2026-11-27T10:01:00.000Z',
  reviewedBy: null,
  rejectReason: null,
  customer: null,
  hasPassword: true,
  duplicates: [{ kind: 'store', id: 'c-1', name: 'Corner Mart #1', C_Number: '10001', status: null, matches: ['phone'] }],
  suggestedCNumber: '10062',
  newStoreDefaults: { minOrderCents: null, itemLimit: null, creditLimitCents: null },
  salesReps: [
    { id: 'rep-1', name: 'Maria Lopez' },
    { id: 'rep-2', name: 'James Carter' },
  ],
  ...extra,
});
const emptyTrail = ok({ items: [], total: 0, page: 1, limit: 10 });

describe('/admin/retailer-requests', () => {
  it('asks for open requests newest first, marks a look-alike, and filters by status in the URL', async () => {
    const { calls } = mockApi({
      'GET /admin/retailer-requests': ok({ items: [row({ duplicateFields: ['phone', 'name'] })], total: 1, page: 1, limit: 25 }),
    });
    const { user, router } = renderApp('/admin/retailer-requests', { signedInAs: admin() });
    const grid = await screen.findByRole('grid', { name: 'Retailer requests' });
    expect(await within(grid).findByRole('link', { name: 'Juniper Corner Grocery' })).toBeInTheDocument();
    expect(within(grid).getByLabelText('Possible duplicate: same phone, business name')).toBeInTheDocument();
    const lists = () => calls.filter((c) => c.key === 'GET /admin/retailer-requests').map((c) => c.url.search);
    expect(lists()).toEqual(['?page=1&limit=25&sort=createdAt&dir=desc&status=open']);
    await user.click(screen.getByRole('button', { name: 'Rejected' }));
    await waitFor(() => expect(lists().at(-1)).toBe('?page=1&limit=25&sort=createdAt&dir=desc&status=rejected'));
    expect(router.state.location.search).toBe('?status=rejected');
  });

  it('approves with the suggested C_Number; a C_Number in use is said on its field', async () => {
    let taken = true;
    const { calls } = mockApi({
      'GET /admin/retailer-requests/req-1': ok(detail()),
      'GET /admin/retailer-requests/req-1/audit': emptyTrail,
      'POST /admin/retailer-requests/req-1/approve': () =>
        taken
          ? {
              status: 409,
              body: {
                success: false,
                message: 'C_Number 10062 is already in use',
                error: { code: 'CONFLICT', fields: { cNumber: 'C_Number 10062 is already in use' } },
              },
            }
          : ok(detail({ status: 'approved', customer: { id: 'c-9', C_Number: '10063' } }), 'Retailer request approved'),
    });
    const { user } = renderApp('/admin/retailer-requests/view/req-1', { signedInAs: admin() });
    expect(await screen.findByText('Corner Mart #1 (C_Number 10001)')).toBeInTheDocument();
    expect(screen.getByText('Existing store · Same phone')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Approve' }));
    const form = await screen.findByRole('form', { name: 'Approve request' });
    const cNumber = within(form).getByRole('textbox', { name: /C_Number/ });
    expect(cNumber).toHaveValue('10062');
    await user.type(within(form).getByRole('textbox', { name: 'Route' }), '101');
    await user.click(screen.getByRole('button', { name: 'Approve and create store' }));
    expect(await within(form).findByText('C_Number 10062 is already in use')).toBeInTheDocument();

    taken = false;
    await user.clear(cNumber);
    await user.type(cNumber, '10063');
    await user.click(screen.getByRole('button', { name: 'Approve and create store' }));
    expect(await screen.findByText('Retailer request approved')).toBeInTheDocument();
    const sent = calls.filter((c) => c.key === 'POST /admin/retailer-requests/req-1/approve').at(-1)!.body;
    expect(sent).toMatchObject({ cNumber: '10063', routeNumber: '101', orderDay: 0, priceClass: 1, salesRepId: null });
  });

  it('rejects only with a reason, after the confirmation', async () => {
    const { calls } = mockApi({
      'GET /admin/retailer-requests/req-1': ok(detail()),
      'GET /admin/retailer-requests/req-1/audit': emptyTrail,
      'POST /admin/retailer-requests/req-1/reject': ok(
        detail({ status: 'rejected', rejectReason: 'Outside our area' }),
        'Retailer request rejected',
      ),
    });
    const { user } = renderApp('/admin/retailer-requests/view/req-1', { signedInAs: admin() });
    await user.click(await screen.findByRole('button', { name: 'Reject' }));
    const dialog = await screen.findByRole('dialog', { name: /Reject request/ });
    expect(
      within(dialog).getByText('Reject the request of Juniper Corner Grocery? june@juniper.test receives the reason below.'),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Reject request' }));
    expect(await within(dialog).findByText('Reason is required')).toBeInTheDocument();
    expect(calls.some((c) => c.key.endsWith('/reject'))).toBe(false);
    await user.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'Outside our area');
    await user.click(within(dialog).getByRole('button', { name: 'Reject request' }));
    expect(await screen.findByText('Retailer request rejected')).toBeInTheDocument();
    expect(calls.find((c) => c.key.endsWith('/reject'))!.body).toEqual({ reason: 'Outside our area' });
  });

  it('a view-only role sees the request without Edit, Approve or Reject', async () => {
    mockApi({
      'GET /admin/retailer-requests/req-1': ok(detail()),
      'GET /admin/retailer-requests/req-1/audit': emptyTrail,
    });
    renderApp('/admin/retailer-requests/view/req-1', { signedInAs: admin(false) });
    expect(await screen.findByText('Corner Mart #1 (C_Number 10001)')).toBeInTheDocument();
    for (const name of ['Approve', 'Reject', 'Edit']) expect(screen.queryByRole('button', { name })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Edit' })).not.toBeInTheDocument();
  });

  it('shows the failure of a refused save as a toast when no field is named', async () => {
    mockApi({ 'POST /admin/retailer-requests': fail(500, 'Database unavailable') });
    const { user } = renderApp('/admin/retailer-requests/add', { signedInAs: admin() });
    const form = await screen.findByRole('form', { name: 'Add Retailer Request' });
    await user.type(within(form).getByLabelText(/Store name/), 'Oak Grocery');
    await user.type(within(form).getByLabelText(/Owner name/), 'Olive Oak');
    await user.type(within(form).getByLabelText(/Email/), 'olive@oak.test');
    await user.type(within(form).getByLabelText(/Phone/), '530-555-0101');
    await user.click(within(form).getByRole('button', { name: 'Add request' }));
    expect(await screen.findByText('Database unavailable')).toBeInTheDocument();
  });
});

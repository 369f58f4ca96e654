// /admin/contact-requests: asks the server for new messages newest first, filters by status and source in
// the URL, opens a message, marks it handled, and converts one into a sign-up request through the
// prefilled form (with Retailer Requests add permission only).
import { screen, waitFor, within } from '@testing-library/react';
import type { ContactRequestRow } from '@portal/shared/contact/contact-requests.schemas';
import { beforeAll, describe, expect, it } from 'vitest';
import { mockApi, ok, renderApp, signInData } from '../../test/render-app';

const row = (extra: Partial<ContactRequestRow> = {}): ContactRequestRow => ({
  id: 'cr-1',
  name: 'Pat Public',
  email: 'pat@public.test',
  phone: '9165550101',
  storeName: 'Hilltop Grocery',
  message: 'We would like to open an account with you.',
  source: 'public',
  store: null,
  status: 'new',
  createdAt: '2026-11-27T10:00:00.000Z',
  handledAt: null,
  handledBy: null,
  retailerRequestId: null,
  ticketId: null,
  ...extra,
});
const tickets = { module: 'Support Tickets', view: true, add: true, edit: true, delete: false };
const requests = { module: 'Retailer Requests', view: true, add: true, edit: true, delete: false };

describe('/admin/contact-requests', () => {
  beforeAll(async () => {
    await import('./contact-requests-page');
  });

  it('lists new messages and filters by status and source in the URL', async () => {
    const { calls } = mockApi({ 'GET /admin/contact-requests': ok({ items: [row()], total: 1, page: 1, limit: 25 }) });
    const { user, router } = renderApp('/admin/contact-requests', {
      signedInAs: signInData('distributor', { rolesPermission: [tickets] }),
    });
    const grid = await screen.findByRole('grid', { name: 'Contact requests' });
    expect(await within(grid).findByRole('button', { name: 'Pat Public' })).toBeInTheDocument();
    const lists = () => calls.filter((c) => c.key === 'GET /admin/contact-requests').map((c) => c.url.search);
    expect(lists()).toEqual(['?page=1&limit=25&status=new&source=all']);
    await user.click(screen.getByRole('button', { name: 'Handled' }));
    await waitFor(() => expect(lists().at(-1)).toBe('?page=1&limit=25&status=handled&source=all'));
    await user.click(screen.getByRole('button', { name: 'Stores' }));
    await waitFor(() => expect(lists().at(-1)).toBe('?page=1&limit=25&status=handled&source=store'));
    expect(router.state.location.search).toContain('source=store');
  });

  it('marks a message handled', async () => {
    const { calls } = mockApi({
      'GET /admin/contact-requests': ok({ items: [row()], total: 1, page: 1, limit: 25 }),
      'POST /admin/contact-requests/cr-1/handled': ok(row({ status: 'handled' }), 'Contact request marked as handled'),
    });
    const { user } = renderApp('/admin/contact-requests', {
      signedInAs: signInData('distributor', { rolesPermission: [tickets] }),
    });
    await user.click(await screen.findByRole('button', { name: 'Pat Public' }));
    const dialog = await screen.findByRole('dialog', { name: 'Message from Pat Public' });
    expect(within(dialog).getByText('We would like to open an account with you.')).toBeInTheDocument();
    // Without Retailer Requests add, no conversion.
    expect(within(dialog).queryByRole('button', { name: 'Convert to sign-up request' })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Mark handled' }));
    expect(await screen.findByText('Contact request marked as handled')).toBeInTheDocument();
    expect(calls.some((c) => c.key === 'POST /admin/contact-requests/cr-1/handled')).toBe(true);
  });

  it('converts a message into a sign-up request through the prefilled form', async () => {
    const { calls } = mockApi({
      'GET /admin/contact-requests': ok({ items: [row()], total: 1, page: 1, limit: 25 }),
      'POST /admin/contact-requests/cr-1/signup-request': ok(
        row({ status: 'converted', retailerRequestId: 'req-9' }),
        'Contact request converted into a sign-up request',
      ),
    });
    const { user } = renderApp('/admin/contact-requests', {
      signedInAs: signInData('distributor', { rolesPermission: [tickets, requests] }),
    });
    await user.click(await screen.findByRole('button', { name: 'Pat Public' }));
    await user.click(await screen.findByRole('button', { name: 'Convert to sign-up request' }));
    const form = await screen.findByRole('form', { name: 'Convert to sign-up request' });
    expect(within(form).getByLabelText(/Store name/)).toHaveValue('Hilltop Grocery');
    expect(within(form).getByLabelText(/Owner name/)).toHaveValue('Pat Public');
    await user.type(within(form).getByLabelText('City'), 'Davis');
    await user.click(screen.getByRole('button', { name: 'Create sign-up request' }));
    expect(await screen.findByText('Contact request converted into a sign-up request')).toBeInTheDocument();
    expect(calls.find((c) => c.key === 'POST /admin/contact-requests/cr-1/signup-request')!.body).toMatchObject({
      storeName: 'Hilltop Grocery',
      ownerName: 'Pat Public',
      email: 'pat@public.test',
      phone: '9165550101',
      city: 'Davis',
    });
  });

  it("converts a store's message into a ticket with a subject and category", async () => {
    const storeRow = row({
      id: 'cr-2',
      source: 'store',
      store: { id: 'cust-1', C_Number: '10001' },
      storeName: 'Corner Mart #1',
    });
    const { calls } = mockApi({
      'GET /admin/contact-requests': ok({ items: [storeRow], total: 1, page: 1, limit: 25 }),
      'POST /admin/contact-requests/cr-2/ticket': ok(
        { ...storeRow, status: 'converted', ticketId: 't-1' },
        'Contact request converted into a support ticket',
      ),
    });
    const { user } = renderApp('/admin/contact-requests', {
      signedInAs: signInData('distributor', { rolesPermission: [tickets, requests] }),
    });
    await user.click(await screen.findByRole('button', { name: 'Pat Public' }));
    const dialog = await screen.findByRole('dialog', { name: 'Message from Pat Public' });
    // A store's message is not a sign-up.
    expect(within(dialog).queryByRole('button', { name: 'Convert to sign-up request' })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Convert to ticket' }));
    const form = await screen.findByRole('form', { name: 'Convert to ticket' });
    expect(within(form).getByLabelText(/Subject/)).toHaveValue('Message from Corner Mart #1');
    await user.click(screen.getByRole('button', { name: 'Open ticket' }));
    expect(await screen.findByText('Contact request converted into a support ticket')).toBeInTheDocument();
    expect(calls.find((c) => c.key === 'POST /admin/contact-requests/cr-2/ticket')!.body).toEqual({
      subject: 'Message from Corner Mart #1',
      category: 'other',
    });
  });
});

// /admin/back-office: endpoints from the server, a new endpoint checked before it is sent and its secret
// shown once, delete only after the confirmation, a test delivery, the history's filters asked of the
// server, the export period checked, and a view-only grant without the actions.
import { screen, waitFor, within } from '@testing-library/react';
import type { WebhookDelivery, WebhookEndpoint } from '@portal/shared/webhooks/webhooks.schemas';
import { describe, expect, it } from 'vitest';
import { mockApi, ok, renderApp, signInData } from '../../test/render-app';
import { deleteQuestion } from './back-office-page';
import { SECRET_ONCE } from './secret-dialog';

const ALL = { view: true, add: true, edit: true, delete: true, export: true };
const admin = (g: Record<string, boolean> = ALL) =>
  signInData('distributor', {
    rolesPermission: [{ module: 'Back Office', view: true, add: false, edit: false, delete: false, ...g }],
  });

const endpoint = (extra: Partial<WebhookEndpoint> = {}): WebhookEndpoint => ({
  id: 'wh-1',
  url: 'https://erp.example.com/hooks',
  description: 'ERP',
  events: ['order.placed', 'customer.created'],
  isActive: true,
  secretHint: 'Ab9z',
  createdAt: '2026-03-02T10:00:00.000Z',
  updatedAt: '2026-03-02T10:00:00.000Z',
  lastDelivery: null,
  ...extra,
});

const delivery = (extra: Partial<WebhookDelivery> = {}): WebhookDelivery => ({
  id: 'd-1',
  endpointId: 'wh-1',
  endpointUrl: 'https://erp.example.com/hooks',
  event: 'order.placed',
  eventId: 'e-1',
  isTest: false,
  status: 'failed',
  attempts: 6,
  lastStatusCode: 500,
  lastError: 'HTTP 500: boom',
  nextAttemptAt: null,
  createdAt: '2026-03-02T10:00:00.000Z',
  finishedAt: '2026-03-02T10:16:00.000Z',
  ...extra,
});

const paged = <T,>(items: T[]) => ok({ items, total: items.length, page: 1, limit: 10 });

describe('/admin/back-office', () => {
  it('lists endpoints and deliveries, and asks the server for the history filtered by status and sorted', async () => {
    const { calls } = mockApi({
      'GET /admin/back-office/webhooks': paged([endpoint()]),
      'GET /admin/back-office/webhook-deliveries': paged([delivery()]),
    });
    const { user } = renderApp('/admin/back-office', { signedInAs: admin() });
    const grid = await screen.findByRole('grid', { name: 'Webhook endpoints' });
    expect(await within(grid).findByText('https://erp.example.com/hooks')).toBeInTheDocument();
    expect(within(grid).getByText('Order placed, Customer created')).toBeInTheDocument();
    const history = screen.getByRole('grid', { name: 'Webhook deliveries' });
    expect(await within(history).findByText('HTTP 500: boom')).toBeInTheDocument();
    expect(within(history).getByText('Failed')).toBeInTheDocument();

    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByRole('option', { name: 'Failed' }));
    await waitFor(() =>
      expect(calls.filter((c) => c.key === 'GET /admin/back-office/webhook-deliveries').at(-1)!.url.search).toBe(
        '?page=1&limit=10&status=failed&sort=createdAt&dir=desc',
      ),
    );
    // A column's header sorts on the server: attempts start ascending, a second click turns them round.
    await user.click(
      within(history)
        .getByRole('columnheader', { name: /Attempts/ })
        .querySelector('.MuiDataGrid-columnHeaderTitleContainer')!,
    );
    await waitFor(() =>
      expect(calls.filter((c) => c.key === 'GET /admin/back-office/webhook-deliveries').at(-1)!.url.search).toBe(
        '?page=1&limit=10&status=failed&sort=attempts&dir=asc',
      ),
    );
    await user.click(
      within(history)
        .getByRole('columnheader', { name: /Attempts/ })
        .querySelector('.MuiDataGrid-columnHeaderTitleContainer')!,
    );
    await waitFor(() =>
      expect(calls.filter((c) => c.key === 'GET /admin/back-office/webhook-deliveries').at(-1)!.url.search).toBe(
        '?page=1&limit=10&status=failed&sort=attempts&dir=desc',
      ),
    );
  });

  it('adds an endpoint: the URL is checked first, then the secret is shown once', async () => {
    let listed: WebhookEndpoint[] = [];
    const { calls } = mockApi({
      'GET /admin/back-office/webhooks': () => paged(listed),
      'GET /admin/back-office/webhook-deliveries': paged([]),
      'POST /admin/back-office/webhooks': () => {
        listed = [endpoint()];
        return { status: 201, body: { success: true, message: 'added', data: { ...endpoint(), secret: 'whsec_TOPSECRET' } } };
      },
    });
    const { user } = renderApp('/admin/back-office', { signedInAs: admin() });
    expect(await screen.findByText('No endpoints yet')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add endpoint' }));
    const form = await screen.findByRole('form', { name: 'Add endpoint' });
    const url = within(form).getByLabelText(/Endpoint URL/);
    await user.clear(url);
    await user.type(url, 'not a url');
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Add endpoint' }));
    expect(await within(form).findByText('Enter a full URL starting with https://')).toBeInTheDocument();
    expect(calls.some((c) => c.key === 'POST /admin/back-office/webhooks')).toBe(false);

    await user.clear(url);
    await user.type(url, 'https://erp.example.com/hooks');
    await user.click(within(form).getByLabelText('Customer created'));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Add endpoint' }));
    const secret = await screen.findByRole('dialog', { name: /Signing secret/ });
    expect(within(secret).getByText(SECRET_ONCE)).toBeInTheDocument();
    expect(within(secret).getByText('whsec_TOPSECRET')).toBeInTheDocument();
    expect(calls.find((c) => c.key === 'POST /admin/back-office/webhooks')!.body).toEqual({
      url: 'https://erp.example.com/hooks',
      description: null,
      events: ['order.placed', 'customer.created'],
      isActive: true,
    });
    await user.click(within(secret).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByText('whsec_TOPSECRET')).not.toBeInTheDocument());
  });

  it('deletes only after the confirmation, and sends a test delivery', async () => {
    const { calls } = mockApi({
      'GET /admin/back-office/webhooks': paged([endpoint()]),
      'GET /admin/back-office/webhook-deliveries': paged([]),
      'DELETE /admin/back-office/webhooks/wh-1': ok(null, 'Webhook endpoint deleted'),
      'POST /admin/back-office/webhooks/wh-1/test': () => ({
        status: 202,
        body: { success: true, message: 'Test delivery sent', data: delivery({ status: 'queued', attempts: 0 }) },
      }),
    });
    const { user } = renderApp('/admin/back-office', { signedInAs: admin() });
    // Two data grids and the exports panel: the first render is slow on a shared test machine.
    await screen.findByText('https://erp.example.com/hooks', undefined);
    await user.click(await screen.findByRole('button', { name: 'Send a test to https://erp.example.com/hooks' }));
    expect(await screen.findByText('Test delivery sent')).toBeInTheDocument();
    expect(calls.filter((c) => c.key === 'POST /admin/back-office/webhooks/wh-1/test')).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'Delete https://erp.example.com/hooks' }));
    const dialog = await screen.findByRole('dialog', { name: /Delete endpoint/ });
    expect(within(dialog).getByText(deleteQuestion('https://erp.example.com/hooks'))).toBeInTheDocument();
    expect(calls.some((c) => c.key.startsWith('DELETE'))).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Webhook endpoint deleted')).toBeInTheDocument();
    expect(calls.filter((c) => c.key === 'DELETE /admin/back-office/webhooks/wh-1')).toHaveLength(1);
  });

  it('checks the export period before a download', async () => {
    mockApi({
      'GET /admin/back-office/webhooks': paged([]),
      'GET /admin/back-office/webhook-deliveries': paged([]),
    });
    const { user } = renderApp('/admin/back-office', { signedInAs: admin() });
    const from = await screen.findByLabelText('From');
    await user.clear(from);
    await user.type(from, '2026-05-01');
    const to = screen.getByLabelText('To');
    await user.clear(to);
    await user.type(to, '2026-04-01');
    expect(await screen.findByText('from must be on or before to')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Orders CSV' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Payments CSV' })).toBeDisabled();
  });

  it('a view-only grant sees the lists without add, edit, delete or exports', async () => {
    mockApi({
      'GET /admin/back-office/webhooks': paged([endpoint()]),
      'GET /admin/back-office/webhook-deliveries': paged([]),
    });
    renderApp('/admin/back-office', { signedInAs: admin({ view: true }) });
    const grid = await screen.findByRole('grid', { name: 'Webhook endpoints' });
    expect(await within(grid).findByText('https://erp.example.com/hooks')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add endpoint' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Delete https/ })).not.toBeInTheDocument();
    expect(screen.queryByText('Accounting exports')).not.toBeInTheDocument();
  });
});

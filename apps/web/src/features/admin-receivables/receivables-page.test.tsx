// /admin/account: the ageing grid asks the server for each page, sort and filter (kept in the URL), the
// ledger opens on a row, a payment is checked with the shared schema before it is sent, and e-mails to a
// store go only after a confirmation; a view-only role sees no write or export actions.
import { screen, waitFor, within } from '@testing-library/react';
import type { AgeingRow, Ledger } from '@portal/shared/receivables/receivables.schemas';
import { describe, expect, it } from 'vitest';
import { mockApi, ok, renderApp, signInData, fail } from '../../test/render-app';
// Loaded with the test file (no time limit), so the route's lazy chunk is ready when a test opens it.
import './receivables-page';

const full = { module: 'Account Receivable', view: true, add: true, edit: false, delete: false, export: true, approve: false };
const admin = (grant = full) => signInData('distributor', { rolesPermission: [grant] });

const row = (i: number, extra: Partial<AgeingRow> = {}): AgeingRow => ({
  customerId: `cust-${i}`,
  C_Number: String(10000 + i),
  companyName: `Store ${String(i).padStart(2, '0')}`,
  routeNumber: '101',
  salesRep: { id: 'rep-1', name: 'Maria Lopez' },
  email: null,
  termsDays: 30,
  current: 1000,
  days1to30: 0,
  days31to60: 2500,
  days61to90: 0,
  days90plus: 0,
  carriedOver: 0,
  pastDue: 2500,
  total: 3500,
  ...extra,
});
const totals = {
  current: 1000,
  days1to30: 0,
  days31to60: 2500,
  days61to90: 0,
  days90plus: 0,
  carriedOver: 0,
  total: 3500,
  pastDue: 2500,
};

const ledger = (balanceCents = 3500): Ledger => ({
  customer: {
    id: 'cust-1',
    C_Number: '10001',
    companyName: 'Store 01',
    contactName: 'Sam',
    email: 'store1@example.test',
    routeNumber: '101',
    salesRep: { id: 'rep-1', name: 'Maria Lopez' },
    termsDays: 30,
    creditLimitCents: null,
  },
  asOf: '2026-03-01',
  balanceCents,
  openingBalanceCents: 0,
  ageing: { current: 1000, days1to30: 0, days31to60: 2500, days61to90: 0, days90plus: 0, carriedOver: 0, total: balanceCents },
  entries: [
    {
      id: 'e1',
      kind: 'invoice',
      reference: '100001',
      orderNumber: '100001',
      amountCents: 2500,
      runningBalanceCents: 2500,
      note: null,
      method: null,
      dueOn: '2026-01-15',
      openCents: 2500,
      daysPastDue: 45,
      recordedBy: null,
      createdAt: '2025-12-16T10:00:00.000Z',
    },
  ],
  total: 1,
  page: 1,
  limit: 25,
});

const ageingHandler = (rows: AgeingRow[]) => (_b: unknown, url: URL) => {
  const page = Number(url.searchParams.get('page'));
  const limit = Number(url.searchParams.get('limit'));
  return ok({ asOf: '2026-03-01', items: rows.slice((page - 1) * limit, page * limit), totals, total: rows.length, page, limit });
};
const choices = ok({ salesReps: [{ id: 'rep-1', name: 'Maria Lopez' }], routes: ['101', '202'] });

// Generous: the data grid renders slowly in jsdom on a busy machine.
describe('/admin/account', () => {
  it('pages, sorts and filters on the server and keeps the view in the URL', async () => {
    const rows = Array.from({ length: 12 }, (_, i) => row(i + 1));
    const { calls } = mockApi({
      'GET /admin/receivables/ageing': ageingHandler(rows),
      'GET /admin/receivables/choices': choices,
    });
    const { user, router } = renderApp('/admin/account?limit=10', { signedInAs: admin() });
    const grid = await screen.findByRole('grid', { name: 'Ageing' });
    expect(await within(grid).findByText('Store 01')).toBeInTheDocument();
    const queries = () => calls.filter((c) => c.key === 'GET /admin/receivables/ageing').map((c) => c.url.search);
    expect(queries()).toEqual(['?page=1&limit=10&sort=total&dir=desc&show=owing']);
    expect(screen.getByLabelText('Totals')).toHaveTextContent('Total owed$35.00Past due$25.00Current$10.00');
    expect(screen.getByText('12 stores')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Go to next page' }));
    expect(await within(grid).findByText('Store 11')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?limit=10&page=2');

    await user.click(
      within(grid).getByRole('columnheader', { name: /Store/ }).querySelector('.MuiDataGrid-columnHeaderTitleContainer')!,
    );
    await waitFor(() => expect(queries().at(-1)).toBe('?page=1&limit=10&sort=name&dir=asc&show=owing'));
  });

  it('filters by route, rep and past due on the server, in the URL', async () => {
    const { calls } = mockApi({
      'GET /admin/receivables/ageing': ageingHandler([row(1)]),
      'GET /admin/receivables/choices': choices,
    });
    const { user, router } = renderApp('/admin/account?sort=name&dir=asc&limit=10', { signedInAs: admin() });
    const grid = await screen.findByRole('grid', { name: 'Ageing' });
    await within(grid).findByText('Store 01');
    const queries = () => calls.filter((c) => c.key === 'GET /admin/receivables/ageing').map((c) => c.url.search);
    await screen.findByRole('option', { name: '202' });
    await user.selectOptions(screen.getByLabelText('Route'), '202');
    await waitFor(() => expect(queries().at(-1)).toBe('?page=1&limit=10&sort=name&dir=asc&route=202&show=owing'));
    await user.selectOptions(screen.getByLabelText('Sales rep'), 'rep-1');
    await waitFor(() =>
      expect(queries().at(-1)).toBe('?page=1&limit=10&sort=name&dir=asc&route=202&salesRepId=rep-1&show=owing'),
    );
    await user.click(screen.getByRole('button', { name: 'Past due' }));
    await waitFor(() => expect(queries().at(-1)).toContain('show=pastDue'));
    expect(router.state.location.search).toContain('route=202');
  });

  it('opens a store’s ledger; Record payment checks the form, then sends it and shows the server’s message', async () => {
    let balance = 3500;
    const { calls } = mockApi({
      'GET /admin/receivables/ageing': ageingHandler([row(1)]),
      'GET /admin/receivables/choices': choices,
      'GET /admin/receivables/cust-1': () => ok(ledger(balance)),
      'POST /admin/receivables/cust-1/payments': (body) => {
        balance -= Math.round((body as { amount: number }).amount * 100);
        return {
          status: 201,
          body: { success: true, message: 'Payment recorded', data: { entryId: 'p1', balanceCents: balance } },
        };
      },
    });
    const { user } = renderApp('/admin/account', { signedInAs: admin() });
    const grid = await screen.findByRole('grid', { name: 'Ageing' });
    await user.click(await within(grid).findByText('Store 01'));
    const drawer = await screen.findByLabelText('Store ledger');
    expect(await within(drawer).findByText('Store 01 (10001)')).toBeInTheDocument();
    expect(within(drawer).getByText('45 days late')).toBeInTheDocument();
    expect(within(drawer).getByTestId('ledger-balance')).toHaveTextContent('Balance $35.00');

    await user.click(within(drawer).getByRole('button', { name: 'Record payment' }));
    const form = await screen.findByRole('form', { name: 'Record payment' });
    await user.click(screen.getAllByRole('button', { name: 'Record payment' }).at(-1)!);
    expect(await within(form).findByText('Enter an amount greater than 0')).toBeInTheDocument();
    expect(calls.some((c) => c.key.startsWith('POST'))).toBe(false);

    await user.type(within(form).getByLabelText(/Amount/), '20.5');
    await user.type(within(form).getByLabelText(/Reference/), 'CHK-9');
    await user.click(screen.getAllByRole('button', { name: 'Record payment' }).at(-1)!);
    await waitFor(() => expect(calls.some((c) => c.key === 'POST /admin/receivables/cust-1/payments')).toBe(true));
    const post = calls.find((c) => c.key === 'POST /admin/receivables/cust-1/payments')!;
    expect(post.body).toMatchObject({ amount: 20.5, method: 'check', reference: 'CHK-9' });
    expect(await screen.findByText('Payment recorded: balance now $14.50')).toBeInTheDocument();
    await waitFor(() => expect(within(drawer).getByTestId('ledger-balance')).toHaveTextContent('Balance $14.50'));
  });

  it('sends a reminder only after a confirmation, and shows the server’s refusal', async () => {
    const { calls } = mockApi({
      'GET /admin/receivables/ageing': ageingHandler([row(1), row(2, { companyName: 'Store 02' })]),
      'GET /admin/receivables/choices': choices,
      'POST /admin/receivables/cust-1/send': ok({ recipients: ['store1@example.test'], queued: 1 }, 'Reminder sent'),
      'POST /admin/receivables/cust-2/send': fail(409, 'This store has no e-mail address to send to', 'CONFLICT'),
    });
    const { user } = renderApp('/admin/account', { signedInAs: admin() });
    await screen.findByRole('grid', { name: 'Ageing' });
    await user.click(await screen.findByLabelText('Send reminder to Store 01'));
    expect(await screen.findByText(/E-mail Store 01 a reminder of what is past due/)).toBeInTheDocument();
    expect(calls.some((c) => c.key.endsWith('/send'))).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Send reminder' }));
    expect(await screen.findByText('Reminder sent to store1@example.test')).toBeInTheDocument();
    expect(calls.find((c) => c.key === 'POST /admin/receivables/cust-1/send')!.body).toEqual({ kind: 'reminder' });

    await user.click(await screen.findByLabelText('Send statement to Store 02'));
    await user.click(await screen.findByRole('button', { name: 'Send statement' }));
    expect(await screen.findByText('This store has no e-mail address to send to')).toBeInTheDocument();
  });

  it('a view-only role sees the ageing and the ledger without write or export actions', async () => {
    mockApi({
      'GET /admin/receivables/ageing': ageingHandler([row(1)]),
      'GET /admin/receivables/choices': choices,
      'GET /admin/receivables/cust-1': ok(ledger()),
    });
    const { user } = renderApp('/admin/account', { signedInAs: admin({ ...full, add: false, export: false }) });
    const grid = await screen.findByRole('grid', { name: 'Ageing' });
    expect(screen.queryByRole('button', { name: 'Export CSV' })).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Send reminder to Store 01')).not.toBeInTheDocument();
    await user.click(await within(grid).findByText('Store 01'));
    const drawer = await screen.findByLabelText('Store ledger');
    await within(drawer).findByText('Store 01 (10001)');
    expect(within(drawer).queryByRole('button', { name: 'Record payment' })).not.toBeInTheDocument();
    expect(within(drawer).queryByRole('button', { name: 'Send statement' })).not.toBeInTheDocument();
  });
});

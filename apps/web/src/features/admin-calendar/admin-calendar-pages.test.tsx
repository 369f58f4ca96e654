// /admin/calender and /admin/calender/view (docs/calendar.md): the month and week views list each day's
// entries and ask the API for exactly the days shown; the entry form checks the shared schema
// (datedEntryBody) with its messages before anything is sent; deleting an entry asks first; the
// cut-offs page saves a route's cut-off and the late-orders rule.
import { screen, waitFor, within } from '@testing-library/react';
import type { CalendarEntry } from '@portal/shared/calendar/calendar.schemas';
import type { RouteCutoffsResponse } from '@portal/shared/calendar/delivery-calendar.schemas';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi, ok, renderApp, signInData, type RecordedCall } from '../../test/render-app';

// Wednesday 15 April 2026: April's six weeks run Monday 30 March to Sunday 10 May.
const NOW = new Date('2026-04-15T12:00:00.000Z');

const dated = (id: string, extra: Partial<CalendarEntry>): CalendarEntry => ({
  id,
  title: `Entry ${id}`,
  description: null,
  startsAt: '2026-04-15T07:00:00.000Z',
  endsAt: '2026-04-16T07:00:00.000Z',
  allDay: true,
  customer: null,
  salesRep: null,
  kind: 'note',
  routeNumber: null,
  shift: null,
  date: '2026-04-15',
  endDate: null,
  ...extra,
});

const ENTRIES: CalendarEntry[] = [
  dated('h1', { kind: 'holiday', title: 'Route 101 closed', routeNumber: '101', shift: 'before', date: '2026-04-15' }),
  dated('p1', { kind: 'promotion', title: 'Soda week', date: '2026-04-13', endDate: '2026-04-19' }),
  dated('d1', { kind: 'delivery', title: 'Extra truck', routeNumber: '202', date: '2026-04-25' }),
  {
    ...dated('ev1', { title: 'Meeting with buyer' }),
    kind: 'event',
    date: null,
    allDay: false,
    startsAt: '2026-04-16T12:00:00.000Z',
    endsAt: null,
  },
];

const calendarAnswer = (entries: CalendarEntry[]) => ok({ from: 'x', to: 'y', entries, total: entries.length });
const moved = (affectedStores: number) => ({ id: 'new-1', affectedStores, stores: [] });
const calendarQueries = (calls: RecordedCall[]) => calls.filter((c) => c.key === 'GET /admin/calendar').map((c) => c.url.search);
/** The chips of one day cell, as their text. */
const chips = (day: string) =>
  Array.from(document.querySelectorAll(`[role="gridcell"][data-date="${day}"] [data-kind]`)).map(
    (el) => `${el.getAttribute('data-kind')}: ${el.textContent}`,
  );

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
});
afterEach(() => vi.useRealTimers());

describe('/admin/calender', () => {
  beforeAll(async () => {
    await import('./admin-calendar-page');
  });

  it('shows a month of six weeks with each day’s entries by kind', async () => {
    const { calls } = mockApi({ 'GET /admin/calendar': calendarAnswer(ENTRIES) });
    renderApp('/admin/calender?view=month&date=2026-04-15', { signedInAs: signInData('distributor') });

    const grid = await screen.findByRole('grid', { name: 'April 2026' });
    await within(grid).findByRole('gridcell', { name: 'Wednesday 15 April, 2 entries' });
    expect(within(grid).getAllByRole('gridcell')).toHaveLength(42);
    expect(chips('2026-04-15')).toEqual(['holiday: Route 101 closed · Route 101', 'promotion: Soda week']);
    // A dated entry covers each of its days; a timed event sits on its start's day.
    expect(chips('2026-04-19')).toEqual(['promotion: Soda week']);
    expect(chips('2026-04-20')).toEqual([]);
    expect(chips('2026-04-16')).toEqual(['promotion: Soda week', 'event: Meeting with buyer']);
    expect(chips('2026-04-25')).toEqual(['delivery: Extra truck · Route 202']);
    expect(within(grid).getByRole('button', { name: 'Route 101 closed · Route 101' })).toHaveAttribute(
      'title',
      'Holiday (no delivery): Route 101 closed · Route 101',
    );
    expect(calendarQueries(calls)).toEqual(['?from=2026-03-30&to=2026-05-10']);
  });

  it('shows a week, and moves to the next one and to the month view', async () => {
    const { calls } = mockApi({ 'GET /admin/calendar': calendarAnswer(ENTRIES) });
    const { user, router } = renderApp('/admin/calender?view=week&date=2026-04-15', { signedInAs: signInData('distributor') });

    const grid = await screen.findByRole('grid', { name: 'Week of 13 Apr 2026' });
    await within(grid).findByRole('gridcell', { name: 'Wednesday 15 April, 2 entries' });
    expect(
      within(grid)
        .getAllByRole('gridcell')
        .map((c) => c.getAttribute('aria-label')),
    ).toEqual([
      'Monday 13 April, 1 entry',
      'Tuesday 14 April, 1 entry',
      'Wednesday 15 April, 2 entries',
      'Thursday 16 April, 2 entries',
      'Friday 17 April, 1 entry',
      'Saturday 18 April, 1 entry',
      'Sunday 19 April, 1 entry',
    ]);
    expect(within(grid).getByText('Wed 15 Apr')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Next week' }));
    const next = await screen.findByRole('grid', { name: 'Week of 20 Apr 2026' });
    await within(next).findByRole('gridcell', { name: 'Saturday 25 April, 1 entry' });
    expect(router.state.location.search).toBe('?view=week&date=2026-04-22');

    await user.click(screen.getByRole('button', { name: 'Month' }));
    await screen.findByRole('grid', { name: 'April 2026' });
    expect(calendarQueries(calls)).toEqual([
      '?from=2026-04-13&to=2026-04-19',
      '?from=2026-04-20&to=2026-04-26',
      '?from=2026-03-30&to=2026-05-10',
    ]);
  });

  it('checks the entry form with the shared schema’s messages, then adds the entry', async () => {
    const { calls } = mockApi({
      'GET /admin/calendar': calendarAnswer(ENTRIES),
      'POST /admin/calendar/entries': ok(moved(2), 'Calendar entry added'),
    });
    const { user } = renderApp('/admin/calender?view=month&date=2026-04-15', { signedInAs: signInData('distributor') });
    // A day opens the form on that day, as a holiday moving deliveries to the day before; so does a click
    // on a timed event's chip, which is not edited here.
    await user.click(await screen.findByText('Meeting with buyer'));

    const form = await screen.findByRole('form', { name: 'Add calendar entry' });
    expect(within(form).getByLabelText(/^Date/)).toHaveValue('2026-04-16');
    expect(within(form).getByRole('combobox', { name: 'Kind' })).toHaveTextContent('Holiday (no delivery)');
    expect(within(form).getByRole('combobox', { name: 'Deliveries and order days on it move to' })).toHaveTextContent(
      'The day before',
    );

    const until = within(form).getByLabelText('Until (optional)');
    await user.type(until, '2026-04-10');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    expect(await within(form).findByText('Enter a title')).toBeInTheDocument();
    expect(within(form).getByText('The end date must be on or after the date')).toBeInTheDocument();

    await user.type(within(form).getByLabelText(/^Title/), 'x'.repeat(121));
    await user.clear(until);
    await user.type(until, '2026-05-17');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    expect(await within(form).findByText('The title can be at most 120 characters')).toBeInTheDocument();
    expect(within(form).getByText('An entry can cover at most 31 days')).toBeInTheDocument();
    expect(calls.some((c) => c.key === 'POST /admin/calendar/entries')).toBe(false);

    await user.clear(within(form).getByLabelText(/^Title/));
    await user.type(within(form).getByLabelText(/^Title/), 'Spring holiday');
    await user.clear(until);
    await user.type(within(form).getByLabelText('Route (empty: every route)'), '101');
    await user.click(within(form).getByRole('combobox', { name: 'Deliveries and order days on it move to' }));
    await user.click(await screen.findByRole('option', { name: 'The day after' }));
    await user.click(screen.getByRole('button', { name: 'Add' }));

    expect(await screen.findByText('Calendar entry added: 2 stores moved to a new order or delivery day')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('form', { name: 'Add calendar entry' })).not.toBeInTheDocument());
    expect(calls.find((c) => c.key === 'POST /admin/calendar/entries')!.body).toEqual({
      kind: 'holiday',
      title: 'Spring holiday',
      description: null,
      date: '2026-04-16',
      endDate: null,
      routeNumber: '101',
      shift: 'after',
    });
    // The calendar is read again with the new entry.
    await waitFor(() => expect(calendarQueries(calls)).toHaveLength(2));
  });

  it('shows the server’s refusal in the form', async () => {
    mockApi({
      'GET /admin/calendar': calendarAnswer([]),
      'POST /admin/calendar/entries': {
        status: 400,
        body: {
          success: false,
          message: 'Validation failed',
          error: { code: 'VALIDATION', fields: { shift: 'Choose whether deliveries move to the day before or the day after' } },
        },
      },
    });
    const { user } = renderApp('/admin/calender?view=month&date=2026-04-15', { signedInAs: signInData('distributor') });
    await user.click(await screen.findByRole('button', { name: 'Add entry' }));
    const form = await screen.findByRole('form', { name: 'Add calendar entry' });
    expect(within(form).getByLabelText(/^Date/)).toHaveValue('2026-04-15');
    await user.type(within(form).getByLabelText(/^Title/), 'Closed');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent(
      'Choose whether deliveries move to the day before or the day after',
    );
  });

  it('asks before deleting an entry, and deletes it only when confirmed', async () => {
    const { calls } = mockApi({
      'GET /admin/calendar': calendarAnswer(ENTRIES),
      'DELETE /admin/calendar/entries/h1': ok(moved(0), 'Calendar entry deleted'),
    });
    const { user } = renderApp('/admin/calender?view=month&date=2026-04-15', { signedInAs: signInData('distributor') });
    await user.click(await screen.findByRole('button', { name: 'Route 101 closed · Route 101' }));

    const form = await screen.findByRole('form', { name: 'Edit calendar entry' });
    expect(within(form).getByLabelText(/^Title/)).toHaveValue('Route 101 closed');
    expect(within(form).getByLabelText('Route (empty: every route)')).toHaveValue('101');
    await user.click(within(form).getByRole('button', { name: 'Delete entry' }));

    let confirm = await screen.findByRole('dialog', { name: 'Delete calendar entry' });
    expect(
      within(confirm).getByText('Delete "Route 101 closed" on 2026-04-15? Stores it moved go back to their usual days.'),
    ).toBeInTheDocument();
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    // Cancel goes back to the form; nothing was deleted.
    await screen.findByRole('form', { name: 'Edit calendar entry' });
    expect(calls.some((c) => c.key.startsWith('DELETE'))).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Delete entry' }));
    confirm = await screen.findByRole('dialog', { name: 'Delete calendar entry' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Calendar entry deleted')).toBeInTheDocument();
    expect(calls.filter((c) => c.key === 'DELETE /admin/calendar/entries/h1')).toHaveLength(1);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Delete calendar entry' })).not.toBeInTheDocument());
  });

  it('offers no add, edit or delete to a Calender viewer', async () => {
    mockApi({ 'GET /admin/calendar': calendarAnswer(ENTRIES) });
    const { user } = renderApp('/admin/calender?view=month&date=2026-04-15', {
      signedInAs: signInData('distributor', {
        rolesPermission: [{ module: 'Calender', view: true, add: false, edit: false, delete: false }],
      }),
    });
    const cell = await screen.findByRole('gridcell', { name: 'Wednesday 15 April, 2 entries' });
    expect(screen.queryByRole('button', { name: 'Add entry' })).not.toBeInTheDocument();
    expect(within(cell).queryByRole('button')).not.toBeInTheDocument();
    await user.click(cell);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

const CUTOFFS: RouteCutoffsResponse = {
  timeZone: 'America/Los_Angeles',
  latePolicy: 'next',
  defaultCutoffTime: '14:00',
  defaultDeliveryOffsetDays: 1,
  routes: [
    {
      routeNumber: '101',
      orderDay: 3,
      orderDayLabel: 'Wednesday',
      cutoffTime: '14:00',
      deliveryOffsetDays: 1,
      configured: false,
      stores: 2,
      nextOrderDate: '2026-04-15',
      nextDeliveryDate: '2026-04-16',
    },
    {
      routeNumber: '202',
      orderDay: 1,
      orderDayLabel: 'Monday',
      cutoffTime: '10:00',
      deliveryOffsetDays: 0,
      configured: true,
      stores: 1,
      nextOrderDate: '2026-04-20',
      nextDeliveryDate: '2026-04-20',
    },
  ],
};

describe('/admin/calender/view', () => {
  beforeAll(async () => {
    await import('./cutoffs-page');
  });

  it('lists each route’s cut-off and saves a change with the shared schema’s checks', async () => {
    let answer = CUTOFFS;
    const { calls } = mockApi({
      'GET /admin/calendar/cutoffs': () => ok(answer),
      'PUT /admin/calendar/cutoffs': (body) => {
        const b = body as { cutoffTime: string; deliveryOffsetDays: number };
        answer = {
          ...CUTOFFS,
          routes: [{ ...CUTOFFS.routes[0]!, ...b, configured: true }, CUTOFFS.routes[1]!],
        };
        return ok(answer, 'Cut-off saved');
      },
    });
    const { user } = renderApp('/admin/calender/view', { signedInAs: signInData('distributor') });

    const table = await screen.findByRole('table', { name: 'Route cut-offs' });
    await within(table).findByText('2:00 PM (default)');
    const rows = within(table).getAllByRole('row');
    expect(
      within(rows[1]!)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['101', 'Wednesday', '2:00 PM (default)', '+1 day', '2', '2026-04-15', '2026-04-16', 'Edit']);
    expect(within(rows[2]!).getAllByRole('cell')[3]).toHaveTextContent('Same day');
    expect(
      screen.getByText(
        'Times in America/Los_Angeles (Settings). Without a cut-off of its own a route uses 2:00 PM, delivery the next day.',
      ),
    ).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Edit cut-off of route 101, Wednesday' }));
    const form = await screen.findByRole('form', { name: 'Route 101, Wednesday' });
    const lead = within(form).getByLabelText('Delivery days after the order day');
    await user.clear(lead);
    await user.type(lead, '9');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText('Delivery can follow the order day by 0 to 6 days')).toBeInTheDocument();
    expect(calls.some((c) => c.key === 'PUT /admin/calendar/cutoffs')).toBe(false);

    await user.clear(lead);
    await user.type(lead, '2');
    const time = within(form).getByLabelText('Cut-off time');
    await user.clear(time);
    await user.type(time, '09:30');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Cut-off saved')).toBeInTheDocument();
    expect(calls.find((c) => c.key === 'PUT /admin/calendar/cutoffs')!.body).toEqual({
      routeNumber: '101',
      orderDay: 3,
      cutoffTime: '09:30',
      deliveryOffsetDays: 2,
    });
    expect(await within(table).findByText('9:30 AM')).toBeInTheDocument();
    expect(within(table).getByText('+2 days')).toBeInTheDocument();
  });

  it('saves the late-orders rule', async () => {
    const { calls } = mockApi({
      'GET /admin/calendar/cutoffs': ok(CUTOFFS),
      'PUT /admin/calendar/late-policy': (body) => ok({ ...CUTOFFS, ...(body as object) }, 'Late-orders rule saved'),
    });
    const { user } = renderApp('/admin/calender/view', { signedInAs: signInData('distributor') });
    const group = await screen.findByRole('radiogroup', { name: 'An order placed after the cut-off' });
    expect(within(group).getByRole('radio', { name: 'Move it to the next delivery day' })).toBeChecked();
    await user.click(within(group).getByRole('radio', { name: 'Hold it in the late-orders queue for approval' }));
    expect(await screen.findByText('Late-orders rule saved')).toBeInTheDocument();
    expect(calls.find((c) => c.key === 'PUT /admin/calendar/late-policy')!.body).toEqual({ latePolicy: 'queue' });
  });
});

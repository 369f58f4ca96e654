import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fail, mockApi, ok, renderApp, signInData } from '../../test/render-app';
import { salesHandlers } from './sales-test-fixtures';

// Wednesday 15 April 2026, midday UTC: the week runs Monday 13 to Sunday 19.
const NOW = new Date('2026-04-15T12:00:00.000Z');

const ENTRIES = [
  {
    id: 'cal-1',
    title: 'Candy aisle reset',
    description: 'Reset the candy and gum planogram.',
    startsAt: '2026-04-15T16:00:00.000Z',
    endsAt: '2026-04-15T17:00:00.000Z',
    allDay: false,
    customer: { id: 'cust-10001', C_Number: '10001', C_CoName: 'Corner Mart #1' },
    salesRep: { id: 'rep-1', S_Desc: 'Maria Lopez' },
  },
  {
    id: 'cal-2',
    title: 'Warehouse inventory count',
    description: 'No will-call pickups.',
    startsAt: '2026-04-16T08:00:00.000Z',
    endsAt: '2026-04-17T07:00:00.000Z',
    allDay: true,
    customer: null,
    salesRep: null,
  },
];

const calendarAnswer = (entries: unknown[]) => ok({ from: 'x', to: 'y', entries, total: entries.length });

function calendarUrls(fetchMock: ReturnType<typeof mockApi>['fetchMock']): string[] {
  return fetchMock.mock.calls
    .map(([input, init]) => new URL(input instanceof Request ? input.url : new Request(String(input), init).url))
    .filter((u) => u.pathname === '/api/sales/calendar')
    .map((u) => u.search);
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
});
afterEach(() => vi.useRealTimers());

describe('sales calender', () => {
  it('shows each day’s calendar entries, then the retailers whose order day it is', async () => {
    const { fetchMock } = mockApi({ ...salesHandlers({ current: null }), 'GET /sales/calendar': calendarAnswer(ENTRIES) });
    renderApp('/sales/calender', { signedInAs: signInData('sales') });

    const wednesday = await screen.findByRole('region', { name: 'Wednesday, April 15' });
    const entries = await within(wednesday).findByRole('list', { name: 'Calendar entries' });
    expect(within(entries).getByText('Candy aisle reset')).toBeInTheDocument();
    expect(within(entries).getByText('4:00 PM – 5:00 PM')).toBeInTheDocument();
    expect(within(entries).getByText('10001 Corner Mart #1')).toBeInTheDocument();
    // The fixtures' order day 3 (Wednesday) retailers, after the entries.
    expect(within(wednesday).getByText('4 retailers order')).toBeInTheDocument();
    const retailer = within(wednesday).getByText('Store 1000 Outlet');
    expect(entries.compareDocumentPosition(retailer) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();

    const thursday = screen.getByRole('region', { name: 'Thursday, April 16' });
    expect(within(thursday).getByText('Warehouse inventory count')).toBeInTheDocument();
    expect(within(thursday).getByText('All day')).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Friday, April 17' })).queryByText('Warehouse inventory count')).toBeNull();
    expect(within(screen.getByRole('region', { name: 'Friday, April 17' })).getByText('Corner Mart #1')).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Sunday, April 19' })).getByText('Nothing scheduled')).toBeInTheDocument();

    expect(screen.getByText('Apr 13 – 19, 2026')).toBeInTheDocument();
    expect(screen.getByText('2 calendar entries this week')).toBeInTheDocument();
    expect(calendarUrls(fetchMock)).toEqual(['?from=2026-04-12&to=2026-04-20']);
  });

  it('moves to the next and previous week, with an empty state for a week without entries', async () => {
    let entries: unknown[] = ENTRIES;
    const { fetchMock } = mockApi({ ...salesHandlers({ current: null }), 'GET /sales/calendar': () => calendarAnswer(entries) });
    const { user, router } = renderApp('/sales/calender', { signedInAs: signInData('sales') });
    await screen.findByText('Candy aisle reset');

    entries = [];
    await user.click(screen.getByRole('button', { name: 'Next week' }));
    expect(await screen.findByText('No calendar entries this week')).toBeInTheDocument();
    expect(screen.getByText('Apr 20 – 26, 2026')).toBeInTheDocument();
    expect(screen.queryByText('Candy aisle reset')).toBeNull();
    expect(screen.getByRole('region', { name: 'Wednesday, April 22' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?week=2026-04-20');
    expect(calendarUrls(fetchMock).at(-1)).toBe('?from=2026-04-19&to=2026-04-27');

    await user.click(screen.getByRole('button', { name: 'This week' }));
    expect(await screen.findByText('Candy aisle reset')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Previous week' }));
    expect(await screen.findByText('Apr 6 – 12, 2026')).toBeInTheDocument();
    await waitFor(() => expect(calendarUrls(fetchMock).at(-1)).toBe('?from=2026-04-05&to=2026-04-13'));
  });

  it('keeps the order days when the entries fail, and Retry loads them', async () => {
    let answer = fail(500, 'Internal server error', 'INTERNAL_ERROR');
    mockApi({ ...salesHandlers({ current: null }), 'GET /sales/calendar': () => answer });
    const { user } = renderApp('/sales/calender', { signedInAs: signInData('sales') });

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Internal server error');
    expect(within(screen.getByRole('region', { name: 'Friday, April 17' })).getByText('Corner Mart #1')).toBeInTheDocument();
    // Not "Nothing scheduled": the entries are unknown.
    expect(screen.queryByText('Nothing scheduled')).toBeNull();
    expect(screen.getByText('Entries not loaded')).toBeInTheDocument();

    answer = calendarAnswer(ENTRIES);
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Candy aisle reset')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows one day in full on calender/view: entries with their description, then its retailers', async () => {
    mockApi({ ...salesHandlers({ current: null }), 'GET /sales/calendar': calendarAnswer(ENTRIES) });
    const { user } = renderApp('/sales/calender/view?date=2026-04-15', { signedInAs: signInData('sales') });

    const list = await screen.findByRole('list', { name: 'Calendar entries on Wednesday, April 15' });
    expect(within(list).getByText('Candy aisle reset')).toBeInTheDocument();
    expect(within(list).getByText('Reset the candy and gum planogram.')).toBeInTheDocument();
    const retailers = screen.getByRole('list', { name: 'Retailers ordering on Wednesday' });
    expect(within(retailers).getAllByRole('listitem')).toHaveLength(4);
    expect(screen.getByText('Wednesday, April 15: 1 entry, 4 retailers')).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Friday, April 17' }));
    expect(await screen.findByText('No calendar entries on Friday, April 17')).toBeInTheDocument();
    expect(
      within(screen.getByRole('list', { name: 'Retailers ordering on Friday' })).getByText('Corner Mart #1'),
    ).toBeInTheDocument();
  });
});

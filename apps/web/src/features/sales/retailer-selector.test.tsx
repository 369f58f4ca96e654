import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mockApi, renderApp, signInData } from '../../test/render-app';
import { salesHandlers } from './sales-test-fixtures';

function setViewport(width: number, height: number) {
  Object.assign(window, { innerWidth: width, innerHeight: height });
}
beforeEach(() => setViewport(1440, 900));
afterEach(() => setViewport(1024, 768));

const selector = () => screen.findByRole('combobox', { name: 'Select Retailer' });

// Full app renders under jsdom are slow on a busy machine.
describe('header retailer selector', () => {
  it('is searchable, with the placeholder, No results found, and exact > prefix > contains ranking', async () => {
    mockApi(salesHandlers({ current: null }));
    const { user } = renderApp('/sales/dashboard', { signedInAs: signInData('sales') });
    const input = await selector();
    expect(input).toHaveAttribute('placeholder', 'Select Retailer');

    await user.click(input);
    await user.type(input, 'zzz');
    expect(await screen.findByText('No results found')).toBeInTheDocument();

    await user.clear(input);
    await user.type(input, '1000');
    const listbox = await screen.findByRole('listbox');
    const labels = within(listbox)
      .getAllByRole('option')
      .map((o) => o.firstChild?.textContent);
    expect(labels).toEqual([
      '1000 - Exact Foods',
      '10002 - Sunrise Liquor & Deli',
      '10001 - Corner Mart #1',
      '30003 - Store 1000 Outlet',
    ]);

    // Case-insensitive on the label too.
    await user.clear(input);
    await user.type(input, 'SUNRISE');
    expect(
      within(await screen.findByRole('listbox'))
        .getAllByRole('option')
        .map((o) => o.firstChild?.textContent),
    ).toEqual(['10002 - Sunrise Liquor & Deli']);
  });

  it('picking a retailer sets the working customer and shows its store details in the strip', async () => {
    const { calls } = mockApi(salesHandlers({ current: null }));
    const { user, store } = renderApp('/sales/dashboard', { signedInAs: signInData('sales') });
    expect(await screen.findByText('Select a retailer to continue')).toBeInTheDocument();
    const input = await selector();
    await user.click(input);
    await user.type(input, '10001');
    await user.click(await screen.findByRole('option', { name: /10001 - Corner Mart #1/ }));

    await waitFor(() => expect(store.getState().auth.selectedCustomer?.C_Number).toBe('10001'));
    expect(calls.map((c) => c.key)).toContain('POST /sales/setSalesSession/cust-10001');
    expect(calls.map((c) => c.key)).toContain('GET /sales/storeDetails/10001');
    expect(input).toHaveValue('10001 - Corner Mart #1');
    const strip = screen.getByTestId('info-strip');
    expect(within(strip).getByText('Corner Mart #1')).toBeInTheDocument();
    expect(within(strip).getByText('$1,250.50')).toBeInTheDocument();
    // The dashboard now works for that customer: its cart and shelves carry x-customer-id.
    await waitFor(() => expect(calls.some((c) => c.key === 'GET /sales/cartItem/cust-10001')).toBe(true));
    const shelf = calls.find((c) => c.key === 'GET /dashboard/newItem')!;
    expect(shelf.headers.get('x-customer-id')).toBe('cust-10001');
    expect(await screen.findByText('Ordering for Corner Mart #1 · #10001')).toBeInTheDocument();
  });

  it('on load selects the working customer saved on the server session', async () => {
    const { calls } = mockApi(salesHandlers({ current: '10002' }));
    const { store } = renderApp('/sales/dashboard', { signedInAs: signInData('sales') });
    await waitFor(() => expect(store.getState().auth.selectedCustomer?.id).toBe('cust-10002'));
    expect(await selector()).toHaveValue('10002 - Sunrise Liquor & Deli');
    // Already the working customer: no need to set it again.
    expect(calls.map((c) => c.key)).not.toContain('POST /sales/setSalesSession/cust-10002');
  });

  it('is not shown to retailers', async () => {
    mockApi({});
    renderApp('/retailer/policies', { signedInAs: signInData('retailer') });
    await screen.findByRole('heading', { name: 'Policies' });
    expect(screen.queryByRole('combobox', { name: 'Select Retailer' })).not.toBeInTheDocument();
  });
});

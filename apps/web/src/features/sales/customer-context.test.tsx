import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi, ok, renderApp, signInData } from '../../test/render-app';
import { cartApi } from '../cart/cart.api';
import { pageReload } from './use-customer-context-confirm';
import { byNumber, EMPTY_CART, salesHandlers } from './sales-test-fixtures';

function setViewport(width: number, height: number) {
  Object.assign(window, { innerWidth: width, innerHeight: height });
}
beforeEach(() => setViewport(1440, 900));
afterEach(() => setViewport(1024, 768));

const conflict = (currentCustomer: string) => ({
  status: 409,
  body: {
    success: false,
    message: 'Customer context changed. Please refresh.',
    error: { code: 'CUSTOMER_CONTEXT_CHANGED' },
    data: { currentCustomerId: byNumber(currentCustomer).id, currentCustomerNumber: currentCustomer },
  },
});

const LINE = {
  Description: 'Cola 12oz',
  Product: { id: 'prod-1', Qty: 2, TotalPrice: '3.00' },
  price: 1.5,
  priceWithTax: 1.62,
  hasProductLimit: false,
  productLimit: null,
  itemNumber: 'C-100',
  upc: null,
  pack: 12,
  uom: 'CS',
  image: '/images/product-placeholder.svg',
  crv: 0,
  allowToOrder: true,
  stockLabel: 'In Stock',
  problems: [],
};

// Full app renders under jsdom are slow on a busy machine.
describe('customer context changed (409)', () => {
  it('opens the popup; OK makes the server’s customer the working one and lands on /sales/dashboard', async () => {
    // Another device of the rep switched to 10002 after this one selected 10001.
    const server = { current: '10001' };
    const handlers = salesHandlers(server);
    const cart = {
      ...EMPTY_CART,
      finalCartItems: [LINE],
      count: 1,
      totalItems: 2,
      totalAmount: 3,
      totalAmountWithTax: 3.24,
      grandTotal: 3.24,
    };
    handlers['GET /sales/cartItem/cust-10001'] = ok(cart);
    handlers['DELETE /sales/cartItem/prod-1'] = () => {
      server.current = '10002';
      return conflict('10002');
    };
    const { calls } = mockApi(handlers);
    const { user, store, router } = renderApp('/sales/cart', { signedInAs: signInData('sales') });
    await waitFor(() => expect(store.getState().auth.selectedCustomer?.id).toBe('cust-10001'));

    await user.click(await screen.findByRole('button', { name: 'Remove Cola 12oz' }));
    const dialog = await screen.findByRole('dialog', { name: 'Customer Context Changed' });
    expect(within(dialog).getByText('Customer context changed. Please refresh.')).toBeInTheDocument();
    expect(store.getState().popup).toMatchObject({ isOpen: true, customerId: 'cust-10002' });
    // The popup says it: the failed removal does not repeat it in a toast.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(screen.getAllByText('Customer context changed. Please refresh.')).toHaveLength(1);
    const removal = calls.find((c) => c.key === 'DELETE /sales/cartItem/prod-1')!;
    expect(removal.headers.get('x-customer-id')).toBe('cust-10001');
    expect(removal.headers.get('x-customer-number')).toBe('10001');

    const listCallsBefore = calls.filter((c) => c.key === 'GET /sales/customerList').length;
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/sales/dashboard'));
    expect(calls.map((c) => c.key)).toContain('POST /sales/setSalesSession/cust-10002');
    expect(calls.filter((c) => c.key === 'GET /sales/customerList').length).toBeGreaterThan(listCallsBefore);
    expect(store.getState().auth.selectedCustomer).toMatchObject({ id: 'cust-10002', C_Number: '10002' });
    expect(screen.queryByRole('dialog', { name: 'Customer Context Changed' })).not.toBeInTheDocument();
    expect(await screen.findByRole('combobox', { name: 'Select Retailer' })).toHaveValue('10002 - Sunrise Liquor & Deli');
    expect(await screen.findByText('Ordering for Sunrise Liquor & Deli · #10002')).toBeInTheDocument();
  });

  it('waits 100 ms before navigating, and reloads when already on the dashboard', async () => {
    const server = { current: '10001' };
    const handlers = salesHandlers(server);
    handlers['GET /dashboard/topProductForSales'] = () =>
      server.current === '10001' ? conflict('10002') : ok({ finalProductList: [], total: 0, page: 1, limit: 20 });
    mockApi(handlers);
    let reloadedAt = 0;
    const reload = vi.spyOn(pageReload, 'reload').mockImplementation(() => {
      reloadedAt = Date.now();
    });
    const { user, store, router } = renderApp('/sales/dashboard', { signedInAs: signInData('sales') });
    const dialog = await screen.findByRole('dialog', { name: 'Customer Context Changed' });
    const confirmedAt = Date.now();
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    expect(reloadedAt - confirmedAt).toBeGreaterThanOrEqual(100);
    expect(store.getState().auth.selectedCustomer?.id).toBe('cust-10002');
    expect(router.state.location.pathname).toBe('/sales/dashboard');
    reload.mockRestore();
  });

  it('a sales cart action without a selected customer fails with Customer ID not found, sending nothing', async () => {
    const { calls } = mockApi(salesHandlers({ current: null }));
    const { store } = renderApp('/sales/dashboard', { signedInAs: signInData('sales') });
    await screen.findByText('Select a retailer to continue');
    await act(async () => {
      await store.dispatch(cartApi.endpoints.addToCart.initiate({ productId: 'prod-1', quantity: 1 }));
    });
    expect(await screen.findByText('Customer ID not found')).toBeInTheDocument();
    expect(calls.some((c) => c.key.includes('addToCart') || c.key.includes('/cart'))).toBe(false);
  });

  it('a 409 for a retailer does not open the customer popup', async () => {
    mockApi({ 'GET /retailer/cart/items': conflict('10002') });
    const { store } = renderApp('/retailer/cart', { signedInAs: signInData('retailer') });
    await waitFor(() => expect(store.getState().cart.error).not.toBeNull());
    expect(store.getState().popup.isOpen).toBe(false);
  });
});

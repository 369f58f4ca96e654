import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CartPage } from './cart-page';
import { cartLine, cartSummary, fail, ok, renderScreen, stubApi } from './cart-test-utils';
import { QuantityControl } from '../../components/product/quantity-control';

afterEach(() => vi.unstubAllGlobals());

const placed = {
  orderNumber: '100123',
  orderId: 'o1',
  status: 'placed',
  createdAt: '2026-03-02T10:00:00.000Z',
  itemCount: 1,
  totalQuantity: 5,
  subtotal: 61.7,
  tax: 0,
  crv: 0,
  deliveryCharge: 0,
  total: 61.7,
  replayed: false,
};

describe('cart page', () => {
  it('shows lines and the totals with and without tax, CRV and delivery charge', async () => {
    const cart = cartSummary([cartLine('a', 3, 4.5)], {
      totalTax: 1.11,
      totalAmountWithTax: 14.61,
      totalCrv: 0.3,
      deliveryCharge: 7.5,
      grandTotal: 22.41,
    });
    stubApi(({ path }) =>
      path === '/api/retailer/cart/items'
        ? ok(cart)
        : path === '/api/retailer/deliveryCharge'
          ? ok({ mode: 'flat', flat: 7.5, tiers: [], freeOver: 100, deliveryCharge: 7.5, cartSubtotal: 13.5 })
          : undefined,
    );
    renderScreen(<CartPage />);
    const summary = await screen.findByLabelText('Order summary');
    expect(within(summary).getByText('Items (3)').nextSibling).toHaveTextContent('$13.50');
    expect(within(summary).getByText('Tax').nextSibling).toHaveTextContent('$1.11');
    expect(within(summary).getByText('Total with tax').nextSibling).toHaveTextContent('$14.61');
    expect(within(summary).getByText('CRV').nextSibling).toHaveTextContent('$0.30');
    expect(within(summary).getByText('Delivery charge').nextSibling).toHaveTextContent('$7.50');
    expect(within(summary).getByText('Order total').nextSibling).toHaveTextContent('$22.41');
    expect(await within(summary).findByText('Add $86.50 more for free delivery')).toBeInTheDocument();
    expect(screen.getByLabelText('Line total Product a')).toHaveTextContent('$13.50');
  });

  it('below the minimum it refuses to order with the spec message and never calls placeOrder', async () => {
    const { calls } = stubApi(({ path }) =>
      path === '/api/retailer/cart/items'
        ? ok(cartSummary([cartLine('a', 2, 6.17)], { userLimitMinOrderAmount: 50 }))
        : path === '/api/retailer/deliveryCharge'
          ? ok(null)
          : undefined,
    );
    renderScreen(<CartPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Place order' }));
    const msg =
      'Minimum order amount is $50.00. Your current total is $12.34. Please add more items to meet the minimum requirement.';
    expect(await screen.findByRole('alert')).toHaveTextContent(msg);
    expect(calls.some((c) => c.path === '/api/retailer/placeOrder')).toBe(false);
  });

  it('places the order with is-web-order and an Idempotency-Key, and shows the order number', async () => {
    let cart = cartSummary([cartLine('a', 5, 12.34)], { userLimitMinOrderAmount: 50 });
    const { calls } = stubApi(({ path, method }) => {
      if (path === '/api/retailer/cart/items') return ok(cart);
      if (path === '/api/retailer/deliveryCharge') return ok(null);
      if (path === '/api/retailer/placeOrder' && method === 'POST') {
        cart = cartSummary([]);
        return ok(placed);
      }
      return undefined;
    });
    renderScreen(<CartPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Place order' }));
    expect(await screen.findByTestId('order-number')).toHaveTextContent('100123');
    const call = calls.find((c) => c.path === '/api/retailer/placeOrder')!;
    expect(call.headers.get('is-web-order')).toBe('true');
    expect(call.headers.get('idempotency-key')).toMatch(/^[0-9a-f-]{36}$/);
    // The cart is fetched again and is now empty.
    expect(await screen.findByText('Your cart is empty')).toBeInTheDocument();
  });

  it('after a lost answer, trying again sends the same Idempotency-Key; after a refusal, a new one', async () => {
    const answers = [
      { status: 503, body: { success: false, message: 'Service unavailable' } },
      fail(400, 'Your cart is empty. Please add items before proceeding.'),
      ok(placed),
    ];
    const { calls } = stubApi(({ path }) => {
      if (path === '/api/retailer/cart/items') return ok(cartSummary([cartLine('a', 5, 12.34)]));
      if (path === '/api/retailer/deliveryCharge') return ok(null);
      if (path === '/api/retailer/placeOrder') return answers.shift();
      return undefined;
    });
    renderScreen(<CartPage />);
    const button = await screen.findByRole('button', { name: 'Place order' });
    await userEvent.click(button);
    expect(await screen.findByText('Service unavailable', { selector: '.MuiAlert-message' })).toBeInTheDocument();
    await userEvent.click(button);
    expect(
      await screen.findByText('Your cart is empty. Please add items before proceeding.', { selector: '.MuiAlert-message' }),
    ).toBeInTheDocument();
    await userEvent.click(button);
    await screen.findByTestId('order-number');
    const keys = calls.filter((c) => c.path === '/api/retailer/placeOrder').map((c) => c.headers.get('idempotency-key'));
    expect(keys).toHaveLength(3);
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).not.toBe(keys[1]);
  });
});

describe('quantity stepper and the product limit (spec §5)', () => {
  const product = { productId: 'p1', itemNumber: '500620', hasProductLimit: true, productLimit: 3, allowToOrder: true };

  it('Add puts 1 in the cart when the product is not there yet', async () => {
    const { calls } = stubApi(({ path }) =>
      path === '/api/retailer/cart/items'
        ? ok(cartSummary([]))
        : path === '/api/retailer/cart/add'
          ? ok(cartSummary([cartLine('p1', 1, 2)]))
          : undefined,
    );
    renderScreen(<QuantityControl product={product} label="Bar" />);
    await userEvent.click(screen.getByRole('button', { name: 'Add Bar to cart' }));
    await waitFor(() =>
      expect(calls.find((c) => c.path === '/api/retailer/cart/add')?.body).toEqual({ productId: 'p1', quantity: 1 }),
    );
    expect(await screen.findByLabelText('Quantity of Bar')).toHaveValue('1');
  });

  it('an add tests existing plus added quantity', async () => {
    const inCart = cartSummary([{ ...cartLine('p1', 3, 2), itemNumber: '500620', hasProductLimit: true, productLimit: 3 }]);
    const { calls } = stubApi(({ path }) => (path === '/api/retailer/cart/items' ? ok(inCart) : undefined));
    const { store } = renderScreen(<QuantityControl product={product} label="Bar" />);
    store.dispatch({ type: 'cart/setItems', payload: inCart.finalCartItems });
    await userEvent.click(await screen.findByRole('button', { name: 'Increase Bar' }));
    expect(
      await screen.findByText('Maximum quantity limit for 500620 is 3. You cannot add more than 3 items.'),
    ).toBeInTheDocument();
    await new Promise((r) => setTimeout(r, 500));
    expect(calls.filter((c) => c.method !== 'GET')).toEqual([]);
    expect(screen.getByLabelText('Quantity of Bar')).toHaveValue('3');
  });

  it('a typed quantity over the limit is refused and the field shows the cart quantity again while still focused', async () => {
    const inCart = cartSummary([{ ...cartLine('p1', 1, 2), itemNumber: '500620', hasProductLimit: true, productLimit: 3 }]);
    const { calls } = stubApi(({ path }) => (path === '/api/retailer/cart/items' ? ok(inCart) : undefined));
    const { store } = renderScreen(<QuantityControl product={product} label="Bar" />);
    store.dispatch({ type: 'cart/setItems', payload: inCart.finalCartItems });
    const field = await screen.findByLabelText('Quantity of Bar');
    await userEvent.clear(field);
    await userEvent.type(field, '4');
    expect(
      await screen.findByText('Maximum quantity limit for 500620 is 3. You cannot add more than 3 items.'),
    ).toBeInTheDocument();
    await waitFor(() => expect(field).toHaveValue('1'));
    expect(field).toHaveFocus();
    expect(calls.filter((c) => c.method !== 'GET')).toEqual([]);
  });
});

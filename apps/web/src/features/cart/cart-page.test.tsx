import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { cartProblemsMessage } from '@portal/shared/cart/cart-rules';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CartPage } from './cart-page';
import { cartLine, cartSummary, fail, ok, renderScreen, stubApi } from './cart-test-utils';
import { QuantityControl } from '../../components/product/quantity-control';
// The cart's MUI parts are a lazy chunk: loaded up front so that transforming MUI is not part of a
// test's timing.
import './cart-parts';

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
    expect(within(summary).getByText('Subtotal (1 line · 3 units)').nextSibling).toHaveTextContent('$13.50');
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
    // Counts say what they count (issue 13 §3).
    expect(screen.getByText('1 line · 5 units · $61.70')).toBeInTheDocument();
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

describe('cart problems (issue 13 §1)', () => {
  const short = {
    code: 'INSUFFICIENT_STOCK' as const,
    message: 'Only 3 left in stock.',
    fix: 'reduce' as const,
    fixQuantity: 3,
  };
  const gone = { code: 'OUT_OF_STOCK' as const, message: 'Out of stock.', fix: 'remove' as const, fixQuantity: null };
  const lineA = () => ({ ...cartLine('a', 5, 10), problems: [short] });
  const lineB = () => ({ ...cartLine('b', 2, 10), problems: [gone] });
  const lineC = () => cartLine('c', 1, 10);

  it('marks each problem line with its message and fixes it in one click', async () => {
    let items = [lineA(), lineB(), lineC()];
    const answer = () => ok(cartSummary(items));
    const { calls } = stubApi(({ path, method, body }) => {
      if (path === '/api/retailer/cart/items') return answer();
      if (path === '/api/retailer/deliveryCharge') return ok(null);
      if (path === '/api/retailer/cart/items/a' && method === 'PUT') {
        items = items.map((i) => (i.Product.id === 'a' ? cartLine('a', (body as { quantity: number }).quantity, 10) : i));
        return answer();
      }
      if (path === '/api/retailer/cart/items/b' && method === 'DELETE') {
        items = items.filter((i) => i.Product.id !== 'b');
        return answer();
      }
      return undefined;
    });
    renderScreen(<CartPage />);
    const a = await screen.findByRole('listitem', { name: 'Product a' });
    const b = screen.getByRole('listitem', { name: 'Product b' });
    const c = screen.getByRole('listitem', { name: 'Product c' });
    // A line's problem and the summary's alert are MUI parts that load when first shown.
    expect(await within(a).findByTestId('line-problem')).toHaveTextContent('Only 3 left in stock.');
    expect(within(b).getByTestId('line-problem')).toHaveTextContent('Out of stock.');
    expect(within(c).queryByTestId('line-problem')).toBeNull();
    // The summary above Place order counts the lines that need attention.
    const summary = screen.getByLabelText('Order summary');
    expect(await within(summary).findByText(cartProblemsMessage(2))).toBeInTheDocument();

    await userEvent.click(within(a).getByRole('button', { name: 'Reduce to 3' }));
    await waitFor(() => expect(within(a).queryByTestId('line-problem')).toBeNull());
    expect(calls.find((x) => x.method === 'PUT')?.body).toEqual({ quantity: 3 });
    expect(within(a).getByLabelText('Quantity of Product a')).toHaveValue('3');
    expect(within(summary).getByText('1 item in your cart needs attention. Please fix the marked line.')).toBeInTheDocument();

    await userEvent.click(within(b).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(screen.queryByRole('listitem', { name: 'Product b' })).toBeNull());
    expect(within(summary).queryByText(/need(s)? attention/)).toBeNull();
  });

  it('a discounted line shows the list price struck and the percent off, as the catalogue card does', async () => {
    const cart = cartSummary([{ ...cartLine('a', 2, 21.08), listPrice: 24.8, discountPercent: 15 }, cartLine('b', 1, 5)]);
    stubApi(({ path }) =>
      path === '/api/retailer/cart/items' ? ok(cart) : path === '/api/retailer/deliveryCharge' ? ok(null) : undefined,
    );
    renderScreen(<CartPage />);
    const a = await screen.findByRole('listitem', { name: 'Product a' });
    const unit = within(a).getByLabelText('Unit price Product a');
    expect(unit).toHaveTextContent('$21.08 each$24.8015% off· $21.08 with tax');
    expect(within(unit).getByText('$24.80')).toHaveStyle({ textDecoration: 'line-through' });
    const b = screen.getByRole('listitem', { name: 'Product b' });
    expect(within(b).getByLabelText('Unit price Product b')).toHaveTextContent('$5.00 each· $5.00 with tax');
    expect(within(b).queryByText(/% off/)).toBeNull();
  });

  it('a line no longer available to order is marked "Not in total" and the summary says it is left out', async () => {
    const retired = {
      ...cartLine('b', 2, 10),
      allowToOrder: false,
      problems: [
        { code: 'NOT_ORDERABLE' as const, message: 'No longer available to order.', fix: 'remove' as const, fixQuantity: null },
      ],
    };
    // The server's totals count only the orderable line: 3 × 4.50.
    const cart = cartSummary([cartLine('a', 3, 4.5), retired], {
      totalItems: 3,
      totalAmount: 13.5,
      totalAmountWithTax: 13.5,
      grandTotal: 13.5,
    });
    stubApi(({ path }) =>
      path === '/api/retailer/cart/items' ? ok(cart) : path === '/api/retailer/deliveryCharge' ? ok(null) : undefined,
    );
    renderScreen(<CartPage />);
    const b = await screen.findByRole('listitem', { name: 'Product b' });
    expect(within(b).getByTestId('line-problem')).toHaveTextContent('No longer available to order.');
    expect(within(b).getByLabelText('Line total Product b')).toHaveTextContent('$20.00Not in total');
    const a = screen.getByRole('listitem', { name: 'Product a' });
    expect(within(a).getByLabelText('Line total Product a')).toHaveTextContent('$13.50');
    expect(within(a).queryByText('Not in total')).toBeNull();

    const summary = screen.getByLabelText('Order summary');
    expect(within(summary).getByText('Subtotal (1 line · 3 units)')).toBeInTheDocument();
    expect(within(summary).getByText('Order total').nextSibling).toHaveTextContent('$13.50');
    expect(within(summary).getByText('1 item no longer available to order is not included in the totals.')).toBeInTheDocument();
    expect(within(summary).getByText(cartProblemsMessage(1))).toBeInTheDocument();
  });

  it('a Place order refused with CART_PROBLEMS marks every listed line in one alert, without a toast', async () => {
    const message = cartProblemsMessage(2);
    stubApi(({ path }) => {
      if (path === '/api/retailer/cart/items') return ok(cartSummary([cartLine('a', 5, 10), cartLine('b', 2, 10)]));
      if (path === '/api/retailer/deliveryCharge') return ok(null);
      if (path === '/api/retailer/placeOrder')
        return {
          status: 409,
          body: {
            success: false,
            message,
            error: { code: 'CART_PROBLEMS' },
            data: {
              problems: [
                { productId: 'a', itemNumber: 'IT-a', description: 'Product a', ...short },
                { productId: 'b', itemNumber: 'IT-b', description: 'Product b', ...gone },
              ],
            },
          },
        };
      return undefined;
    });
    renderScreen(<CartPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Place order' }));
    const alert = await screen.findByRole('alert', { name: 'Lines that need attention' });
    expect(alert).toHaveTextContent(message);
    expect(alert).toHaveTextContent('Product a: Only 3 left in stock.');
    expect(alert).toHaveTextContent('Product b: Out of stock.');
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    const a = screen.getByRole('listitem', { name: 'Product a' });
    expect(within(a).getByRole('button', { name: 'Reduce to 3' })).toBeInTheDocument();
    expect(
      within(screen.getByRole('listitem', { name: 'Product b' })).getByRole('button', { name: 'Remove' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('status')).toBeNull();
  });
});

describe('minimum order alert (issue 13 §2)', () => {
  it('follows the cart: updates when the total changes and goes once the total passes the minimum', async () => {
    let qty = 2;
    const { calls } = stubApi(({ path, method, body }) => {
      if (path === '/api/retailer/cart/items' && method === 'GET')
        return ok(cartSummary([cartLine('a', qty, 6.17)], { userLimitMinOrderAmount: 50 }));
      if (path === '/api/retailer/deliveryCharge') return ok(null);
      if (path === '/api/retailer/cart/items/a' && method === 'PUT') {
        qty = (body as { quantity: number }).quantity;
        return ok(cartSummary([cartLine('a', qty, 6.17)], { userLimitMinOrderAmount: 50 }));
      }
      return undefined;
    });
    renderScreen(<CartPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Place order' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Your current total is $12.34.');
    expect(screen.queryByRole('status')).toBeNull();

    const field = screen.getByLabelText('Quantity of Product a');
    await userEvent.clear(field);
    await userEvent.type(field, '3');
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Your current total is $18.51.'));

    await userEvent.clear(field);
    await userEvent.type(field, '9');
    await waitFor(() => expect(calls.filter((c) => c.method === 'PUT').at(-1)?.body).toEqual({ quantity: 9 }));
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
    expect(calls.some((c) => c.path === '/api/retailer/placeOrder')).toBe(false);
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

  it('at the limit + is disabled and nothing is sent', async () => {
    const inCart = cartSummary([{ ...cartLine('p1', 3, 2), itemNumber: '500620', hasProductLimit: true, productLimit: 3 }]);
    const { calls } = stubApi(({ path }) => (path === '/api/retailer/cart/items' ? ok(inCart) : undefined));
    const { store } = renderScreen(<QuantityControl product={product} label="Bar" />);
    store.dispatch({ type: 'cart/setItems', payload: inCart.finalCartItems });
    expect(await screen.findByRole('button', { name: 'Increase Bar' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Decrease Bar' })).toBeEnabled();
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

// Credit control in the cart (issue 18 §1): balance, exposure and limit under the totals, the warn and
// hold warnings, and the confirmation of an order placed on hold.
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CreditStatus } from '@portal/shared/credit/credit.schemas';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CartPage } from './cart-page';
import { ORDER_HELD_TITLE } from './cart-parts';
import { cartLine, cartSummary, ok, renderScreen, stubApi } from './cart-test-utils';
// The cart's MUI parts are a lazy chunk: loaded up front so that transforming MUI is not part of a
// test's timing.
import './cart-parts';

afterEach(() => vi.unstubAllGlobals());

const status = (over: Partial<CreditStatus> = {}): CreditStatus => ({
  balance: 1250.5,
  openOrders: 0,
  cart: 67.3,
  exposure: 1317.8,
  limit: 1500,
  policy: 'warn',
  over: false,
  action: 'none',
  message: null,
  ...over,
});

function stub(credit: CreditStatus, placed?: unknown) {
  return stubApi(({ path, method }) => {
    if (path === '/api/retailer/cart/items') return ok(cartSummary([cartLine('a', 6, 9.5)], { grandTotal: 67.3 }));
    if (path === '/api/retailer/deliveryCharge') return ok(null);
    if (path === '/api/retailer/creditStatus') return ok(credit);
    if (path === '/api/retailer/placeOrder' && method === 'POST' && placed) return ok(placed);
    return undefined;
  });
}

describe('cart credit', () => {
  it('shows balance, this cart, exposure and the credit limit, with no warning under the limit', async () => {
    stub(status());
    renderScreen(<CartPage />);
    const credit = await screen.findByLabelText('Credit');
    expect(within(credit).getByTestId('credit-balance')).toHaveTextContent('$1,250.50');
    expect(within(credit).getByText('This cart').nextSibling).toHaveTextContent('$67.30');
    expect(within(credit).getByTestId('credit-exposure')).toHaveTextContent('$1,317.80');
    expect(within(credit).getByTestId('credit-limit')).toHaveTextContent('$1,500.00');
    expect(within(credit).queryByTestId('credit-warning')).toBeNull();
  });

  it('over the limit with warn: the warning, and Place order stays available', async () => {
    const message = 'This order takes your account to $1,317.80, over your credit limit of $1,000.00. You can still place it.';
    stub(status({ limit: 1000, over: true, action: 'warn', message }));
    renderScreen(<CartPage />);
    expect(await screen.findByTestId('credit-warning')).toHaveTextContent(message);
    expect(screen.getByRole('button', { name: 'Place order' })).toBeEnabled();
  });

  it('over the limit with hold: warns it will be held, and the confirmation says the order is on hold', async () => {
    const message =
      'This order takes your account to $1,317.80, over your credit limit of $1,000.00. It will be placed on hold until your distributor reviews it.';
    stub(status({ limit: 1000, policy: 'hold', over: true, action: 'hold', message }), {
      orderNumber: '100123',
      orderId: 'o1',
      status: 'on_hold',
      createdAt: '2026-03-02T10:00:00.000Z',
      itemCount: 1,
      totalQuantity: 6,
      subtotal: 57,
      tax: 4.7,
      crv: 0.6,
      deliveryCharge: 5,
      total: 67.3,
      replayed: false,
    });
    renderScreen(<CartPage />);
    expect(await screen.findByTestId('credit-warning')).toHaveTextContent(message);
    await userEvent.click(screen.getByRole('button', { name: 'Place order' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(ORDER_HELD_TITLE)).toBeInTheDocument();
    expect(within(dialog).getByTestId('order-held')).toHaveTextContent(
      'Order 100123 is on hold: it takes your account over your credit limit. Your distributor will review it before it is processed.',
    );
  });

  it('no limit reads None', async () => {
    stub(status({ limit: null, policy: 'none' }));
    renderScreen(<CartPage />);
    expect(await screen.findByTestId('credit-limit')).toHaveTextContent('None');
  });
});

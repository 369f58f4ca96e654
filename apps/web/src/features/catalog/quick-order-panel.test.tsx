// Quick order's result (issue 13): one line of counts, not a wall of text; the problems behind a
// toggle when there are more than three.
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { describe, expect, it } from 'vitest';
import { createAppStore } from '../../app/store';
import { mockApi, ok } from '../../test/render-app';
import { QuickOrderPanel } from './quick-order-panel';

const CART_AFTER_ADD = {
  finalCartItems: [{ Product: { id: 'p-cola', Qty: 2 } }],
  count: 1,
  totalItems: 2,
  totalAmount: 20,
  totalAmountWithTax: 20,
  totalTax: 0,
  totalCrv: 0,
  deliveryCharge: 0,
  userItemLimitQty: null,
  userLimitMinOrderAmount: null,
};

const COLA = {
  id: 'p-cola',
  Item_Number: 'BEV-100',
  Description: 'Cola 12oz Can 24pk',
  UPCList: [{ UPC_Number: '012345678905' }],
  allowToOrder: true,
  hasProductLimit: false,
  productLimit: null,
};

describe('quick order result', () => {
  it('1 found and 5 missing codes: `1 added · 5 not found`, the five problems on demand', async () => {
    mockApi({
      'POST /retailer/getInventory': (body) => {
        const list = (body as { search: string }).search === 'BEV-100' ? [COLA] : [];
        return ok({ finalProductList: list, total: list.length, page: 1, limit: 5 });
      },
      'POST /retailer/cart/add': ok(CART_AFTER_ADD),
    });
    const { store } = createAppStore({ persist: false });
    render(
      <Provider store={store}>
        <QuickOrderPanel />
      </Provider>,
    );
    const user = userEvent.setup();
    await user.type(
      screen.getByLabelText('Item number or UPC'),
      'BEV-100 2{Shift>}{Enter}{/Shift}NOPE-1 NOPE-2 NOPE-3 NOPE-4 NOPE-5',
    );
    await user.click(screen.getByRole('button', { name: 'Add to cart' }));
    expect(await screen.findByTestId('quick-order-summary')).toHaveTextContent(/^1 added · 5 not found$/);
    expect(screen.getByText('Added: Cola 12oz Can 24pk × 2')).toBeInTheDocument();
    const toggle = screen.getByRole('button', { name: 'Show problems (5)' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    const list = screen.getByRole('list', { name: 'Quick order problems' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'No product found for NOPE-1',
      'No product found for NOPE-2',
      'No product found for NOPE-3',
      'No product found for NOPE-4',
      'No product found for NOPE-5',
    ]);
    expect(screen.getByRole('button', { name: 'Hide problems' })).toHaveAttribute('aria-expanded', 'true');
  });
});

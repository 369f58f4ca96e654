import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CartIcon } from './cart-icon';
import { cartLine as line, cartSummary as summary, makeTestStore, ok, renderScreen, stubApi } from './cart-test-utils';

const lines = (n: number) => Array.from({ length: n }, (_, i) => line(`p${i}`, 1, 1));

afterEach(() => vi.unstubAllGlobals());

describe('header cart icon', () => {
  it.each([
    [0, null],
    [1, '1'],
    [99, '99'],
    [100, '99+'],
    [250, '99+'],
  ])('with %i lines in the cart the badge reads %s', async (n, text) => {
    stubApi(({ path }) => (path === '/api/retailer/cart/items' ? ok(summary(lines(n))) : undefined));
    renderScreen(<CartIcon />);
    const button = await screen.findByRole('button', { name: new RegExp(`^Cart, ${(text ?? '0').replace('+', '\\+')} item`) });
    if (text) await waitFor(() => expect(button).toHaveTextContent(text));
    else expect(button.querySelector('.ui-badge__count--hidden')).not.toBeNull();
  });

  it('is not shown to a distributor', () => {
    stubApi(() => undefined);
    renderScreen(<CartIcon />, { store: makeTestStore({ auth: { role: 'distributor' } }) });
    expect(screen.queryByRole('button', { name: /^Cart/ })).toBeNull();
  });
});

describe('cart-open check (spec §4) with the spec §5 messages', () => {
  const routes = { '/retailer/cart': <p>CART PAGE</p> };

  it('an empty cart stays where it is and says why', async () => {
    stubApi(({ path }) => (path === '/api/retailer/cart/items' ? ok(summary([])) : undefined));
    renderScreen(<CartIcon />, { routes });
    await userEvent.click(await screen.findByRole('button', { name: /^Cart/ }));
    expect(await screen.findByText('Your cart is empty. Please add items before proceeding.')).toBeInTheDocument();
    expect(screen.queryByText('CART PAGE')).toBeNull();
  });

  it('below the minimum order amount it stays and gives the amounts with 2 decimals', async () => {
    stubApi(({ path }) =>
      path === '/api/retailer/cart/items' ? ok(summary([line('a', 2, 6.17)], { userLimitMinOrderAmount: 50 })) : undefined,
    );
    renderScreen(<CartIcon />, { routes });
    const button = await screen.findByRole('button', { name: /^Cart, 1 item/ });
    await userEvent.click(button);
    expect(
      await screen.findByText(
        'Minimum order amount is $50.00. Your current total is $12.34. Please add more items to meet the minimum requirement.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText('CART PAGE')).toBeNull();
  });

  it('a minimum of 0 or null is not enforced, and a cart that passes opens the cart', async () => {
    stubApi(({ path }) =>
      path === '/api/retailer/cart/items' ? ok(summary([line('a', 1, 1)], { userLimitMinOrderAmount: 0 })) : undefined,
    );
    renderScreen(<CartIcon />, { routes });
    await userEvent.click(await screen.findByRole('button', { name: /^Cart, 1 item/ }));
    expect(await screen.findByText('CART PAGE')).toBeInTheDocument();
  });
});

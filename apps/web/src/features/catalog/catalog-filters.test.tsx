// The order screen's filter panel (catalog-filters.tsx): on a phone it is not there until the filter
// button is pressed, then loads; on a wide screen it shows at once. Its selects and chips write the
// URL and the catalogue request; Clear all empties the URL.
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, ok, renderApp, signInData } from '../../test/render-app';

afterEach(() => {
  vi.unstubAllGlobals();
  Object.assign(window, { innerWidth: 1024, innerHeight: 768 });
});

const emptyPage = {
  finalProductList: [],
  total: 0,
  page: 1,
  limit: 50,
  facets: { categories: [{ id: 'c1', name: 'Drinks', count: 3 }], brands: [{ name: 'Fizz', count: 2 }] },
};

/** The order screen signed in as the retailer, at `width`; other calls (the frame's) answer 404. */
function renderOrderScreen(width: number, path = '/retailer/order') {
  Object.assign(window, { innerWidth: width, innerHeight: 800 });
  const api = mockApi({ 'POST /retailer/getInventory': ok(emptyPage) });
  const app = renderApp(path, { signedInAs: signInData('retailer') });
  const inventoryBodies = () =>
    api.calls.filter((c) => c.key === 'POST /retailer/getInventory').map((c) => c.body as Record<string, unknown>);
  return { ...app, inventoryBodies };
}

describe('catalogue filters', () => {
  it('on a phone: shown after the filter button, then category, chips and Clear all drive the URL and the request', async () => {
    const { router, user, inventoryBodies } = renderOrderScreen(390);
    expect(await screen.findByText('No products found')).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Category' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Show filters' }));
    await user.click(await screen.findByRole('combobox', { name: 'Category' }));
    await user.click(within(await screen.findByRole('listbox')).getByRole('option', { name: 'Drinks (3)' }));
    await waitFor(() => expect(router.state.location.search).toBe('?category=c1'));
    await waitFor(() => expect(inventoryBodies().at(-1)).toMatchObject({ category: 'c1' }));

    await user.click(screen.getByRole('button', { name: 'In stock' }));
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get('only')).toBe('inStock'));
    expect(screen.getByRole('button', { name: 'In stock' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'Hide filters' })).toHaveTextContent('2');

    await user.click(screen.getByRole('button', { name: 'Clear all' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(screen.getByRole('button', { name: 'In stock' })).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getByRole('button', { name: 'Hide filters' })).not.toHaveTextContent(/\d/);
  });

  it('on a wide screen: shown at once', async () => {
    renderOrderScreen(1440);
    expect(await screen.findByRole('combobox', { name: 'Brand' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Hide filters' })).toHaveAttribute('aria-expanded', 'true');
  });

  it('lists each order once: the default first, named for what it is', async () => {
    const { user } = renderOrderScreen(1440);
    await user.click(await screen.findByRole('combobox', { name: 'Sort' }));
    const names = within(await screen.findByRole('listbox'))
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(names).toEqual(['Name A–Z', 'Price: low to high', 'Price: high to low', 'Newest', 'Best selling']);
  });

  it('while searching, the default is the best match and the name order is listed too', async () => {
    const { user } = renderOrderScreen(1440, '/retailer/order?q=cola');
    await user.click(await screen.findByRole('combobox', { name: 'Sort' }));
    const names = within(await screen.findByRole('listbox'))
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(names).toEqual(['Best match', 'Name A–Z', 'Price: low to high', 'Price: high to low', 'Newest', 'Best selling']);
  });
});

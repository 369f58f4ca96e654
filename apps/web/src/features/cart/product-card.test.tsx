// Issue 13 §1 on the product card (every screen that shows it): the stock label says the truth,
// Add is disabled for a product out of stock, a back-order product can be added, and the card shows
// the limit that applies (the product's own, else the customer's per-item limit) and stops + at it.
import type { CatalogProduct } from '@portal/shared/catalog/catalog.schemas';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ProductCard, ProductRow } from '../../components/product/product-card';
import { toDisplayedProduct } from '../../components/product/product-display';
import { cartLine, cartSummary, makeTestStore, ok, renderScreen, stubApi } from './cart-test-utils';

afterEach(() => vi.unstubAllGlobals());

function catalogProduct(over: Partial<CatalogProduct> = {}): CatalogProduct {
  return {
    id: 'p1',
    Item_Number: '500620',
    Description: 'Cola 12oz',
    Brand: 'Fizz',
    Category: 'Drinks',
    CategoryId: 'c1',
    SubCategory: null,
    SubCategoryId: null,
    Vendor: null,
    Pack: 12,
    CaseCount: 1,
    UOM: 'CS',
    UnitOunces: 12,
    Size: null,
    SalesCategory: null,
    PriceClass: 1,
    UPCList: [],
    upc: null,
    price: 9.99,
    Tax_Rate: 0,
    Inventory_OnHand: 0,
    showTheInventoryStock: true,
    showLowStock: false,
    showWithOutPrice: false,
    allowToOrder: true,
    hasProductLimit: false,
    productLimit: null,
    hasQtyDiscount: false,
    qtyDiscount: [],
    isDiscounted: false,
    discountPercent: null,
    isNewItem: false,
    isPromoted: false,
    showDistributorImage: false,
    distributorImage: null,
    masterImage: null,
    image: '/images/product-placeholder.svg',
    stockLabel: 'In Stock',
    quantity: 0,
    createdAt: '2026-01-01T00:00:00.000Z',
    ...over,
  };
}

const noop = () => {};
const emptyCart = () => stubApi(({ path }) => (path === '/api/retailer/cart/items' ? ok(cartSummary([])) : undefined));

describe('product card stock and limit (issue 13 §1)', () => {
  it('out of stock: the label has no count and Add is disabled', () => {
    emptyCart();
    const product = toDisplayedProduct(catalogProduct({ stockLabel: 'Out of Stock', Inventory_OnHand: 0 }));
    renderScreen(<ProductCard product={product} onOpen={noop} />);
    const card = screen.getByTestId('product-card');
    expect(within(card).getByText('Out of Stock')).toBeInTheDocument();
    expect(within(card).queryByText(/· 0/)).toBeNull();
    expect(within(card).getByRole('button', { name: 'Add Cola 12oz to cart' })).toBeDisabled();
  });

  it('back-order: labelled Back-order and Add puts it in the cart', async () => {
    const { calls } = stubApi(({ path }) =>
      path === '/api/retailer/cart/items'
        ? ok(cartSummary([]))
        : path === '/api/retailer/cart/add'
          ? ok(cartSummary([cartLine('p1', 1, 9.99)]))
          : undefined,
    );
    const product = toDisplayedProduct(catalogProduct({ stockLabel: 'Back-order', Inventory_OnHand: 0 }));
    renderScreen(<ProductRow product={product} onOpen={noop} />);
    expect(screen.getByText('Back-order')).toBeInTheDocument();
    const add = screen.getByRole('button', { name: 'Add Cola 12oz to cart' });
    expect(add).toBeEnabled();
    await userEvent.click(add);
    await waitFor(() =>
      expect(calls.find((c) => c.path === '/api/retailer/cart/add')?.body).toEqual({ productId: 'p1', quantity: 1 }),
    );
  });

  it('in stock: the label keeps its count', () => {
    emptyCart();
    renderScreen(<ProductCard product={toDisplayedProduct(catalogProduct({ Inventory_OnHand: 40 }))} onOpen={noop} />);
    expect(screen.getByText('In Stock · 40')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add Cola 12oz to cart' })).toBeEnabled();
  });

  it('shows the product limit and disables + once the cart holds that many', async () => {
    stubApi(({ path }) => (path === '/api/retailer/cart/items' ? ok(cartSummary([])) : undefined));
    const product = toDisplayedProduct(
      catalogProduct({ Inventory_OnHand: 40, hasProductLimit: true, productLimit: 3, allowToOrder: true }),
    );
    const store = makeTestStore({ cart: { items: [cartLine('p1', 2, 9.99)], count: 1 } });
    renderScreen(<ProductCard product={product} onOpen={noop} />, { store });
    expect(screen.getByText('Max 3')).toBeInTheDocument();
    const plus = screen.getByRole('button', { name: 'Increase Cola 12oz' });
    expect(plus).toBeEnabled();
    store.dispatch({ type: 'cart/setItems', payload: [cartLine('p1', 3, 9.99)] });
    await waitFor(() => expect(plus).toBeDisabled());
  });

  it("the customer's per-item limit applies when the product has none", () => {
    emptyCart();
    const store = makeTestStore({ cart: { items: [cartLine('p1', 5, 9.99)], count: 1, userItemLimitQty: 5 } });
    renderScreen(<ProductCard product={toDisplayedProduct(catalogProduct({ Inventory_OnHand: 40 }))} onOpen={noop} />, {
      store,
    });
    expect(screen.getByText('Max 5')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Increase Cola 12oz' })).toBeDisabled();
  });

  it('no limit: no hint', () => {
    emptyCart();
    renderScreen(<ProductCard product={toDisplayedProduct(catalogProduct({ Inventory_OnHand: 40 }))} onOpen={noop} />);
    expect(screen.queryByText(/^Max /)).toBeNull();
  });
});

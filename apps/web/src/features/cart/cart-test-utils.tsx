// Test helpers for the retailer screens: a small store with the api, cart and dashboard slices and a
// stand-in auth slice, a router, the theme and the toaster; and a fetch stub answering by path.
import { createTheme, ThemeProvider } from '@mui/material/styles';
import { combineReducers, configureStore } from '@reduxjs/toolkit';
import { render } from '@testing-library/react';
import type { CartItem, CartSummary } from '@portal/shared/cart/cart.schemas';
import type { ReactElement } from 'react';
import { Toaster } from 'react-hot-toast';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import { QuantityEditorContext } from '../../components/product/quantity-editor';
import { api } from '../../lib/api';
import type { StoreDetail } from '../auth/auth.types';
import { dashboardReducer } from '../dashboard/dashboard.slice';
import { themeReducer } from '../theme/theme.slice';
import { useQuantityEditor } from './cart-hooks';
import { cartReducer, type CartState, initialCart } from './cart.slice';

export interface TestAuth {
  role: 'retailer' | 'sales' | 'distributor' | null;
  storeDetail: StoreDetail | null;
}

export const demoStore: StoreDetail = {
  C_Number: '10001',
  C_Name: 'Corner Market',
  C_CoName: 'Corner Market LLC',
  C_Address: '1 Main St',
  C_City: 'Fresno',
  C_State: 'CA',
  C_Phone: '555-0100',
  LastBalance: 1234.5,
  C_OrderDay: 3,
};

export function makeTestStore(opts: { cart?: Partial<CartState>; auth?: Partial<TestAuth> } = {}) {
  const auth: TestAuth = { role: 'retailer', storeDetail: demoStore, ...opts.auth };
  const rootReducer = combineReducers({
    [api.reducerPath]: api.reducer,
    cart: cartReducer,
    dashboard: dashboardReducer,
    // The MUI parts of plain screens take their mode from it (components/mui-theme.tsx).
    theme: themeReducer,
    auth: (state: TestAuth = auth) => state,
  });
  const preloadedState: Partial<ReturnType<typeof rootReducer>> = { cart: { ...initialCart, ...opts.cart } };
  return configureStore({
    reducer: rootReducer,
    preloadedState,
    middleware: (getDefault) => getDefault().concat(api.middleware),
  });
}

/** Renders `element` at `path` among a few named routes, with store, theme and toaster. */
export function renderScreen(
  element: ReactElement,
  opts: { path?: string; store?: ReturnType<typeof makeTestStore>; routes?: Record<string, ReactElement> } = {},
) {
  const store = opts.store ?? makeTestStore();
  const path = opts.path ?? '/';
  const router = createMemoryRouter(
    [{ path, element }, ...Object.entries(opts.routes ?? {}).map(([p, el]) => ({ path: p, element: el }))],
    { initialEntries: [path] },
  );
  const result = render(
    <Provider store={store}>
      <QuantityEditorContext value={useQuantityEditor}>
        <ThemeProvider theme={createTheme()}>
          <RouterProvider router={router} />
          <Toaster />
        </ThemeProvider>
      </QuantityEditorContext>
    </Provider>,
  );
  return { ...result, store, router };
}

type Handler = (req: {
  method: string;
  path: string;
  search: URLSearchParams;
  body: unknown;
  headers: Headers;
}) => { status?: number; body: unknown } | undefined;

/** Stubs fetch: each call goes to `handler` (by method and path); unanswered calls fail the test loudly. */
export function stubApi(handler: Handler) {
  const calls: { method: string; path: string; body: unknown; headers: Headers }[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const req = input instanceof Request ? input : new Request(new URL(String(input), 'http://localhost'), init);
    const url = new URL(req.url, 'http://localhost');
    const text = await req.clone().text();
    const body = text ? (JSON.parse(text) as unknown) : undefined;
    calls.push({ method: req.method, path: url.pathname, body, headers: req.headers });
    const answer = handler({ method: req.method, path: url.pathname, search: url.searchParams, body, headers: req.headers });
    if (!answer)
      return new Response(JSON.stringify({ success: false, message: `No stub for ${req.method} ${url.pathname}` }), {
        status: 599,
      });
    return new Response(JSON.stringify(answer.body), {
      status: answer.status ?? 200,
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, fetchMock };
}

export const ok = <T,>(data: T, message = 'OK') => ({ body: { success: true, message, data } });
export const fail = (status: number, message: string) => ({ status, body: { success: false, message, error: { code: 'X' } } });

export function cartLine(id: string, qty: number, price: number): CartItem {
  return {
    Description: `Product ${id}`,
    Product: { id, Qty: qty, TotalPrice: (qty * price).toFixed(2) },
    price,
    priceWithTax: price,
    hasProductLimit: false,
    productLimit: null,
    productId: id,
    itemNumber: `IT-${id}`,
    upc: null,
    image: '/images/product-placeholder.svg',
    pack: 1,
    uom: 'EA',
    crv: 0,
    crvTotal: 0,
    taxRate: 0,
    tax: 0,
    lineTotal: qty * price,
    stockLabel: 'In Stock',
    allowToOrder: true,
    problems: [],
  };
}

export function cartSummary(items: CartItem[], over: Partial<CartSummary> = {}): CartSummary {
  const total = items.reduce((s, i) => s + i.Product.Qty * i.price, 0);
  return {
    finalCartItems: items,
    count: items.length,
    totalItems: items.reduce((s, i) => s + i.Product.Qty, 0),
    totalAmount: total,
    totalAmountWithTax: total,
    totalTax: 0,
    totalCrv: 0,
    deliveryCharge: 0,
    grandTotal: total,
    userItemLimitQty: null,
    userLimitMinOrderAmount: null,
    problemCount: items.filter((i) => i.problems.length > 0).length,
    ...over,
  };
}

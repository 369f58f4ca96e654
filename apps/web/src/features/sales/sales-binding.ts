// The sales customer binding on the web side (spec §4, §6, §7; issue 4): a sales rep uses the retailer
// screens unchanged, and each of their calls is sent as the sales call for the selected customer.
// The retailer path becomes the sales path of spec §7 with the customer id in it, `x-customer-id`
// names the customer (and `x-customer-number` its C_Number on cart calls). A customer-bound call with
// no selected customer is refused here with `Customer ID not found`, as the server would; a 409
// answer opens the global popup carrying data.currentCustomerId.
import type { BaseQueryApi, FetchArgs, FetchBaseQueryError } from '@reduxjs/toolkit/query';
import {
  CUSTOMER_CONTEXT_CHANGED_MESSAGE,
  CUSTOMER_ID_HEADER,
  CUSTOMER_ID_NOT_FOUND_MESSAGE,
  CUSTOMER_NUMBER_HEADER,
} from '@portal/shared/sales/sales-binding.constants';
import { setRequestBinding } from '../../lib/api';
import { openPopup } from '../../components/global-popup.slice';

export const CUSTOMER_CONTEXT_TITLE = 'Customer Context Changed';
export const CUSTOMER_CONTEXT_BUTTON = 'OK';

/** The working customer as the binding needs it. */
export interface BoundCustomer {
  id: string;
  C_Number: string;
}

type Params = Record<string, unknown>;

/** How one call is sent for a sales rep. `customer` false: no customer header (nor refusal). */
interface SalesRoute {
  method?: string;
  match: RegExp;
  to: (m: RegExpExecArray, customerId: string, params: Params) => { url: string; params?: Params };
  customer: 'none' | 'id' | 'cart';
}

const enc = encodeURIComponent;
const same = (m: RegExpExecArray) => ({ url: m[0] });

// The retailer calls of spec §7 and their sales counterparts (same bodies and answers).
const ROUTES: SalesRoute[] = [
  {
    method: 'POST',
    match: /^\/retailer\/getInventory$/,
    to: (_m, c) => ({ url: `/sales/getInventoryItems/${enc(c)}` }),
    customer: 'id',
  },
  { method: 'GET', match: /^\/retailer\/order-schedule$/, to: () => ({ url: '/sales/order-schedule' }), customer: 'id' },
  { method: 'GET', match: /^\/retailer\/cart\/items$/, to: (_m, c) => ({ url: `/sales/cartItem/${enc(c)}` }), customer: 'cart' },
  { method: 'POST', match: /^\/retailer\/cart\/add$/, to: (_m, c) => ({ url: `/sales/addToCart/${enc(c)}` }), customer: 'cart' },
  {
    method: 'PUT',
    match: /^\/retailer\/cart\/items\/([^/]+)$/,
    to: (m) => ({ url: `/sales/cartItem/${m[1]}` }),
    customer: 'cart',
  },
  {
    method: 'DELETE',
    match: /^\/retailer\/cart\/items\/([^/]+)$/,
    to: (m) => ({ url: `/sales/cartItem/${m[1]}` }),
    customer: 'cart',
  },
  {
    method: 'DELETE',
    match: /^\/retailer\/cart\/clear$/,
    to: (_m, c) => ({ url: `/sales/clearCart/${enc(c)}` }),
    customer: 'cart',
  },
  {
    method: 'GET',
    match: /^\/retailer\/deliveryCharge$/,
    to: (_m, c) => ({ url: `/sales/deliveryCharge/${enc(c)}` }),
    customer: 'cart',
  },
  {
    method: 'GET',
    match: /^\/retailer\/creditStatus$/,
    to: (_m, c) => ({ url: `/sales/creditStatus/${enc(c)}` }),
    customer: 'cart',
  },
  {
    method: 'POST',
    match: /^\/retailer\/placeOrder$/,
    to: (_m, c) => ({ url: `/sales/placeOrder/${enc(c)}` }),
    customer: 'cart',
  },
  {
    method: 'GET',
    match: /^\/retailer\/orderHistory$/,
    // The sales history names its page size pageSize (spec §7).
    to: (_m, c, p) => {
      const { limit, ...rest } = p;
      return { url: `/sales/orderHistory/${enc(c)}`, params: limit === undefined ? rest : { ...rest, pageSize: limit } };
    },
    customer: 'id',
  },
  {
    method: 'GET',
    match: /^\/retailer\/orderHistoryByOrderNumber\/([^/]+)$/,
    to: (m) => ({ url: `/sales/orderHistoryByOrderNumber/${m[1]}` }),
    customer: 'id',
  },
  {
    method: 'GET',
    match: /^\/retailer\/orderHistoryByProductNumber\/([^/]+)$/,
    to: (m, c, p) => ({
      url: '/sales/orderHistoryByProductNumber',
      params: { ...p, productNumber: decodeURIComponent(m[1]!), customerId: c },
    }),
    customer: 'id',
  },
  {
    method: 'GET',
    match: /^\/retailer\/orderDeliveryStatus\/([^/]+)$/,
    to: (m) => ({ url: `/sales/orderDeliveryStatus/${m[1]}` }),
    customer: 'id',
  },
  {
    method: 'GET',
    match: /^\/retailer\/orderNotes\/([^/]+)$/,
    to: (m) => ({ url: `/sales/orderNotes/${m[1]}` }),
    customer: 'id',
  },
  {
    method: 'POST',
    match: /^\/retailer\/orderNotes\/([^/]+)$/,
    to: (m) => ({ url: `/sales/orderNotes/${m[1]}` }),
    customer: 'id',
  },
  { method: 'GET', match: /^\/retailer\/orderPdf$/, to: (_m, c) => ({ url: `/sales/orderPdf/${enc(c)}` }), customer: 'id' },
  {
    method: 'POST',
    match: /^\/retailer\/orderedProducts$/,
    to: (_m, c) => ({ url: `/sales/orderedProducts/${enc(c)}` }),
    customer: 'id',
  },
  {
    method: 'GET',
    match: /^\/retailer\/accountReceivable$/,
    to: (_m, c) => ({ url: `/sales/accountReceivable/${enc(c)}` }),
    customer: 'id',
  },
  { method: 'GET', match: /^\/retailer\/warehouseProfile$/, to: () => ({ url: '/sales/warehouseProfile' }), customer: 'none' },
  // Dashboard shelves, top products and banners are the same paths, for the selected customer.
  { match: /^\/dashboard\/topProductForSales$/, to: same, customer: 'id' },
  { match: /^\/dashboard\/(newItem|discountedItems|popularItems|promotedItems)$/, to: same, customer: 'id' },
];

/** Sales calls of this feature that act for the customer: the header is added, the path is kept. */
const CUSTOMER_BOUND_SALES_PATH =
  /^\/sales\/(getInventoryItems|getInventoryItemsBySalesMan|cartItem|addToCart|clearCart|placeOrder|orderHistory|orderHistoryByOrderNumber|orderHistoryByProductNumber|orderDeliveryStatus|orderNotes|orderPdf|deliveryCharge|orderedProducts|accountReceivable)(\/|$)/;
const CART_SALES_PATH = /^\/sales\/(cartItem|addToCart|clearCart|placeOrder|deliveryCharge)(\/|$)/;

const refusal = (message: string, code: string): { error: FetchBaseQueryError } => ({
  error: { status: 400, data: { success: false, message, error: { code } } },
});

/** The refusal of a customer-bound call made with no selected customer (spec §4, §8). */
export const NO_CUSTOMER_ERROR = refusal(CUSTOMER_ID_NOT_FOUND_MESSAGE, 'CUSTOMER_ID_NOT_FOUND');

function withHeaders(args: FetchArgs, customer: BoundCustomer, cart: boolean): FetchArgs {
  const headers = new Headers(args.headers as HeadersInit | undefined);
  headers.set(CUSTOMER_ID_HEADER, customer.id);
  if (cart) headers.set(CUSTOMER_NUMBER_HEADER, customer.C_Number);
  return { ...args, headers };
}

/**
 * The request a sales rep sends for `args` with `customer` selected. Retailer calls without a sales
 * counterpart are refused rather than sent (a 403 there would sign the rep out).
 */
export function bindSalesRequest(args: FetchArgs, customer: BoundCustomer | null): FetchArgs | { error: FetchBaseQueryError } {
  const method = (args.method ?? 'GET').toUpperCase();
  const [path = '', query] = args.url.split('?', 2);
  for (const route of ROUTES) {
    if (route.method && route.method !== method) continue;
    const m = route.match.exec(path);
    if (!m) continue;
    if (route.customer !== 'none' && !customer) return NO_CUSTOMER_ERROR;
    const params = { ...Object.fromEntries(new URLSearchParams(query ?? '')), ...((args.params as Params | undefined) ?? {}) };
    const target = route.to(m, customer?.id ?? '', params);
    const next: FetchArgs = {
      ...args,
      url: target.url,
      params: target.params ?? (Object.keys(params).length ? params : undefined),
    };
    if (next.params === undefined) delete next.params;
    return route.customer === 'none' || !customer ? next : withHeaders(next, customer, route.customer === 'cart');
  }
  if (CUSTOMER_BOUND_SALES_PATH.test(path)) {
    if (!customer) return NO_CUSTOMER_ERROR;
    return withHeaders(args, customer, CART_SALES_PATH.test(path));
  }
  if (path === '/sales/bannerList' && customer) return withHeaders(args, customer, false);
  if (path.startsWith('/retailer/')) return refusal('This screen is not available to sales representatives', 'NOT_FOR_SALES');
  return args;
}

interface SalesState {
  auth: { role: string | null; selectedCustomer: { id?: string; C_Number: string } | null };
}

function salesCustomer(state: SalesState): BoundCustomer | null | undefined {
  if (state.auth.role !== 'sales') return undefined;
  const c = state.auth.selectedCustomer;
  return c?.id ? { id: c.id, C_Number: c.C_Number } : null;
}

/** The customer id a 409 answer carries (data.currentCustomerId), or null when the answer is not that 409. */
export function contextChangedCustomerId(error: FetchBaseQueryError | undefined): string | null {
  if (error?.status !== 409) return null;
  const body = error.data as { data?: { currentCustomerId?: unknown } } | undefined;
  const id = body?.data?.currentCustomerId;
  return typeof id === 'string' && id ? id : null;
}

/** Sends every call of a sales rep through bindSalesRequest and turns a 409 into the global popup. */
export function installSalesBinding(): void {
  setRequestBinding('sales-customer', {
    bind(args: FetchArgs, apiCtx: BaseQueryApi) {
      const customer = salesCustomer(apiCtx.getState() as SalesState);
      return customer === undefined ? args : bindSalesRequest(args, customer);
    },
    answered(result, _args, apiCtx) {
      if ((apiCtx.getState() as SalesState).auth.role !== 'sales') return;
      const customerId = contextChangedCustomerId(result.error);
      if (customerId === null) return;
      apiCtx.dispatch(
        openPopup({
          title: CUSTOMER_CONTEXT_TITLE,
          message: CUSTOMER_CONTEXT_CHANGED_MESSAGE,
          buttonText: CUSTOMER_CONTEXT_BUTTON,
          customerId,
        }),
      );
    },
  });
}

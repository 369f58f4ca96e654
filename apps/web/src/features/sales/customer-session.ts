// The rep's working customer on this device (spec §4 "Sales session", "Popup confirm"): choosing one
// tells the server (setSalesSession, shared by all the rep's devices), loads its store details into
// the store (information strip tab 0) and drops every answer that belonged to the previous customer.
import type { CustomerListResponse } from '@portal/shared/sales/sales.schemas';
import type { AppDispatch, RootState } from '../../app/store';
import { api, errorMessage } from '../../lib/api';
import { notify } from '../../lib/notify';
import { setSelectedCustomer, setStoreDetail } from '../auth/auth.slice';
import type { StoreDetail } from '../auth/auth.types';
import { cartActions } from '../cart/cart.slice';
import { salesApi } from './sales.api';

export type SalesCustomer = CustomerListResponse['data'][number];

export const SELECT_CUSTOMER_FAILED = 'Failed to select retailer';
/** Spec §9: the delay before navigating after switching customer. */
export const SWITCH_NAVIGATE_DELAY_MS = 100;
export const SALES_DASHBOARD = '/sales/dashboard';

type GetState = () => Pick<RootState, 'auth'>;

/** Finds a customer of the list by id, else by C_Number. */
export function findCustomer(list: readonly SalesCustomer[], key: string | null | undefined): SalesCustomer | null {
  if (!key) return null;
  return list.find((c) => c.id === key) ?? list.find((c) => c.C_Number === key) ?? null;
}

/**
 * Stores `customer` as the selected customer and its store details. When it is another customer than
 * before, the cached answers of the old one (cart, catalogue prices, history, shelves) are dropped:
 * screens on view fetch again for the new one.
 */
export function applyCustomer(dispatch: AppDispatch, getState: GetState, customer: StoreDetail): void {
  const previous = getState().auth.selectedCustomer;
  dispatch(setSelectedCustomer(customer));
  dispatch(setStoreDetail(customer));
  if (previous?.id !== customer.id) {
    dispatch(cartActions.clearCart());
    dispatch(api.util.resetApiState());
  }
}

/** Loads the store details of a customer by C_Number; falls back to the record at hand. */
async function storeDetailsOf(dispatch: AppDispatch, customer: StoreDetail): Promise<StoreDetail> {
  const result = await dispatch(
    salesApi.endpoints.getStoreDetails.initiate(customer.C_Number, { forceRefetch: true, subscribe: false }),
  );
  return result.data ? { ...result.data.storeDetail } : customer;
}

/**
 * Picking a retailer (header selector, retailers page): setSalesSession, then the store details.
 * A failure toasts and leaves the previous selection. Answers whether the customer is now selected.
 */
export async function chooseCustomer(
  dispatch: AppDispatch,
  getState: GetState,
  customer: StoreDetail & { id: string },
): Promise<boolean> {
  const session = await dispatch(salesApi.endpoints.setSalesSession.initiate(customer.id));
  if ('error' in session) {
    notify.error(errorMessage(session.error, SELECT_CUSTOMER_FAILED));
    return false;
  }
  applyCustomer(dispatch, getState, await storeDetailsOf(dispatch, session.data.storeDetail));
  return true;
}

/**
 * On load (spec §4): with the rep's list at hand, selects the saved current customer: the server's
 * working customer (shared by the rep's devices), else the profile's session customer (a C_Number),
 * else the one this browser kept. A kept one the server does not know yet becomes the working one.
 */
export async function autoSelectCustomer(dispatch: AppDispatch, getState: GetState, list: CustomerListResponse): Promise<void> {
  const auth = getState().auth;
  const sessionNumber = (auth.isSessionActive as { currentCustomerId?: unknown } | null)?.currentCustomerId;
  const server =
    findCustomer(list.data, list.currentCustomerId) ??
    findCustomer(list.data, typeof sessionNumber === 'string' ? sessionNumber : null);
  if (server) {
    applyCustomer(dispatch, getState, await storeDetailsOf(dispatch, server));
    return;
  }
  const kept = findCustomer(list.data, auth.selectedCustomer?.id ?? auth.selectedCustomer?.C_Number);
  if (kept) await chooseCustomer(dispatch, getState, kept);
  else if (auth.selectedCustomer) {
    // The kept customer is no longer the rep's: nothing is selected.
    dispatch(setSelectedCustomer(null));
    dispatch(setStoreDetail(null));
  }
}

/**
 * Popup confirm for a sales user (spec §4): the customer from the 409 becomes the working customer,
 * the list is fetched again, the customer found in it is stored as selected, and after 100 ms the
 * rep lands on /sales/dashboard (a reload when already there).
 */
export async function confirmCustomerContext(
  dispatch: AppDispatch,
  getState: GetState,
  customerId: string,
  go: { pathname: () => string; navigate: (path: string) => void; reload: () => void },
): Promise<void> {
  const session = await dispatch(salesApi.endpoints.setSalesSession.initiate(customerId));
  if ('error' in session) notify.error(errorMessage(session.error, SELECT_CUSTOMER_FAILED));
  const list = await dispatch(salesApi.endpoints.getCustomerList.initiate(undefined, { forceRefetch: true, subscribe: false }));
  const found = list.data ? findCustomer(list.data.data, customerId) : null;
  if (found) applyCustomer(dispatch, getState, await storeDetailsOf(dispatch, found));
  else if (!('error' in session)) applyCustomer(dispatch, getState, session.data.storeDetail);
  setTimeout(() => {
    if (go.pathname() === SALES_DASHBOARD) go.reload();
    else go.navigate(SALES_DASHBOARD);
  }, SWITCH_NAVIGATE_DELAY_MS);
}

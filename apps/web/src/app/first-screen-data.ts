// A stored retailer session asks for its first screen's data as the app starts, in parallel with the
// screen's chunks, instead of after the signed-in frame and the screen have rendered (where the
// screens' own queries start, in effects): the cart, which the header's badge shows on every
// retailer screen, and on the catalogue screens the first page of the view their URL names. The
// screens' queries then find these answers (or these requests under way) in RTK Query's cache.
import { cartApi } from '../features/cart/cart.api';
import { catalogApi, catalogFilter, catalogViewFromParams } from '../features/catalog/catalog.api';
import { storage } from '../lib/storage';
import type { AppDispatch } from './store';

const CATALOGUE_PATHS = new Set(['/retailer/order', '/retailer/product-catalog']);

export function requestFirstScreenData(dispatch: AppDispatch, location: { pathname: string; search: string }): void {
  // A sales rep's retailer calls need the chosen customer (features/sales/sales-binding.ts): not here.
  if (!storage.getToken() || storage.getRole() !== 'retailer') return;
  // Each request holds its cache entry only until answered; the screen subscribes before the
  // entry's keepUnusedDataFor (60 s) runs out.
  const cart = dispatch(cartApi.endpoints.getCartItems.initiate());
  void cart.finally(() => cart.unsubscribe());
  if (CATALOGUE_PATHS.has(location.pathname)) {
    const filter = catalogFilter(catalogViewFromParams(new URLSearchParams(location.search)));
    const page = dispatch(catalogApi.endpoints.getInventory.initiate(filter));
    void page.finally(() => page.unsubscribe());
  }
}

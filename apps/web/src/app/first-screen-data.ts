// A stored retailer session asks for its first screen's data as the app starts (app/first-screen-needs.ts),
// in parallel with the screen's chunks, instead of after the signed-in frame and the screen have
// rendered (where the screens' own queries start, in effects). The screens' queries then find these
// answers (or these requests under way) in RTK Query's cache; these requests in turn take the answers
// the page asked for before the app had loaded (app/early-requests.ts), when there are any.
import { cartApi } from '../features/cart/cart.api';
import { catalogApi } from '../features/catalog/catalog.api';
import { firstScreenNeeds } from './first-screen-needs';
import type { AppDispatch } from './store';

export function requestFirstScreenData(dispatch: AppDispatch, location: { pathname: string; search: string }): void {
  const needs = firstScreenNeeds(location);
  if (!needs) return;
  // Each request holds its cache entry only until answered; the screen subscribes before the
  // entry's keepUnusedDataFor (60 s) runs out.
  const cart = dispatch(cartApi.endpoints.getCartItems.initiate());
  void cart.finally(() => cart.unsubscribe());
  if (needs.catalogue) {
    const page = dispatch(catalogApi.endpoints.getInventory.initiate(needs.catalogue));
    void page.finally(() => page.unsubscribe());
  }
}

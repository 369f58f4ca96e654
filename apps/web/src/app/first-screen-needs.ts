// What a stored retailer session's first screen needs from the API, from the page's URL: the cart,
// which the header's badge shows on every retailer screen, and on the catalogue screens the first
// page of the view the URL names. The page asks for these before the app's scripts have loaded
// (app/early-requests.ts) and the app as it starts (app/first-screen-data.ts); both read this.
// A sales rep's retailer calls need the chosen customer (features/sales/sales-binding.ts): none here.
import { catalogFilter, catalogViewFromParams, type CatalogFilter } from '../features/catalog/catalog-view';
import { storage } from '../lib/storage';

const CATALOGUE_PATHS = new Set(['/retailer/order', '/retailer/product-catalog']);

export interface FirstScreenNeeds {
  token: string;
  /** The catalogue view's filter on a catalogue screen. */
  catalogue: CatalogFilter | null;
}

/** Null without a stored retailer session. */
export function firstScreenNeeds(location: { pathname: string; search: string }): FirstScreenNeeds | null {
  const token = storage.getToken();
  if (!token || storage.getRole() !== 'retailer') return null;
  const catalogue = CATALOGUE_PATHS.has(location.pathname)
    ? catalogFilter(catalogViewFromParams(new URLSearchParams(location.search)))
    : null;
  return { token, catalogue };
}

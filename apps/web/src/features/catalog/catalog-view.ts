// What a catalogue view asks the API for (POST /retailer/getInventory): the filters a screen or a
// catalogue URL names, and the page's body. Plain functions without RTK, so the page's early requests
// (app/early-requests.ts, a script of its own) build the very request the screen's query sends.
import type { InventoryFilterBody } from '@portal/shared/catalog/catalog.schemas';
import { INVENTORY_ONLY, type INVENTORY_SORTS } from '@portal/shared/catalog/inventory-options';

export const INVENTORY_PATH = '/retailer/getInventory';
export const CATALOG_PAGE_SIZE = 50;

/** The filters of a catalogue view; page and limit are added per page. */
export type CatalogFilter = Omit<InventoryFilterBody, 'page' | 'limit'>;

/** What a catalogue view shows, as the screen holds it (empty strings for "not set"). */
export interface CatalogView {
  search: string;
  category: string;
  brand: string;
  sort: (typeof INVENTORY_SORTS)[number] | '';
  only: (typeof INVENTORY_ONLY)[number][];
}

/** The request's filter for a view: only what is set, so equal views share one cached answer. */
export function catalogFilter({ search, category, brand, sort, only }: CatalogView): CatalogFilter {
  return {
    ...(search ? { search } : {}),
    ...(category ? { category } : {}),
    ...(brand ? { brand } : {}),
    ...(sort ? { sort } : {}),
    ...(only.length ? { only } : {}),
  };
}

/** The view a catalogue URL opens with (?q, ?category, ?brand, ?sort, ?only=a,b). */
export function catalogViewFromParams(params: URLSearchParams): CatalogView {
  return {
    search: (params.get('q') ?? '').trim(),
    category: params.get('category') ?? '',
    brand: params.get('brand') ?? '',
    sort: (params.get('sort') ?? '') as CatalogView['sort'],
    only: onlyFromParam(params.get('only') ?? ''),
  };
}

export function onlyFromParam(value: string): CatalogView['only'] {
  return value.split(',').filter((o): o is CatalogView['only'][number] => (INVENTORY_ONLY as readonly string[]).includes(o));
}

/** The body of one page of a view's products. */
export const inventoryPage = (filter: CatalogFilter, page: number): InventoryFilterBody => ({
  ...filter,
  page,
  limit: CATALOG_PAGE_SIZE,
});

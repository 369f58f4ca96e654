// The catalogue's "only" filters and sorts (POST /retailer/getInventory), without zod: the order
// screen needs the lists, not the request schema (catalog.schemas.ts builds it from these).
export const INVENTORY_ONLY = ['new', 'discounted', 'promoted', 'inStock'] as const;
export const INVENTORY_SORTS = ['relevance', 'name', 'priceAsc', 'priceDesc', 'newest', 'bestSelling'] as const;

// The cart's read path, without RTK: the page's early requests (app/early-requests.ts) ask for it too.
export const CART_ITEMS_PATH = '/retailer/cart/items';

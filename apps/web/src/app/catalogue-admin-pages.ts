// The distributor's catalogue screens that share the admin data grid (/admin/vendors, /admin/products,
// /admin/promo):
// one lazily loaded chunk for both, so adding them lists one more chunk, not several, in the entry's
// preload table that every first screen downloads (page-weight budgets, docs/web.md).
export { ProductsAdminPage } from './products-admin-page';
export { VendorsPage } from '../features/vendors/vendors-page';
export { PromoPage } from '../features/promotions/promo-page';

// The distributor's store screens (/admin/retailers, add, edit/:id, view/:id): one lazily loaded chunk
// for all of them (each lazily loaded chunk adds its name to the entry's preload table, docs/web.md).
export { RetailersPage } from '../features/admin-retailers/retailers-page';
export { RetailerAddPage, RetailerEditPage } from '../features/admin-retailers/retailer-form-page';
export { RetailerViewPage } from '../features/admin-retailers/retailer-view-page';

// The purchasing screens (/admin/purchase-orders, its new and :id pages, /admin/high-demand): one lazily
// loaded chunk for the three, so they add one entry to the preload table (docs/web.md).
export { PurchaseOrdersPage } from '../features/purchase-orders/purchase-orders-page';
export { PurchaseOrderPage } from '../features/purchase-orders/purchase-order-page';
export { HighDemandPage } from '../features/purchase-orders/high-demand-page';

// The office's sign-up request screens (/admin/retailer-requests, add, edit/:id, view/:id): one lazily
// loaded chunk for the four, so they add one entry, not four, to the preload table (docs/web.md).
export { RequestsPage } from '../features/admin-retailer-requests/requests-page';
export { RequestAddPage, RequestEditPage } from '../features/admin-retailer-requests/request-form-page';
export { RequestViewPage } from '../features/admin-retailer-requests/request-view-page';

// The distributor area's screens: their own chunk, added to the router the first time a path under
// /admin is visited (patchAdminRoutes in routes.tsx), so the sign-in screens and the retailer and
// sales areas never carry the admin route table or its chunk names.
import type { RouteObject } from 'react-router';
import { lazyPage } from '../lib/lazy-page';
import { policiesPage, policyPage, profilePage, title } from './route-parts';

const retailerPages = () => import('./retailer-admin-pages');
const requestPages = () => import('./retailer-request-pages');

export const distributorRoutes: RouteObject[] = [
  title('dashboard', 'Dashboard'),
  // The Retailers module's screens; each checks the role's add / edit grant itself, as vendors and products do.
  { path: 'retailers', lazy: lazyPage(retailerPages, (m) => <m.RetailersPage />) },
  { path: 'retailers/add', lazy: lazyPage(retailerPages, (m) => <m.RetailerAddPage />) },
  { path: 'retailers/edit/:id', lazy: lazyPage(retailerPages, (m) => <m.RetailerEditPage />) },
  { path: 'retailers/view/:id', lazy: lazyPage(retailerPages, (m) => <m.RetailerViewPage />) },
  {
    path: 'products',
    lazy: lazyPage(
      () => import('./catalogue-admin-pages'),
      (m) => <m.ProductsAdminPage />,
    ),
  },
  {
    path: 'order',
    lazy: lazyPage(
      () => import('../features/admin-orders/admin-orders-page'),
      (m) => <m.AdminOrdersPage />,
    ),
  },
  {
    path: 'order/details/:orderId',
    lazy: lazyPage(
      () => import('../features/admin-order-details/admin-order-details-page'),
      (m) => <m.AdminOrderDetailsPage />,
    ),
  },
  title('account', 'Account Receivable'),
  title('high-demand', 'High Demand'),
  {
    path: 'vendors',
    lazy: lazyPage(
      () => import('./catalogue-admin-pages'),
      (m) => <m.VendorsPage />,
    ),
  },
  title('reports', 'Reports'),
  title('support-tickets', 'Support Tickets'),
  {
    path: 'promo',
    lazy: lazyPage(
      () => import('./catalogue-admin-pages'),
      (m) => <m.PromoPage />,
    ),
  },
  title('track-login-devices', 'Track Login Devices'),
  title('purchase-orders', 'Purchase Orders'),
  title('back-office', 'Back Office'),
  title('permissions', 'User Management'),
  title('permissions/add', 'Add Role'),
  title('permissions/edit/:id', 'Edit Role'),
  title('permissions/view/:id', 'View Role'),
  title('permissions/roles/:id', 'Roles and Permissions'),
  title('notifications', 'Notifications'),
  title('settings', 'Settings'),
  { path: 'profile', lazy: lazyPage(profilePage, (m) => <m.DistributorProfilePage />) },
  {
    path: 'terms-and-conditions',
    lazy: lazyPage(policyPage, (m) => <m.PolicyPage key="terms" area="admin" kind="terms" />),
  },
  { path: 'privacy-policy', lazy: lazyPage(policyPage, (m) => <m.PolicyPage key="privacy" area="admin" kind="privacy" />) },
  {
    path: 'disclaimer',
    lazy: lazyPage(policyPage, (m) => <m.PolicyPage key="disclaimer" area="admin" kind="disclaimer" />),
  },
  { path: 'return-policy', lazy: lazyPage(policyPage, (m) => <m.PolicyPage key="return" area="admin" kind="return" />) },
  { path: 'policies', lazy: lazyPage(policiesPage, (m) => <m.PoliciesPage area="admin" />) },
  { path: 'retailer-requests', lazy: lazyPage(requestPages, (m) => <m.RequestsPage />) },
  { path: 'retailer-requests/add', lazy: lazyPage(requestPages, (m) => <m.RequestAddPage />) },
  { path: 'retailer-requests/edit/:id', lazy: lazyPage(requestPages, (m) => <m.RequestEditPage />) },
  { path: 'retailer-requests/view/:id', lazy: lazyPage(requestPages, (m) => <m.RequestViewPage />) },
  title('calender', 'Calender'),
  title('calender/view', 'Calender'),
  title('e-pick-settings', 'E-Pick Settings'),
];

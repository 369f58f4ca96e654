// The distributor area's screens: their own chunk, added to the router the first time a path under
// /admin is visited (patchAdminRoutes in routes.tsx), so the sign-in screens and the retailer and
// sales areas never carry the admin route table or its chunk names.
import type { RouteObject } from 'react-router';
import { lazyPage } from '../lib/lazy-page';
import { policiesPage, policyPage, profilePage } from './route-parts';

const retailerPages = () => import('./retailer-admin-pages');
const requestPages = () => import('./retailer-request-pages');
const staffPages = () => import('./staff-admin-pages');
const ticketPages = () => import('./support-ticket-pages');
const permissionPages = () => import('./permission-pages');
const purchasingPages = () => import('./purchasing-pages');

export const distributorRoutes: RouteObject[] = [
  {
    path: 'dashboard',
    lazy: lazyPage(
      () => import('../features/dashboard/distributor-dashboard-page'),
      (m) => <m.DistributorDashboardPage />,
    ),
  },
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
  {
    path: 'account',
    lazy: lazyPage(
      () => import('../features/admin-receivables/receivables-page'),
      (m) => <m.ReceivablesPage />,
    ),
  },
  { path: 'high-demand', lazy: lazyPage(purchasingPages, (m) => <m.HighDemandPage />) },
  {
    path: 'vendors',
    lazy: lazyPage(
      () => import('./catalogue-admin-pages'),
      (m) => <m.VendorsPage />,
    ),
  },
  {
    path: 'reports',
    lazy: lazyPage(
      () => import('../features/reports/reports-page'),
      (m) => <m.ReportsPage />,
    ),
  },
  { path: 'support-tickets', lazy: lazyPage(ticketPages, (m) => <m.TicketsPage />) },
  { path: 'support-tickets/:ticketId', lazy: lazyPage(ticketPages, (m) => <m.TicketPage />) },
  {
    path: 'promo',
    lazy: lazyPage(
      () => import('./catalogue-admin-pages'),
      (m) => <m.PromoPage />,
    ),
  },
  {
    path: 'track-login-devices',
    lazy: lazyPage(
      () => import('../features/admin-login-devices/login-devices-page'),
      (m) => <m.LoginDevicesPage />,
    ),
  },
  { path: 'purchase-orders', lazy: lazyPage(purchasingPages, (m) => <m.PurchaseOrdersPage />) },
  // new (?vendorId= starts from the vendor's suggestion) and one purchase order
  { path: 'purchase-orders/:id', lazy: lazyPage(purchasingPages, (m) => <m.PurchaseOrderPage />) },
  {
    path: 'back-office',
    lazy: lazyPage(
      () => import('../features/back-office/back-office-page'),
      (m) => <m.BackOfficePage />,
    ),
  },
  // User Management: the roles and their grids (the permission table gates add and edit).
  { path: 'permissions', lazy: lazyPage(permissionPages, (m) => <m.RolesPage />) },
  { path: 'permissions/add', lazy: lazyPage(permissionPages, (m) => <m.RoleAddPage />) },
  { path: 'permissions/edit/:id', lazy: lazyPage(permissionPages, (m) => <m.RoleEditPage />) },
  { path: 'permissions/view/:id', lazy: lazyPage(permissionPages, (m) => <m.RoleViewPage />) },
  { path: 'permissions/roles/:id', lazy: lazyPage(permissionPages, (m) => <m.RoleGridPage />) },
  // Staff users and sales reps (User Management): beside the roles screens, linked by their tabs.
  { path: 'permissions/staff', lazy: lazyPage(staffPages, (m) => <m.StaffPage />) },
  { path: 'permissions/staff/:id', lazy: lazyPage(staffPages, (m) => <m.StaffUserPage />) },
  { path: 'permissions/sales-reps', lazy: lazyPage(staffPages, (m) => <m.SalesRepsPage />) },
  { path: 'permissions/sales-reps/:id', lazy: lazyPage(staffPages, (m) => <m.SalesRepPage />) },
  {
    path: 'notifications',
    lazy: lazyPage(
      () => import('../features/notifications/notifications-page'),
      (m) => <m.NotificationsPage />,
    ),
  },
  // Spec §2 names no stories screen: the Stories module's page lives here (docs/stories.md).
  {
    path: 'stories',
    lazy: lazyPage(
      () => import('../features/stories/stories-page'),
      (m) => <m.StoriesPage />,
    ),
  },
  {
    path: 'settings',
    lazy: lazyPage(
      () => import('../features/admin-settings/settings-page'),
      (m) => <m.SettingsPage />,
    ),
  },
  {
    path: 'contact-requests',
    lazy: lazyPage(
      () => import('../features/admin-contact-requests/contact-requests-page'),
      (m) => <m.ContactRequestsPage />,
    ),
  },
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
  {
    path: 'calender',
    lazy: lazyPage(
      () => import('../features/admin-calendar/admin-calendar-page'),
      (m) => <m.AdminCalendarPage />,
    ),
  },
  {
    path: 'calender/view',
    lazy: lazyPage(
      () => import('../features/admin-calendar/cutoffs-page'),
      (m) => <m.CutoffsPage />,
    ),
  },
  {
    path: 'e-pick-settings',
    lazy: lazyPage(
      () => import('../features/epick/epick-page'),
      (m) => <m.EpickPage />,
    ),
  },
];

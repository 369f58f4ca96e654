// The sales area's screens (spec §2 "Sales area", issue 4 §2) under /sales, each its own lazily loaded
// chunk. Screens that act for a customer are the retailer screens themselves (their calls go out as
// sales calls for the selected customer, see features/sales/sales-binding.ts), behind a prompt to pick
// a retailer first. Composed here in app/ because they come from several features.
import type { ReactNode } from 'react';
import type { RouteObject } from 'react-router';
import { lazyPage } from '../lib/lazy-page';

/** A screen acting for the selected customer; the prompt is fetched with the screen, not at start-up. */
const forCustomer = <M,>(path: string, title: string, load: () => Promise<M>, page: (m: M) => ReactNode): RouteObject => ({
  path,
  lazy: lazyPage(
    () => Promise.all([import('../components/require-customer'), load()]),
    ([{ RequireCustomer }, m]) => <RequireCustomer title={title}>{page(m)}</RequireCustomer>,
  ),
});

const orderHistoryPage = () => import('../features/orders/order-history-page');
const calendarPages = () => import('../features/sales/calendar-pages');

export const salesAreaRoutes: RouteObject[] = [
  {
    path: 'dashboard',
    lazy: lazyPage(
      () => import('../features/dashboard/sales-dashboard-page'),
      (m) => <m.SalesDashboardPage />,
    ),
  },
  forCustomer(
    'order',
    'Order',
    () => import('../features/catalog/catalog-page'),
    (m) => <m.CatalogPage mode="order" />,
  ),
  forCustomer('order/history', 'Order History', orderHistoryPage, (m) => <m.OrderHistoryPage />),
  forCustomer('orders/history', 'Order History', orderHistoryPage, (m) => <m.OrderHistoryPage />),
  forCustomer(
    'order/details/:orderId',
    'Order Details',
    () => import('../features/orders/order-details-page'),
    (m) => <m.OrderDetailsPage />,
  ),
  forCustomer(
    'ordered-items',
    'Ordered Items',
    () => import('../features/ordered-items/ordered-items-page'),
    (m) => <m.OrderedItemsPage />,
  ),
  forCustomer(
    'cart',
    'Cart',
    () => import('../features/cart/cart-page'),
    (m) => <m.CartPage />,
  ),
  {
    path: 'retailers',
    lazy: lazyPage(
      () => import('../features/sales/retailers-page'),
      (m) => <m.RetailersPage />,
    ),
  },
  { path: 'calender', lazy: lazyPage(calendarPages, (m) => <m.SalesCalendarPage />) },
  { path: 'calender/view', lazy: lazyPage(calendarPages, (m) => <m.SalesCalendarViewPage />) },
  forCustomer(
    'account',
    'Account Receivable',
    () => import('../features/account/account-page'),
    (m) => <m.AccountPage />,
  ),
  {
    path: 'promo',
    lazy: lazyPage(
      () => import('../features/catalog/promo-page'),
      (m) => <m.SalesPromoPage />,
    ),
  },
  {
    path: 'track-login-devices',
    lazy: lazyPage(
      () => import('../features/sales/devices-page'),
      (m) => <m.DevicesPage />,
    ),
  },
  // Not in the spec's sales menu: reached from the dashboard's customer card (docs/support-tickets.md).
  forCustomer(
    'support-tickets',
    'Support Tickets',
    () => import('../features/support-tickets/sales-tickets-page'),
    (m) => <m.SalesTicketsPage />,
  ),
  {
    path: 'policies',
    lazy: lazyPage(
      () => import('../features/policies/policies-page'),
      (m) => <m.PoliciesPage area="sales" />,
    ),
  },
  {
    path: 'profile',
    lazy: lazyPage(
      () => import('../features/profile/sales-profile-page'),
      (m) => <m.SalesProfilePage />,
    ),
  },
];

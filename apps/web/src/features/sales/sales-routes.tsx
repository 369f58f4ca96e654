// The sales area's screens (spec §2 "Sales area", issue 4 §2) under /sales. Screens that act for a
// customer are the retailer screens themselves (their calls go out as sales calls for the selected
// customer, see sales-binding.ts), behind a prompt to pick a retailer first.
import type { ReactNode } from 'react';
import type { RouteObject } from 'react-router';
import { AccountPage } from '../account/account-page';
import { CartPage } from '../cart/cart-page';
import { CatalogPage } from '../catalog/catalog-page';
import { OrderedItemsPage } from '../ordered-items/ordered-items-page';
import { OrderDetailsPage } from '../orders/order-details-page';
import { OrderHistoryPage } from '../orders/order-history-page';
import { PoliciesPage } from '../policies/policies-page';
import { SalesCalendarPage, SalesCalendarViewPage } from './calendar-pages';
import { DevicesPage } from './devices-page';
import { SalesPromoPage } from './promo-page';
import { RequireCustomer } from './require-customer';
import { RetailersPage } from './retailers-page';
import { SalesDashboardPage } from './sales-dashboard-page';
import { SalesProfilePage } from './sales-profile-page';

const forCustomer = (path: string, title: string, page: ReactNode): RouteObject => ({
  path,
  element: <RequireCustomer title={title}>{page}</RequireCustomer>,
});

export const salesAreaRoutes: RouteObject[] = [
  { path: 'dashboard', element: <SalesDashboardPage /> },
  forCustomer('order', 'Order', <CatalogPage mode="order" />),
  forCustomer('order/history', 'Order History', <OrderHistoryPage />),
  forCustomer('orders/history', 'Order History', <OrderHistoryPage />),
  forCustomer('order/details/:orderId', 'Order Details', <OrderDetailsPage />),
  forCustomer('ordered-items', 'Ordered Items', <OrderedItemsPage />),
  forCustomer('cart', 'Cart', <CartPage />),
  { path: 'retailers', element: <RetailersPage /> },
  { path: 'calender', element: <SalesCalendarPage /> },
  { path: 'calender/view', element: <SalesCalendarViewPage /> },
  forCustomer('account', 'Account Receivable', <AccountPage />),
  { path: 'promo', element: <SalesPromoPage /> },
  { path: 'track-login-devices', element: <DevicesPage /> },
  { path: 'policies', element: <PoliciesPage area="sales" /> },
  { path: 'profile', element: <SalesProfilePage /> },
];

// Every route of spec §2. Screens of later issues render their title (TitlePage) until their feature
// replaces the element here with its page.
import { Navigate, Outlet, type RouteObject } from 'react-router';
import { GlobalPopup } from '../components/global-popup';
import { TitlePage } from '../components/page-title';
import { NotFoundPage, RouteError } from '../components/route-error';
import { ForgotPasswordPage } from '../features/auth/forgot-password-page';
import { LoginPage } from '../features/auth/login-page';
import { OtpVerificationPage } from '../features/auth/otp-verification-page';
import { PasswordLoginPage } from '../features/auth/password-login-page';
import { ResetPasswordPage } from '../features/auth/reset-password-page';
import { SignupOtpPage } from '../features/auth/signup-otp-page';
import { SignupPage } from '../features/auth/signup-page';
import { AccountPage } from '../features/account/account-page';
import { CartPage } from '../features/cart/cart-page';
import { CatalogPage } from '../features/catalog/catalog-page';
import { ContactPage } from '../features/contact/contact-page';
import { RetailerContactPage } from '../features/contact/retailer-contact-page';
import { DashboardPage } from '../features/dashboard/dashboard-page';
import { OrderedItemsPage } from '../features/ordered-items/ordered-items-page';
import { OrderDetailsPage } from '../features/orders/order-details-page';
import { OrderHistoryPage } from '../features/orders/order-history-page';
import { PoliciesPage } from '../features/policies/policies-page';
import { PolicyPage } from '../features/policies/policy-page';
import { PublicPolicyPage } from '../features/policies/public-policy-page';
import { DistributorProfilePage, RetailerProfilePage } from '../features/profile/profile-page';
import { LandingPage } from '../features/public/landing-page';
import { ProductsPage } from '../features/public/products-page';
import { installSalesBinding } from '../features/sales/sales-binding';
import { salesAreaRoutes } from '../features/sales/sales-routes';
import { useCustomerContextConfirm } from '../features/sales/use-customer-context-confirm';
import { WarehouseSelectionPage } from '../features/warehouse/warehouse-selection-page';
import { AppLayout } from '../layouts/app-layout';
import { PublicLayout } from '../layouts/public-layout';
import { HomeRoute, RequireAccess } from './route-guard';
import { SessionGate } from './session-gate';

// A sales rep's calls act for the selected customer (sales paths, x-customer-id, the 409 popup).
installSalesBinding();

const title = (path: string, text: string): RouteObject => ({ path, element: <TitlePage title={text} /> });

const retailerRoutes: RouteObject[] = [
  { path: 'dashboard', element: <DashboardPage /> },
  { path: 'order', element: <CatalogPage key="order" mode="order" /> },
  { path: 'orders/history', element: <OrderHistoryPage /> },
  { path: 'order/history', element: <OrderHistoryPage /> },
  { path: 'order/details/:orderId', element: <OrderDetailsPage /> },
  { path: 'ordered-items', element: <OrderedItemsPage /> },
  { path: 'cart', element: <CartPage /> },
  { path: 'policies', element: <PoliciesPage area="retailer" /> },
  title('promo', 'Promo'),
  { path: 'account', element: <AccountPage /> },
  { path: 'licence', element: <PolicyPage key="license" area="retailer" kind="license" /> },
  { path: 'profile', element: <RetailerProfilePage /> },
  { path: 'terms-and-conditions', element: <PolicyPage key="terms" area="retailer" kind="terms" /> },
  { path: 'privacy-policy', element: <PolicyPage key="privacy" area="retailer" kind="privacy" /> },
  { path: 'disclaimer', element: <PolicyPage key="disclaimer" area="retailer" kind="disclaimer" /> },
  { path: 'contact', element: <RetailerContactPage /> },
  { path: 'return-policy', element: <PolicyPage key="return" area="retailer" kind="return" /> },
  { path: 'product-catalog', element: <CatalogPage key="catalog" mode="catalog" /> },
];

const distributorRoutes: RouteObject[] = [
  title('dashboard', 'Dashboard'),
  title('retailers', 'Retailers'),
  title('products', 'Products'),
  title('order', 'Orders'),
  title('order/details/:orderId', 'Order Details'),
  title('account', 'Account Receivable'),
  title('high-demand', 'High Demand'),
  title('vendors', 'Vendors'),
  title('reports', 'Reports'),
  title('support-tickets', 'Support Tickets'),
  title('promo', 'Promo & Marketing'),
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
  { path: 'profile', element: <DistributorProfilePage /> },
  { path: 'terms-and-conditions', element: <PolicyPage key="terms" area="admin" kind="terms" /> },
  { path: 'privacy-policy', element: <PolicyPage key="privacy" area="admin" kind="privacy" /> },
  { path: 'disclaimer', element: <PolicyPage key="disclaimer" area="admin" kind="disclaimer" /> },
  { path: 'return-policy', element: <PolicyPage key="return" area="admin" kind="return" /> },
  { path: 'policies', element: <PoliciesPage area="admin" /> },
  title('retailer-requests', 'Retailer Requests'),
  title('retailer-requests/add', 'Add Retailer Request'),
  title('retailer-requests/edit/:id', 'Edit Retailer Request'),
  title('retailer-requests/view/:id', 'View Retailer Request'),
  title('calender', 'Calender'),
  title('calender/view', 'Calender'),
  title('e-pick-settings', 'E-Pick Settings'),
];

const area = (path: string, children: RouteObject[]): RouteObject => ({
  path,
  element: (
    <RequireAccess>
      <AppLayout />
    </RequireAccess>
  ),
  errorElement: <RouteError />,
  children: [
    { index: true, element: <Navigate to="dashboard" replace /> },
    ...children,
    { path: '*', element: <NotFoundPage /> },
  ],
});

function Root() {
  const confirmCustomerContext = useCustomerContextConfirm();
  return (
    <SessionGate>
      <Outlet />
      <GlobalPopup onConfirm={confirmCustomerContext} />
    </SessionGate>
  );
}

export const appRoutes: RouteObject[] = [
  {
    element: <Root />,
    errorElement: <RouteError />,
    children: [
      {
        element: <PublicLayout />,
        errorElement: <RouteError />,
        children: [
          {
            path: '/',
            element: (
              <HomeRoute>
                <LandingPage />
              </HomeRoute>
            ),
          },
          { path: '/landing', element: <LandingPage /> },
          { path: '/products', element: <ProductsPage /> },
          { path: '/contact-us', element: <ContactPage /> },
          { path: '/privacy-policy', element: <PublicPolicyPage key="privacy" kind="privacy" title="Privacy Policy" /> },
          { path: '/terms-conditions', element: <PublicPolicyPage key="terms" kind="terms" title="Terms & Conditions" /> },
          {
            path: '/software-license',
            element: <PublicPolicyPage key="software-license" kind="software-license" title="Software License" />,
          },
        ],
      },
      { path: '/login', element: <LoginPage />, errorElement: <RouteError /> },
      { path: '/otp-verification', element: <OtpVerificationPage />, errorElement: <RouteError /> },
      { path: '/loginPassword', element: <PasswordLoginPage />, errorElement: <RouteError /> },
      { path: '/sales-login', element: <PasswordLoginPage sales />, errorElement: <RouteError /> },
      { path: '/signup', element: <SignupPage />, errorElement: <RouteError /> },
      { path: '/signupOtp', element: <SignupOtpPage />, errorElement: <RouteError /> },
      { path: '/forgot-password', element: <ForgotPasswordPage />, errorElement: <RouteError /> },
      { path: '/reset-password', element: <ResetPasswordPage />, errorElement: <RouteError /> },
      {
        path: '/warehouse-selection',
        element: (
          <RequireAccess>
            <WarehouseSelectionPage />
          </RequireAccess>
        ),
        errorElement: <RouteError />,
      },
      area('/retailer', retailerRoutes),
      area('/admin', distributorRoutes),
      area('/sales', salesAreaRoutes),
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

// Every route of spec §2. Each screen is its own lazily loaded chunk (lib/lazy-page.ts): the sign-in
// screens never download the signed-in frame, and a retailer never downloads the sales or distributor
// screens. Screens of later issues render their title (TitlePage) until their feature replaces the
// element here with its page.
import { Navigate, Outlet, type RouteObject } from 'react-router';
import { GlobalPopup } from '../components/global-popup';
import { LoadingScreen } from '../components/loading-screen';
import { TitlePage } from '../components/page-title';
import { NotFoundPage, RouteError } from '../components/route-error';
import { installSalesBinding } from '../features/sales/sales-binding';
import { useCustomerContextConfirm } from '../features/sales/use-customer-context-confirm';
import { lazyPage } from '../lib/lazy-page';
import { useScreenToasts } from '../lib/use-screen-toasts';
import { HomeRoute, RequireAccess } from './route-guard';
import { salesAreaRoutes } from './sales-routes';
import { SessionGate } from './session-gate';

// A sales rep's calls act for the selected customer (sales paths, x-customer-id, the 409 popup).
installSalesBinding();

const title = (path: string, text: string): RouteObject => ({ path, element: <TitlePage title={text} /> });

const catalogPage = () => import('../features/catalog/catalog-page');
const orderHistoryPage = () => import('../features/orders/order-history-page');
const policiesPage = () => import('../features/policies/policies-page');
const policyPage = () => import('../features/policies/policy-page');
const profilePage = () => import('../features/profile/profile-page');
const publicPolicyPage = () => import('../features/policies/public-policy-page');
const landingPage = () => import('../features/public/landing-page');

const retailerRoutes: RouteObject[] = [
  {
    path: 'dashboard',
    lazy: lazyPage(
      () => import('../features/dashboard/dashboard-page'),
      (m) => <m.DashboardPage />,
    ),
  },
  { path: 'order', lazy: lazyPage(catalogPage, (m) => <m.CatalogPage key="order" mode="order" />) },
  { path: 'orders/history', lazy: lazyPage(orderHistoryPage, (m) => <m.OrderHistoryPage />) },
  { path: 'order/history', lazy: lazyPage(orderHistoryPage, (m) => <m.OrderHistoryPage />) },
  {
    path: 'order/details/:orderId',
    lazy: lazyPage(
      () => import('../features/orders/order-details-page'),
      (m) => <m.OrderDetailsPage />,
    ),
  },
  {
    path: 'ordered-items',
    lazy: lazyPage(
      () => import('../features/ordered-items/ordered-items-page'),
      (m) => <m.OrderedItemsPage />,
    ),
  },
  {
    path: 'cart',
    lazy: lazyPage(
      () => import('../features/cart/cart-page'),
      (m) => <m.CartPage />,
    ),
  },
  { path: 'policies', lazy: lazyPage(policiesPage, (m) => <m.PoliciesPage area="retailer" />) },
  title('promo', 'Promo'),
  {
    path: 'account',
    lazy: lazyPage(
      () => import('../features/account/account-page'),
      (m) => <m.AccountPage />,
    ),
  },
  { path: 'licence', lazy: lazyPage(policyPage, (m) => <m.PolicyPage key="license" area="retailer" kind="license" />) },
  { path: 'profile', lazy: lazyPage(profilePage, (m) => <m.RetailerProfilePage />) },
  {
    path: 'terms-and-conditions',
    lazy: lazyPage(policyPage, (m) => <m.PolicyPage key="terms" area="retailer" kind="terms" />),
  },
  {
    path: 'privacy-policy',
    lazy: lazyPage(policyPage, (m) => <m.PolicyPage key="privacy" area="retailer" kind="privacy" />),
  },
  {
    path: 'disclaimer',
    lazy: lazyPage(policyPage, (m) => <m.PolicyPage key="disclaimer" area="retailer" kind="disclaimer" />),
  },
  {
    path: 'contact',
    lazy: lazyPage(
      () => import('../features/contact/retailer-contact-page'),
      (m) => <m.RetailerContactPage />,
    ),
  },
  {
    path: 'return-policy',
    lazy: lazyPage(policyPage, (m) => <m.PolicyPage key="return" area="retailer" kind="return" />),
  },
  { path: 'product-catalog', lazy: lazyPage(catalogPage, (m) => <m.CatalogPage key="catalog" mode="catalog" />) },
];

const distributorRoutes: RouteObject[] = [
  title('dashboard', 'Dashboard'),
  title('retailers', 'Retailers'),
  {
    path: 'products',
    lazy: lazyPage(
      () => import('./catalogue-admin-pages'),
      (m) => <m.ProductsAdminPage />,
    ),
  },
  title('order', 'Orders'),
  title('order/details/:orderId', 'Order Details'),
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
  title('retailer-requests', 'Retailer Requests'),
  title('retailer-requests/add', 'Add Retailer Request'),
  title('retailer-requests/edit/:id', 'Edit Retailer Request'),
  title('retailer-requests/view/:id', 'View Retailer Request'),
  title('calender', 'Calender'),
  title('calender/view', 'Calender'),
  title('e-pick-settings', 'E-Pick Settings'),
];

/** A signed-in area: the guard, then the signed-in frame (its own chunk), then the area's screens. */
const area = (path: string, children: RouteObject[]): RouteObject => ({
  path,
  element: (
    <RequireAccess>
      <Outlet />
    </RequireAccess>
  ),
  errorElement: <RouteError />,
  children: [
    {
      lazy: lazyPage(
        () => import('../layouts/app-layout'),
        (m) => <m.AppLayout />,
      ),
      errorElement: <RouteError />,
      children: [
        { index: true, element: <Navigate to="dashboard" replace /> },
        ...children,
        { path: '*', element: <NotFoundPage /> },
      ],
    },
  ],
});

/** A sign-in screen: no frame of its own beyond the page (each page wraps itself in the auth shell). */
const signIn = (path: string, lazy: RouteObject['lazy']): RouteObject => ({ path, lazy, errorElement: <RouteError /> });

function Root() {
  const confirmCustomerContext = useCustomerContextConfirm();
  useScreenToasts();
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
    // Shown on the first load until the matched screen's chunk is in.
    hydrateFallbackElement: <LoadingScreen />,
    children: [
      {
        lazy: lazyPage(
          () => import('../layouts/public-layout'),
          (m) => <m.PublicLayout />,
        ),
        errorElement: <RouteError />,
        children: [
          {
            path: '/',
            lazy: lazyPage(landingPage, (m) => (
              <HomeRoute>
                <m.LandingPage />
              </HomeRoute>
            )),
          },
          { path: '/landing', lazy: lazyPage(landingPage, (m) => <m.LandingPage />) },
          {
            path: '/products',
            lazy: lazyPage(
              () => import('../features/public/products-page'),
              (m) => <m.ProductsPage />,
            ),
          },
          {
            path: '/contact-us',
            lazy: lazyPage(
              () => import('../features/contact/contact-page'),
              (m) => <m.ContactPage />,
            ),
          },
          {
            path: '/privacy-policy',
            lazy: lazyPage(publicPolicyPage, (m) => <m.PublicPolicyPage key="privacy" kind="privacy" title="Privacy Policy" />),
          },
          {
            path: '/terms-conditions',
            lazy: lazyPage(publicPolicyPage, (m) => <m.PublicPolicyPage key="terms" kind="terms" title="Terms & Conditions" />),
          },
          {
            path: '/software-license',
            lazy: lazyPage(publicPolicyPage, (m) => (
              <m.PublicPolicyPage key="software-license" kind="software-license" title="Software License" />
            )),
          },
        ],
      },
      signIn(
        '/login',
        lazyPage(
          () => import('../features/auth/login-page'),
          (m) => <m.LoginPage />,
        ),
      ),
      signIn(
        '/otp-verification',
        lazyPage(
          () => import('../features/auth/otp-verification-page'),
          (m) => <m.OtpVerificationPage />,
        ),
      ),
      signIn(
        '/loginPassword',
        lazyPage(
          () => import('../features/auth/password-login-page'),
          (m) => <m.PasswordLoginPage />,
        ),
      ),
      signIn(
        '/sales-login',
        lazyPage(
          () => import('../features/auth/password-login-page'),
          (m) => <m.PasswordLoginPage sales />,
        ),
      ),
      signIn(
        '/signup',
        lazyPage(
          () => import('../features/auth/signup-page'),
          (m) => <m.SignupPage />,
        ),
      ),
      signIn(
        '/signupOtp',
        lazyPage(
          () => import('../features/auth/signup-otp-page'),
          (m) => <m.SignupOtpPage />,
        ),
      ),
      signIn(
        '/forgot-password',
        lazyPage(
          () => import('../features/auth/forgot-password-page'),
          (m) => <m.ForgotPasswordPage />,
        ),
      ),
      signIn(
        '/reset-password',
        lazyPage(
          () => import('../features/auth/reset-password-page'),
          (m) => <m.ResetPasswordPage />,
        ),
      ),
      {
        path: '/warehouse-selection',
        lazy: lazyPage(
          () => import('../features/warehouse/warehouse-selection-page'),
          (m) => (
            <RequireAccess>
              <m.WarehouseSelectionPage />
            </RequireAccess>
          ),
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

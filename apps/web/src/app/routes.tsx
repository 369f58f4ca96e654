// Every route of spec §2. Each screen is its own lazily loaded chunk (lib/lazy-page.ts): the sign-in
// screens never download the signed-in frame, and a retailer never downloads the sales or distributor
// screens. Screens of later issues render their title (TitlePage) until their feature replaces the
// element here with its page.
import { Navigate, Outlet, type DOMRouterOpts, type RouteObject } from 'react-router';
import { GlobalPopup } from '../components/global-popup';
import { LoadingScreen } from '../components/loading-screen';
import { NotFoundPage, RouteError } from '../components/route-error';
import { installSalesBinding } from '../features/sales/sales-binding';
import { useCustomerContextConfirm } from '../features/sales/use-customer-context-confirm';
import { lazyPage } from '../lib/lazy-page';
import { useScreenToasts } from '../lib/use-screen-toasts';
import { type PageHandle, withMuiTheme } from './mui-pages';
import { HomeRoute, RequireAccess } from './route-guard';
import { policiesPage, policyPage, profilePage, title } from './route-parts';
import { salesAreaRoutes } from './sales-routes';
import { SessionGate } from './session-gate';

// A sales rep's calls act for the selected customer (sales paths, x-customer-id, the 409 popup).
installSalesBinding();

const catalogPage = () => import('../features/catalog/catalog-page');
const orderHistoryPage = () => import('../features/orders/order-history-page');
const publicPolicyPage = () => import('../features/policies/public-policy-page');
const landingPage = () => import('../features/public/landing-page');

const plain: PageHandle = { plainPage: true };

const retailerRoutes: RouteObject[] = [
  {
    path: 'dashboard',
    lazy: lazyPage(
      () => import('../features/dashboard/dashboard-page'),
      (m) => <m.DashboardPage />,
    ),
  },
  // Plain pages (app/mui-pages.tsx): the catalogue and the cart paint without MUI.
  { path: 'order', handle: plain, lazy: lazyPage(catalogPage, (m) => <m.CatalogPage key="order" mode="order" />) },
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
    handle: plain,
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
  {
    path: 'profile',
    // The profile with the push feature's Notification settings section (both loaded with the page).
    lazy: lazyPage(
      () => Promise.all([profilePage(), import('../features/push/notification-settings-section')]),
      ([m, push]) => <m.RetailerProfilePage extraSections={<push.NotificationSettingsSection />} />,
    ),
  },
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
    // The contact form and, below it, the store's support tickets (two features, composed here).
    lazy: lazyPage(
      () =>
        Promise.all([import('../features/contact/retailer-contact-page'), import('../features/support-tickets/store-tickets')]),
      ([contact, tickets]) => <contact.RetailerContactPage tickets={<tickets.StoreTickets scope={{ area: 'retailer' }} />} />,
    ),
  },
  {
    path: 'return-policy',
    lazy: lazyPage(policyPage, (m) => <m.PolicyPage key="return" area="retailer" kind="return" />),
  },
  {
    path: 'product-catalog',
    handle: plain,
    lazy: lazyPage(catalogPage, (m) => <m.CatalogPage key="catalog" mode="catalog" />),
  },
];

/** A signed-in area: the guard, then the signed-in frame (its own chunk), then the area's screens. */
const area = (path: string, children: RouteObject[], frameId?: string): RouteObject => ({
  path,
  element: (
    <RequireAccess>
      <Outlet />
    </RequireAccess>
  ),
  errorElement: <RouteError />,
  children: [
    {
      id: frameId,
      lazy: lazyPage(
        () => import('../layouts/app-layout'),
        (m) => <m.AppLayout />,
      ),
      errorElement: <RouteError />,
      children: [
        { index: true, element: <Navigate to="dashboard" replace /> },
        ...withMuiTheme(children),
        { path: '*', element: <NotFoundPage /> },
      ],
    },
  ],
});

const ADMIN_FRAME = 'admin-frame';

/**
 * The router's patchRoutesOnNavigation: adds the distributor area's screens (admin-routes.tsx) under
 * the admin frame the first time a path under /admin is visited. One per router (each router keeps
 * its own route tree). Until then /admin/* matches the area's not-found splat, which is what makes
 * the router ask for more routes.
 */
export function adminRoutesOnDemand(): NonNullable<DOMRouterOpts['patchRoutesOnNavigation']> {
  let added: Promise<void> | undefined;
  return ({ path, patch }) => {
    if (!/^\/admin(\/|$)/.test(path)) return;
    added ??= import('./admin-routes').then((m) => patch(ADMIN_FRAME, withMuiTheme(m.distributorRoutes)));
    return added;
  };
}

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
      area('/admin', [], ADMIN_FRAME),
      area('/sales', salesAreaRoutes),
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

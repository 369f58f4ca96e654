// Sidebar menus per role (spec §2 "Sidebar menus"), the active-item rule and the sales module rule.
import { canView, type ModulePermission } from '../auth/modules.ts';
import type { Role } from '../auth/roles.ts';

export interface MenuItem {
  /** Label shown in the sidebar, exactly as in the spec. */
  label: string;
  path: string;
  /** Key the web app maps to an icon. */
  icon: MenuIcon;
  /** When set, the item shows only if the user's module list grants view for this module name. */
  module?: string;
  /**
   * Other paths of the same screen (spec §2 route list: order/history beside orders/history, and an
   * order's details, reached from the history). The active rule applies to them as to `path`.
   */
  alsoActiveOn?: readonly string[];
}

export type MenuIcon =
  | 'dashboard'
  | 'order'
  | 'history'
  | 'ordered-items'
  | 'account'
  | 'catalog'
  | 'contact'
  | 'license'
  | 'policies'
  | 'retailers'
  | 'products'
  | 'vendors'
  | 'promo'
  | 'devices'
  | 'users'
  | 'notifications'
  | 'support'
  | 'settings'
  | 'requests'
  | 'calendar';

const RETAILER_MENU: readonly MenuItem[] = [
  { label: 'Dashboard', path: '/retailer/dashboard', icon: 'dashboard' },
  { label: 'Order', path: '/retailer/order', icon: 'order' },
  {
    label: 'Order History',
    path: '/retailer/orders/history',
    icon: 'history',
    alsoActiveOn: ['/retailer/order/history', '/retailer/order/details'],
  },
  { label: 'Ordered Items', path: '/retailer/ordered-items', icon: 'ordered-items' },
  { label: 'Account Receivable', path: '/retailer/account', icon: 'account' },
  { label: 'Product Catalog', path: '/retailer/product-catalog', icon: 'catalog' },
  { label: 'Contact Us', path: '/retailer/contact', icon: 'contact' },
  { label: 'Product License', path: '/retailer/licence', icon: 'license' },
  { label: 'Policies', path: '/retailer/policies', icon: 'policies' },
];

// The distributor's items carry their module name so a limited distributor role sees only what it
// may open (an unpermitted call answers 403, which signs the user out).
const DISTRIBUTOR_MENU: readonly MenuItem[] = [
  { label: 'Dashboard', path: '/admin/dashboard', icon: 'dashboard' },
  { label: 'Retailers', path: '/admin/retailers', icon: 'retailers', module: 'Retailers' },
  { label: 'Products', path: '/admin/products', icon: 'products', module: 'Products' },
  { label: 'Orders', path: '/admin/order', icon: 'order', module: 'Orders' },
  { label: 'Account Receivable', path: '/admin/account', icon: 'account', module: 'Account Receivable' },
  { label: 'Vendors', path: '/admin/vendors', icon: 'vendors', module: 'Vendors' },
  { label: 'Promo & Marketing', path: '/admin/promo', icon: 'promo', module: 'Promo & Marketing' },
  { label: 'Track Login Devices', path: '/admin/track-login-devices', icon: 'devices', module: 'Track Login Devices' },
  { label: 'User Management', path: '/admin/permissions', icon: 'users', module: 'User Management' },
  { label: 'Notifications', path: '/admin/notifications', icon: 'notifications', module: 'Notifications' },
  { label: 'Support Tickets', path: '/admin/support-tickets', icon: 'support', module: 'Support Tickets' },
  { label: 'Settings', path: '/admin/settings', icon: 'settings', module: 'Settings' },
  { label: 'Policies', path: '/admin/policies', icon: 'policies', module: 'Policies' },
  { label: 'Retailer Requests', path: '/admin/retailer-requests', icon: 'requests', module: 'Retailer Requests' },
  { label: 'Calender', path: '/admin/calender', icon: 'calendar', module: 'Calender' },
];

const SALES_MENU: readonly MenuItem[] = [
  { label: 'Dashboard', path: '/sales/dashboard', icon: 'dashboard' },
  { label: 'Orders', path: '/sales/order', icon: 'order' },
  { label: 'Ordered Items', path: '/sales/ordered-items', icon: 'ordered-items' },
  {
    label: 'Order History',
    path: '/sales/orders/history',
    icon: 'history',
    alsoActiveOn: ['/sales/order/history', '/sales/order/details'],
  },
  { label: 'Calender', path: '/sales/calender', icon: 'calendar' },
  { label: 'Retailers', path: '/sales/retailers', icon: 'retailers' },
  { label: 'Account Receivable', path: '/sales/account', icon: 'account', module: 'Account Receivable' },
  { label: 'Promo & Discounts', path: '/sales/promo', icon: 'promo', module: 'Promo & Discounts' },
  { label: 'Track Login Devices', path: '/sales/track-login-devices', icon: 'devices', module: 'Track Login Devices' },
  { label: 'Policies', path: '/sales/policies', icon: 'policies' },
];

export const MENUS: Record<Role, readonly MenuItem[]> = {
  retailer: RETAILER_MENU,
  distributor: DISTRIBUTOR_MENU,
  sales: SALES_MENU,
};

/** The sidebar items a user sees: the role's menu, module-gated items only when the module grants view. */
export function sidebarItems(role: Role, modules: readonly ModulePermission[] | null | undefined): MenuItem[] {
  return MENUS[role].filter((item) => !item.module || canView(modules, item.module));
}

/**
 * An item is active when the current path equals or starts with its path. "Starts with" is taken
 * per path segment, so /retailer/orders/history does not make /retailer/order active.
 */
export function isItemActive(currentPath: string, itemPath: string): boolean {
  const current = trimSlash(currentPath);
  const item = trimSlash(itemPath);
  return current === item || current.startsWith(`${item}/`);
}

/**
 * The one item to highlight: of the items whose path (or other path) matches, the most specific
 * (longest match) one. So /retailer/order/details/1 is Order History's, not Order's.
 */
export function activeItemPath(items: readonly MenuItem[], currentPath: string): string | null {
  let best: string | null = null;
  let bestLength = -1;
  for (const item of items) {
    for (const path of [item.path, ...(item.alsoActiveOn ?? [])]) {
      if (isItemActive(currentPath, path) && path.length > bestLength) {
        best = item.path;
        bestLength = path.length;
      }
    }
  }
  return best;
}

function trimSlash(path: string): string {
  return path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path;
}

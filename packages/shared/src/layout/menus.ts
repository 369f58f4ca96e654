// Sidebar menus per role (spec §2 "Sidebar menus"), the active-item rule and the module rule.
import { modulePathDecision, type ModulePermission } from '../auth/permissions.ts';
import type { Role } from '../auth/roles.ts';

export interface MenuItem {
  /** Label shown in the sidebar, exactly as in the spec. */
  label: string;
  path: string;
  /** Key the web app maps to an icon. */
  icon: MenuIcon;
  /**
   * Other paths of the same screen (spec §2 route list: order/history beside orders/history, and an
   * order's details, reached from the history). The active rule applies to them as to `path`.
   */
  alsoActiveOn?: readonly string[];
}

export type MenuIcon =
  | 'stories'
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

// The distributor's and the rep's items are gated by the permission table (auth/permissions.ts): an
// item shows only when the user may open its path, so a hidden item and a refused route are one rule.
const DISTRIBUTOR_MENU: readonly MenuItem[] = [
  { label: 'Dashboard', path: '/admin/dashboard', icon: 'dashboard' },
  { label: 'Retailers', path: '/admin/retailers', icon: 'retailers' },
  { label: 'Products', path: '/admin/products', icon: 'products' },
  { label: 'Orders', path: '/admin/order', icon: 'order' },
  { label: 'Account Receivable', path: '/admin/account', icon: 'account' },
  { label: 'Vendors', path: '/admin/vendors', icon: 'vendors' },
  { label: 'Promo & Marketing', path: '/admin/promo', icon: 'promo', alsoActiveOn: ['/admin/stories'] },
  { label: 'Track Login Devices', path: '/admin/track-login-devices', icon: 'devices' },
  { label: 'User Management', path: '/admin/permissions', icon: 'users' },
  { label: 'Notifications', path: '/admin/notifications', icon: 'notifications' },
  {
    label: 'Support Tickets',
    path: '/admin/support-tickets',
    icon: 'support',
    alsoActiveOn: ['/admin/contact-requests'],
  },
  { label: 'Settings', path: '/admin/settings', icon: 'settings' },
  { label: 'Policies', path: '/admin/policies', icon: 'policies' },
  { label: 'Retailer Requests', path: '/admin/retailer-requests', icon: 'requests' },
  { label: 'Calender', path: '/admin/calender', icon: 'calendar' },
];

/** One tab of a sidebar item's screen that has several (SECTIONS below). */
export interface Section {
  label: string;
  /** Where the tab leads; its path (without the query) is checked against the grants like a menu item. */
  to: string;
}

/**
 * Screens the spec's sidebar list does not name reach the office as tabs of the item they belong
 * to, so the sidebar stays exactly the spec's list: stories beside promotions and banners (all three
 * are what the stores see of the distributor's marketing), contact-form messages beside tickets, reports and
 * high demand beside the dashboard's figures, purchase orders beside vendors, e-pick settings and the back
 * office's connections beside the settings.
 */
export const SECTIONS = {
  promo: [
    { label: 'Promotions', to: '/admin/promo' },
    { label: 'Banners', to: '/admin/promo?tab=banners' },
    { label: 'Stories', to: '/admin/stories' },
  ],
  support: [
    { label: 'Tickets', to: '/admin/support-tickets' },
    { label: 'Contact Requests', to: '/admin/contact-requests' },
  ],
  dashboard: [
    { label: 'Overview', to: '/admin/dashboard' },
    { label: 'Reports', to: '/admin/reports' },
    { label: 'High Demand', to: '/admin/high-demand' },
  ],
  vendors: [
    { label: 'Vendors', to: '/admin/vendors' },
    { label: 'Purchase Orders', to: '/admin/purchase-orders' },
  ],
  settings: [
    { label: 'Settings', to: '/admin/settings' },
    { label: 'E-Pick Settings', to: '/admin/e-pick-settings' },
    { label: 'Back Office', to: '/admin/back-office' },
  ],
  userManagement: [
    { label: 'Roles', to: '/admin/permissions' },
    { label: 'Staff users', to: '/admin/permissions/staff' },
    { label: 'Sales reps', to: '/admin/permissions/sales-reps' },
  ],
} as const satisfies Record<string, readonly Section[]>;

/** The section a path belongs to: the one whose path (query aside) it equals or lies under, the longest. */
export function currentSection(sections: readonly Section[], pathname: string): Section | undefined {
  let best: Section | undefined;
  for (const s of sections) {
    const path = s.to.split('?')[0]!;
    if (isItemActive(pathname, path) && (!best || path.length > best.to.split('?')[0]!.length)) best = s;
  }
  return best;
}

/** The sections of one screen a user may open. */
export function visibleSections(
  role: Role,
  sections: readonly Section[],
  modules: readonly ModulePermission[] | null | undefined,
): Section[] {
  return sections.filter((s) => modulePathDecision(role, s.to.split('?')[0]!, modules).allow);
}

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
  { label: 'Account Receivable', path: '/sales/account', icon: 'account' },
  { label: 'Promo & Discounts', path: '/sales/promo', icon: 'promo' },
  { label: 'Track Login Devices', path: '/sales/track-login-devices', icon: 'devices' },
  { label: 'Policies', path: '/sales/policies', icon: 'policies' },
];

export const MENUS: Record<Role, readonly MenuItem[]> = {
  retailer: RETAILER_MENU,
  distributor: DISTRIBUTOR_MENU,
  sales: SALES_MENU,
};

/** The sidebar items a user sees: the role's menu, less the items whose path the grants refuse. */
export function sidebarItems(role: Role, modules: readonly ModulePermission[] | null | undefined): MenuItem[] {
  return MENUS[role].filter((item) => modulePathDecision(role, item.path, modules).allow);
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

// Module names used by role permissions (the server's rolesPermission list, stored as `module`).
export const DISTRIBUTOR_MODULES = [
  'Dashboard',
  'Retailers',
  'Products',
  'Orders',
  'Account Receivable',
  'Vendors',
  'Promo & Marketing',
  'Track Login Devices',
  'User Management',
  'Notifications',
  'Support Tickets',
  'Settings',
  'Policies',
  'Retailer Requests',
  'Calender',
  'Stories',
  'E-Pick Settings',
  'Reports',
] as const;

/** Sales-side modules that gate sidebar items (spec §2 Sidebar menus). */
export const SALES_MODULES = ['Account Receivable', 'Promo & Discounts', 'Track Login Devices'] as const;

export interface ModulePermission {
  module: string;
  view: boolean;
  add: boolean;
  edit: boolean;
  delete: boolean;
}

export function canView(modules: readonly ModulePermission[] | null | undefined, module: string): boolean {
  return Boolean(modules?.some((m) => m.module === module && m.view));
}

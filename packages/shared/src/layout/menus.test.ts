import { describe, expect, it } from 'vitest';
import { DISTRIBUTOR_MODULES } from '../auth/modules.ts';
import type { ModulePermission } from '../auth/permissions.ts';
import { activeItemPath, currentSection, isItemActive, SECTIONS, sidebarItems, visibleSections } from './menus.ts';

const grant = (module: string, view = true): ModulePermission => ({
  module,
  view,
  add: false,
  edit: false,
  delete: false,
  export: false,
  approve: false,
});
const labels = (items: { label: string }[]) => items.map((i) => i.label);

describe('sidebar menus', () => {
  it('retailer menu in the spec order', () => {
    expect(labels(sidebarItems('retailer', []))).toEqual([
      'Dashboard',
      'Order',
      'Order History',
      'Ordered Items',
      'Account Receivable',
      'Product Catalog',
      'Contact Us',
      'Product License',
      'Policies',
    ]);
  });

  it('distributor with every module sees the whole menu in the spec order', () => {
    const all = DISTRIBUTOR_MODULES.map((m) => grant(m));
    expect(labels(sidebarItems('distributor', all))).toEqual([
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
    ]);
  });

  it('stories and contact requests are tabs of the items they belong to, active on their pages', () => {
    const all = DISTRIBUTOR_MODULES.map((m) => grant(m));
    const items = sidebarItems('distributor', all);
    expect(activeItemPath(items, '/admin/stories')).toBe('/admin/promo');
    expect(activeItemPath(items, '/admin/contact-requests')).toBe('/admin/support-tickets');
    expect(visibleSections('distributor', SECTIONS.promo, all).map((s) => s.label)).toEqual(['Promotions', 'Banners', 'Stories']);
    // A role with Promo & Marketing but not Stories sees no Stories tab (the route refuses it too).
    const noStories = all.filter((g) => g.module !== 'Stories');
    expect(visibleSections('distributor', SECTIONS.promo, noStories).map((s) => s.label)).toEqual(['Promotions', 'Banners']);
  });

  it('a path belongs to the section it lies under, the longest', () => {
    const at = (path: string) => currentSection(SECTIONS.userManagement, path)?.label;
    expect(at('/admin/permissions')).toBe('Roles');
    expect(at('/admin/permissions/roles/7')).toBe('Roles');
    expect(at('/admin/permissions/staff')).toBe('Staff users');
    expect(at('/admin/permissions/staff/u-1')).toBe('Staff users');
    expect(at('/admin/permissions/sales-reps/r-1')).toBe('Sales reps');
    expect(at('/admin/permissions-old')).toBeUndefined();
  });

  it('a limited distributor role sees Dashboard and its granted modules only', () => {
    expect(labels(sidebarItems('distributor', [grant('Products'), grant('Vendors', false)]))).toEqual(['Dashboard', 'Products']);
  });

  it('sales without modules sees only the always-shown items, in order', () => {
    expect(labels(sidebarItems('sales', []))).toEqual([
      'Dashboard',
      'Orders',
      'Ordered Items',
      'Order History',
      'Calender',
      'Retailers',
      'Policies',
    ]);
    expect(labels(sidebarItems('sales', null))).toHaveLength(7);
  });

  it('sales sees a gated item only when its module grants view', () => {
    const items = sidebarItems('sales', [
      grant('Account Receivable'),
      grant('Promo & Discounts', false),
      grant('Track Login Devices'),
    ]);
    expect(labels(items)).toEqual([
      'Dashboard',
      'Orders',
      'Ordered Items',
      'Order History',
      'Calender',
      'Retailers',
      'Account Receivable',
      'Track Login Devices',
      'Policies',
    ]);
  });

  it('module names match exactly', () => {
    expect(labels(sidebarItems('sales', [grant('account receivable')]))).not.toContain('Account Receivable');
  });
});

describe('active item', () => {
  it('is active when the path equals or starts with the item path', () => {
    expect(isItemActive('/retailer/order', '/retailer/order')).toBe(true);
    expect(isItemActive('/retailer/order/', '/retailer/order')).toBe(true);
    expect(isItemActive('/retailer/order/details/100001', '/retailer/order')).toBe(true);
    expect(isItemActive('/retailer/dashboard', '/retailer/order')).toBe(false);
  });

  it('compares whole path segments', () => {
    expect(isItemActive('/retailer/orders/history', '/retailer/order')).toBe(false);
    expect(isItemActive('/admin/permissions/edit/3', '/admin/permissions')).toBe(true);
  });

  it('highlights only the most specific matching item', () => {
    const items = [
      { label: 'A', path: '/x/order', icon: 'order' as const },
      { label: 'B', path: '/x/order/history', icon: 'history' as const },
    ];
    expect(activeItemPath(items, '/x/order/history')).toBe('/x/order/history');
    expect(activeItemPath(items, '/x/order/details/1')).toBe('/x/order');
    expect(activeItemPath(items, '/x/elsewhere')).toBeNull();
  });

  it('order history owns its other paths and the order details: Order stays for ordering only', () => {
    const retailer = sidebarItems('retailer', []);
    expect(activeItemPath(retailer, '/retailer/order/history')).toBe('/retailer/orders/history');
    expect(activeItemPath(retailer, '/retailer/order/details/100001')).toBe('/retailer/orders/history');
    expect(activeItemPath(retailer, '/retailer/orders/history')).toBe('/retailer/orders/history');
    expect(activeItemPath(retailer, '/retailer/order')).toBe('/retailer/order');
    expect(activeItemPath(retailer, '/retailer/order/historyx')).toBe('/retailer/order');
    const sales = sidebarItems('sales', []);
    expect(activeItemPath(sales, '/sales/order/details/100001')).toBe('/sales/orders/history');
    expect(activeItemPath(sales, '/sales/order/history')).toBe('/sales/orders/history');
    expect(activeItemPath(sales, '/sales/order')).toBe('/sales/order');
  });
});

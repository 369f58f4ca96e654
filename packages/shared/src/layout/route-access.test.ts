import { describe, expect, it } from 'vitest';
import { DEFAULT_PATH, ROLES } from '../auth/roles.ts';
import { guardPath, wrongRoleRedirect } from './route-access.ts';

const SAMPLE_PATHS = [
  '/retailer/dashboard',
  '/retailer/order/details/1',
  '/admin/dashboard',
  '/admin/products',
  '/admin/calender',
  '/admin/calender/view',
  '/admin/e-pick-settings',
  '/sales/dashboard',
  '/sales/calender',
  '/warehouse-selection',
];

describe('route guard', () => {
  it('lets public paths through', () => {
    expect(guardPath('/login', null, null)).toEqual({ allow: true });
    expect(guardPath('/products', null, null)).toEqual({ allow: true });
  });

  it('sends a visitor without token to /login remembering the origin, a rep to /sales-login', () => {
    expect(guardPath('/retailer/cart', null, null)).toEqual({ allow: false, redirect: '/login', rememberOrigin: true });
    expect(guardPath('/admin/products', null, 'distributor')).toEqual({ allow: false, redirect: '/login', rememberOrigin: true });
    expect(guardPath('/retailer/cart', null, 'sales')).toEqual({ allow: false, redirect: '/sales-login', rememberOrigin: true });
    expect(guardPath('/sales/order', null, null)).toEqual({ allow: false, redirect: '/sales-login', rememberOrigin: true });
  });

  it('lets each role into its own area', () => {
    expect(guardPath('/retailer/cart', 't', 'retailer')).toEqual({ allow: true });
    expect(guardPath('/admin/permissions/edit/3', 't', 'distributor')).toEqual({ allow: true });
    expect(guardPath('/sales/calender/view', 't', 'sales')).toEqual({ allow: true });
    expect(guardPath('/warehouse-selection', 't', 'distributor')).toEqual({ allow: true });
    expect(guardPath('/warehouse-selection', 't', 'retailer')).toEqual({ allow: true });
  });

  it('follows the spec redirect where the role may open it', () => {
    expect(guardPath('/retailer/dashboard', 't', 'distributor')).toEqual({ allow: false, redirect: '/admin/dashboard' });
    expect(guardPath('/admin/products', 't', 'retailer')).toEqual({ allow: false, redirect: '/retailer/dashboard' });
    expect(wrongRoleRedirect('/admin/calender', 'distributor')).toBe('/admin/dashboard');
  });

  it('otherwise sends a wrong role to its own default path', () => {
    expect(guardPath('/retailer/dashboard', 't', 'sales')).toEqual({ allow: false, redirect: '/sales/dashboard' });
    expect(guardPath('/admin/products', 't', 'sales')).toEqual({ allow: false, redirect: '/sales/dashboard' });
    expect(guardPath('/sales/dashboard', 't', 'retailer')).toEqual({ allow: false, redirect: '/retailer/dashboard' });
    expect(guardPath('/admin/calender', 't', 'retailer')).toEqual({ allow: false, redirect: '/retailer/dashboard' });
    expect(guardPath('/admin/e-pick-settings', 't', 'sales')).toEqual({ allow: false, redirect: '/sales/dashboard' });
    expect(guardPath('/warehouse-selection', 't', 'sales')).toEqual({ allow: false, redirect: '/sales/dashboard' });
  });

  it('treats a missing or unknown stored role as retailer', () => {
    expect(guardPath('/retailer/dashboard', 't', null)).toEqual({ allow: true });
    expect(guardPath('/admin/dashboard', 't', 'owner')).toEqual({ allow: false, redirect: '/retailer/dashboard' });
  });

  it('never loops: every redirect of a signed-in role lands on a page that role may open', () => {
    for (const role of ROLES) {
      for (const path of SAMPLE_PATHS) {
        const first = guardPath(path, 't', role);
        if (first.allow) continue;
        expect(guardPath(first.redirect, 't', role)).toEqual({ allow: true });
        expect(first.redirect).toBe(DEFAULT_PATH[role]);
      }
    }
  });
});

import { ownerGrants, type Grant } from '@portal/shared/auth/permissions';
import { percentChange, resolvePeriod } from '@portal/shared/dashboard/distributor-dashboard.schemas';
import { describe, expect, it } from 'vitest';
import { bodyOfPeriod, changeText, periodFromUrl, statusLink, tileLinks, urlOfPeriod } from './distributor-dashboard.rules';

const only = (module: string): Grant[] => [
  { module, view: true, add: false, edit: false, delete: false, export: false, approve: false },
];

describe('the period rules', () => {
  it('defaults to 30 days ending today, and the previous period has as many days', () => {
    expect(resolvePeriod({}, '2026-06-15')).toEqual({
      ok: true,
      period: { from: '2026-05-17', to: '2026-06-15', days: 30 },
      previous: { from: '2026-04-17', to: '2026-05-16', days: 30 },
    });
    expect(resolvePeriod({ from: '2026-02-27', to: '2026-03-01' }, '2026-06-15')).toMatchObject({
      period: { days: 3 },
      previous: { from: '2026-02-24', to: '2026-02-26', days: 3 },
    });
    expect(resolvePeriod({ to: '2026-01-30' }, '2026-06-15')).toMatchObject({ period: { from: '2026-01-01', to: '2026-01-30' } });
    expect(resolvePeriod({ from: '2026-06-10' }, '2026-06-15')).toMatchObject({
      period: { from: '2026-06-10', to: '2026-06-15' },
    });
  });

  it('refuses a backwards or too long period', () => {
    expect(resolvePeriod({ from: '2026-06-10', to: '2026-06-09' }, '2026-06-15')).toEqual({
      ok: false,
      message: 'from must be on or before to',
    });
    expect(resolvePeriod({ from: '2025-06-14', to: '2026-06-15' }, '2026-06-15')).toEqual({
      ok: false,
      message: 'The period can be at most 366 days',
    });
    expect(resolvePeriod({ from: '2025-06-15', to: '2026-06-15' }, '2026-06-15')).toMatchObject({
      ok: true,
      period: { days: 366 },
    });
  });

  it('compares with the previous figure in percent, none without a base', () => {
    expect(percentChange(150, 100)).toBe(50);
    expect(percentChange(50, 150)).toBe(-66.7);
    expect(percentChange(5, 0)).toBeNull();
    expect(percentChange(5, null)).toBeNull();
    expect(changeText(50, 150)).toBe('+50%');
    expect(changeText(-66.7, 50)).toBe('−66.7%');
    expect(changeText(null, 5)).toBe('new');
    expect(changeText(null, 0)).toBe('');
  });

  it('keeps the period in the URL and asks for it', () => {
    const url = (s: string) => periodFromUrl(new URLSearchParams(s));
    expect(url('')).toEqual({ kind: 'preset', days: 30 });
    expect(url('days=7')).toEqual({ kind: 'preset', days: 7 });
    expect(url('days=12')).toEqual({ kind: 'preset', days: 30 });
    expect(url('from=2026-06-10&to=2026-06-01')).toEqual({ kind: 'custom', from: '2026-06-01', to: '2026-06-10' });
    expect(url('from=2026-02-30&to=2026-03-01')).toEqual({ kind: 'preset', days: 30 });
    expect(urlOfPeriod({ kind: 'preset', days: 30 })).toEqual({});
    expect(urlOfPeriod({ kind: 'preset', days: 90 })).toEqual({ days: '90' });
    expect(bodyOfPeriod({ kind: 'preset', days: 30 }, null)).toEqual({});
    expect(bodyOfPeriod({ kind: 'preset', days: 7 }, '2026-06-15')).toEqual({ from: '2026-06-09', to: '2026-06-15' });
    expect(bodyOfPeriod({ kind: 'custom', from: '2026-01-01', to: '2026-01-31' }, '2026-06-15')).toEqual({
      from: '2026-01-01',
      to: '2026-01-31',
    });
  });
});

describe('the lists behind the tiles', () => {
  const period = { from: '2026-06-09', to: '2026-06-15' };

  it('opens each list with its filters in the URL', () => {
    const links = tileLinks(period, ownerGrants());
    expect(links.revenue).toBe(
      '/admin/order?status=on_hold%2Cplaced%2Cconfirmed%2Cpicking%2Cout_for_delivery%2Cdelivered&createdFrom=2026-06-09&createdTo=2026-06-15',
    );
    expect(links.cancelled).toBe('/admin/order?status=cancelled&createdFrom=2026-06-09&createdTo=2026-06-15');
    expect(links.pendingRequests).toBe('/admin/retailer-requests?status=pending');
    expect(links.openTickets).toBe('/admin/support-tickets?status=active');
    expect(links.lowStock).toBe('/admin/products?stock=low&status=active');
    expect(links.receivables).toBe('/admin/retailers?balanceMin=0.01&sort=balance&dir=desc');
    expect(links.pastDue).toBe('/admin/account?show=pastDue');
    expect(statusLink(period, 'picking', ownerGrants())).toBe(
      '/admin/order?status=picking&createdFrom=2026-06-09&createdTo=2026-06-15',
    );
  });

  it('gives no link to a list the grants do not open', () => {
    const links = tileLinks(period, only('Products'));
    expect(links.lowStock).toBe('/admin/products?stock=low&status=active');
    for (const key of [
      'revenue',
      'orders',
      'cancelled',
      'pendingRequests',
      'openTickets',
      'receivables',
      'newStores',
      'pastDue',
    ] as const)
      expect(links[key], key).toBeNull();
    expect(statusLink(period, 'placed', only('Products'))).toBeNull();
    expect(tileLinks(period, only('Orders')).lowStock).toBeNull();
    expect(tileLinks(period, only('Account Receivable')).pastDue).toBe('/admin/account?show=pastDue');
  });
});

// The banners on the dashboards: the retailer's from /retailer/bannerList, the rep's from
// /sales/bannerList, each card a keyboard-reachable link with the artwork named by its title, leading to
// the same screen in the viewer's area; no banners (or a failed list) shows no strip at all.
import { screen, within } from '@testing-library/react';
import type { Banner } from '@portal/shared/sales/sales.schemas';
import { describe, expect, it } from 'vitest';
import { mockApi, ok, renderApp, signInData } from '../../test/render-app';

const BANNER: Banner = {
  id: 'b1',
  title: 'Summer Beverage Sale',
  description: 'Save up to 15%',
  imageUrl: '/product-images/banner-beverages.svg',
  link: '/retailer/order?only=promoted',
  startsAt: '2026-03-01T00:00:00.000Z',
  endsAt: null,
};

describe('dashboard banners', () => {
  it('shows the retailer the banners running for its store, as links reachable with the keyboard', async () => {
    const { calls } = mockApi({
      'GET /retailer/bannerList': ok({
        bannerList: [BANNER, { ...BANNER, id: 'b2', title: 'Supplier days', link: 'https://supplier.test/offer' }],
      }),
    });
    const { user } = renderApp('/retailer/dashboard', { signedInAs: signInData('retailer') });
    const strip = await screen.findByRole('list', { name: 'Promotions' });
    expect(within(strip).getByRole('img', { name: 'Summer Beverage Sale' })).toHaveAttribute(
      'src',
      '/product-images/banner-beverages.svg',
    );
    const link = within(strip).getByRole('link', { name: 'Shop now: Summer Beverage Sale' });
    expect(link).toHaveAttribute('href', '/retailer/order?only=promoted');
    expect(within(strip).getByRole('link', { name: 'Shop now: Supplier days' })).toHaveAttribute('target', '_blank');
    // Tab reaches the banner link.
    for (let i = 0; i < 30 && document.activeElement !== link; i++) await user.tab();
    expect(link).toHaveFocus();
    expect(calls.some((c) => c.key === 'GET /sales/bannerList')).toBe(false);
  });

  it('shows no strip when no banner runs for the store, or when the list fails', async () => {
    mockApi({ 'GET /retailer/bannerList': ok({ bannerList: [] }) });
    const first = renderApp('/retailer/dashboard', { signedInAs: signInData('retailer') });
    expect(await screen.findByRole('heading', { name: 'New Items' })).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Promotions' })).not.toBeInTheDocument();
    first.unmount();

    mockApi({ 'GET /retailer/bannerList': { status: 500 } });
    renderApp('/retailer/dashboard', { signedInAs: signInData('retailer') });
    expect(await screen.findByRole('heading', { name: 'New Items' })).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Promotions' })).not.toBeInTheDocument();
    expect(screen.queryByRole('status', { name: /banner/i })).not.toBeInTheDocument();
  });

  it('shows the rep the banners of /sales/bannerList, leading to the sales screens', async () => {
    mockApi({ 'GET /sales/bannerList': ok({ bannerList: [BANNER] }) });
    renderApp('/sales/dashboard', { signedInAs: signInData('sales') });
    const strip = await screen.findByRole('list', { name: 'Promotions' });
    expect(within(strip).getByRole('link', { name: 'Shop now: Summer Beverage Sale' })).toHaveAttribute(
      'href',
      '/sales/order?only=promoted',
    );
  });
});

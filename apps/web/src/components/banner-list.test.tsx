import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { BannerList } from './banner-list';

const BANNER = {
  id: 'b1',
  title: 'Summer Beverage Sale',
  description: 'Save up to 15%',
  imageUrl: '/product-images/banner-beverages.svg',
  link: null,
  startsAt: '2026-03-01T00:00:00Z',
  endsAt: null,
};

describe('promotion banners', () => {
  it('a click on the artwork (its drawn Shop now) opens where the banner leads', async () => {
    const router = createMemoryRouter(
      [
        { path: '/sales/promo', element: <BannerList banners={[BANNER]} loading={false} /> },
        { path: '/sales/order', element: <p>Order screen</p> },
      ],
      { initialEntries: ['/sales/promo'] },
    );
    render(<RouterProvider router={router} />);
    const link = screen.getByRole('link', { name: 'Shop now: Summer Beverage Sale' });
    expect(link).toHaveAttribute('href', '/sales/order');
    await userEvent.setup().click(screen.getByRole('img', { name: 'Summer Beverage Sale' }));
    expect(await screen.findByText('Order screen')).toBeInTheDocument();
  });

  it('a banner with its own link leads there: a site path in the app, an http(s) address in a new tab', () => {
    const router = createMemoryRouter(
      [
        {
          path: '/sales/promo',
          element: (
            <BannerList
              banners={[
                { ...BANNER, id: 'b2', title: 'Catalogue', link: '/sales/promo?x=1' },
                { ...BANNER, id: 'b3', title: 'Supplier', link: 'https://supplier.test/offer' },
              ]}
              loading={false}
            />
          ),
        },
      ],
      { initialEntries: ['/sales/promo'] },
    );
    render(<RouterProvider router={router} />);
    expect(screen.getByRole('link', { name: 'Shop now: Catalogue' })).toHaveAttribute('href', '/sales/promo?x=1');
    const external = screen.getByRole('link', { name: 'Shop now: Supplier' });
    expect(external).toHaveAttribute('href', 'https://supplier.test/offer');
    expect(external).toHaveAttribute('target', '_blank');
    expect(external).toHaveAttribute('rel', 'noopener noreferrer');
  });
});

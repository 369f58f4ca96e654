// /admin/promo: the promotions grid asks the server by status, a new promotion is checked with the
// API's schema before it is sent (the server's field messages land on the fields), and the preview shows what the chosen customer pays.
import { screen, waitFor, within } from '@testing-library/react';
import type { PromotionRow } from '@portal/shared/promotions/promotions.schemas';
import { describe, expect, it } from 'vitest';
import { mockApi, ok, renderApp, signInData } from '../../test/render-app';

const grant = { module: 'Promo & Marketing', view: true, add: true, edit: true, delete: true };
const admin = () => signInData('distributor', { rolesPermission: [grant] });

const promotion: PromotionRow = {
  id: 'pr-1',
  title: 'Cola week',
  description: null,
  discountType: 'percent',
  discountValue: 10,
  promoted: false,
  targets: { productIds: ['p-cola'], categoryIds: [], brands: [], vendorIds: [] },
  audience: { type: 'routes', values: ['101'] },
  startsAt: '2026-03-01T08:00:00.000Z',
  endsAt: null,
  isActive: true,
  status: 'active',
  createdAt: '2026-02-01T00:00:00.000Z',
  updatedAt: null,
};

describe('/admin/promo', () => {
  it('lists promotions by status and checks a new promotion with the API’s rules before sending it, then shows the server’s field message', async () => {
    const { calls } = mockApi({
      'GET /admin/promotions': ok({ items: [promotion], total: 1, page: 1, limit: 25 }),
      'POST /admin/promotions': {
        status: 400,
        body: {
          success: false,
          message: 'Unknown product: p-cola',
          error: { code: 'VALIDATION_ERROR', fields: { 'targets.productIds': 'Unknown product: p-cola' } },
        },
      },
      'GET /admin/promotions/pr-1/preview': ok({
        customer: { id: 'cust-10001', cNumber: '10001', name: 'Corner Mart #1', priceLevel: 1, route: '101' },
        at: '2026-03-02T00:00:00.000Z',
        appliesToCustomer: true,
        items: [
          { productId: 'p-cola', itemNumber: 'BEV-100', description: 'Cola', priceBefore: 10, priceAfter: 9, discounted: true },
        ],
        total: 1,
      }),
    });
    const { user } = renderApp('/admin/promo', { signedInAs: admin() });

    const grid = await screen.findByRole('grid', { name: 'Promotions' });
    expect(await within(grid).findByText('Cola week')).toBeInTheDocument();
    expect(within(grid).getByText('Routes: 101')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Scheduled' }));
    await waitFor(() =>
      expect(
        calls
          .filter((c) => c.key === 'GET /admin/promotions')
          .at(-1)!
          .url.searchParams.get('status'),
      ).toBe('scheduled'),
    );

    await user.click(screen.getByRole('button', { name: 'New promotion' }));
    await user.click(screen.getByRole('button', { name: 'Create promotion' }));
    expect(await screen.findByText('Title is required')).toBeInTheDocument();
    expect(calls.some((c) => c.key === 'POST /admin/promotions')).toBe(false);

    const form = screen.getByRole('form', { name: 'New promotion' });
    await user.type(within(form).getByRole('textbox', { name: /^Title/ }), 'Route sale');
    await user.type(within(form).getByLabelText('Percent off'), '10');
    await user.type(within(form).getByLabelText('Product ids (comma-separated)'), 'p-cola');
    await user.click(screen.getByRole('button', { name: 'Create promotion' }));
    // The server's field message lands on its field.
    expect(await screen.findByText('Unknown product: p-cola')).toBeInTheDocument();
    expect(calls.filter((c) => c.key === 'POST /admin/promotions')).toHaveLength(1);
  }, 40_000);

  it('previews what a chosen customer pays', async () => {
    mockApi({
      'GET /admin/promotions': ok({ items: [promotion], total: 1, page: 1, limit: 25 }),
      'GET /admin/promotions/pr-1/preview': ok({
        customer: { id: 'cust-10001', cNumber: '10001', name: 'Corner Mart #1', priceLevel: 1, route: '101' },
        at: '2026-03-02T00:00:00.000Z',
        appliesToCustomer: true,
        items: [
          { productId: 'p-cola', itemNumber: 'BEV-100', description: 'Cola', priceBefore: 10, priceAfter: 9, discounted: true },
        ],
        total: 1,
      }),
    });
    const { user } = renderApp('/admin/promo', { signedInAs: admin() });
    const grid = await screen.findByRole('grid', { name: 'Promotions' });
    await user.click(await within(grid).findByRole('button', { name: 'Preview prices of Cola week' }));
    await user.type(screen.getByLabelText('Customer id'), 'cust-10001');
    await user.click(screen.getByRole('button', { name: 'Show prices' }));
    const table = await screen.findByRole('table', { name: 'Prices before and after' });
    expect(within(table).getByText('$10.00')).toBeInTheDocument();
    expect(within(table).getByText('$9.00')).toBeInTheDocument();
    expect(screen.getByText(/route 101: in the audience/)).toBeInTheDocument();
  }, 40_000);
});

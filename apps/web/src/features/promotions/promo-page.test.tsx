// /admin/promo: the promotions grid asks the server by status, a new promotion is checked with the
// API's schema before it is sent (the server's field messages land on the fields), targets and audience
// are picked by searching (a saved promotion's values show their labels), and the preview shows what
// the customer picked by name pays.
import { screen, waitFor, within } from '@testing-library/react';
import type { PromotionRow } from '@portal/shared/promotions/promotions.schemas';
import { describe, expect, it } from 'vitest';
import { mockApi, ok, renderApp, signInData, type MockAnswer } from '../../test/render-app';

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

const CHOICES = {
  products: [{ value: 'p-cola', label: 'BEV-100 · Cola Classic 12oz Can', detail: 'FizzCo' }],
  routes: [
    { value: '101', label: '101', detail: '2 customers' },
    { value: '202', label: '202', detail: '1 customer' },
  ],
  customers: [{ value: 'cust-10001', label: '10001 · Corner Mart #1', detail: 'Route 101 · Price level 1' }],
} as Record<string, { value: string; label: string; detail: string | null }[]>;

/** The choices endpoint over CHOICES: a search on the label, or the named values. */
function choices(_body: unknown, url: URL): MockAnswer {
  const all = CHOICES[url.searchParams.get('kind') ?? ''] ?? [];
  const values = url.searchParams.get('values');
  const search = (url.searchParams.get('search') ?? '').toLowerCase();
  return ok({
    items: values
      ? all.filter((c) => values.split(',').includes(c.value))
      : all.filter((c) => c.label.toLowerCase().includes(search)),
  });
}

describe('/admin/promo', () => {
  it('lists promotions by status and checks a new promotion with the API’s rules before sending it', async () => {
    const { calls } = mockApi({
      'GET /admin/promotions': ok({ items: [promotion], total: 1, page: 1, limit: 25 }),
      'GET /admin/promotions/choices': choices,
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
    await user.click(within(form).getByRole('textbox', { name: /^Title/ }));
    await user.paste('Route sale');
    await user.click(within(form).getByLabelText('Percent off'));
    await user.paste('10');
    await user.click(screen.getByRole('button', { name: 'Create promotion' }));
    expect(await screen.findByText('Choose at least one product, category, brand or vendor')).toBeInTheDocument();
    expect(calls.some((c) => c.key === 'POST /admin/promotions')).toBe(false);
  });

  it('picks the products and the route 101 audience from searchable lists, and shows the server’s field message', async () => {
    const { calls } = mockApi({
      'GET /admin/promotions': ok({ items: [promotion], total: 1, page: 1, limit: 25 }),
      'GET /admin/promotions/choices': choices,
      'POST /admin/promotions': {
        status: 400,
        body: {
          success: false,
          message: 'Unknown product: p-cola',
          error: { code: 'VALIDATION_ERROR', fields: { 'targets.productIds': 'Unknown product: p-cola' } },
        },
      },
    });
    const { user } = renderApp('/admin/promo', { signedInAs: admin() });
    await user.click(await screen.findByRole('button', { name: 'New promotion' }));
    const form = screen.getByRole('form', { name: 'New promotion' });
    await user.click(within(form).getByRole('textbox', { name: /^Title/ }));
    await user.paste('Route sale');
    await user.click(within(form).getByLabelText('Percent off'));
    await user.paste('10');
    // Products are found by item number or description and chosen from the list.
    await user.type(within(form).getByRole('combobox', { name: 'Products' }), 'bev');
    await user.click(await screen.findByRole('option', { name: /BEV-100 · Cola Classic 12oz Can/ }));
    expect(within(form).getByRole('button', { name: 'BEV-100 · Cola Classic 12oz Can' })).toBeInTheDocument();
    // The audience: routes, picked in the Routes picker.
    await user.click(within(form).getByRole('combobox', { name: 'Audience' }));
    await user.click(await screen.findByRole('option', { name: 'Routes' }));
    await user.click(within(form).getByRole('combobox', { name: 'Routes' }));
    await user.click(await screen.findByRole('option', { name: /^101/ }));
    await user.click(screen.getByRole('button', { name: 'Create promotion' }));
    // The server's field message lands on its field.
    expect(await screen.findByText('Unknown product: p-cola')).toBeInTheDocument();
    const posts = calls.filter((c) => c.key === 'POST /admin/promotions');
    expect(posts).toHaveLength(1);
    expect(posts[0]!.body).toMatchObject({
      title: 'Route sale',
      discountType: 'percent',
      discountValue: 10,
      targets: { productIds: ['p-cola'], categoryIds: [], brands: [], vendorIds: [] },
      audience: { type: 'routes', values: ['101'] },
    });
  });

  it('opens a saved promotion with its targets and audience labelled, and saves what is changed', async () => {
    const { calls } = mockApi({
      'GET /admin/promotions': ok({ items: [promotion], total: 1, page: 1, limit: 25 }),
      'GET /admin/promotions/choices': choices,
      'PUT /admin/promotions/pr-1': (body) => ok({ ...promotion, ...(body as object) }, 'Promotion updated'),
    });
    const { user } = renderApp('/admin/promo', { signedInAs: admin() });
    const grid = await screen.findByRole('grid', { name: 'Promotions' });
    await user.click(await within(grid).findByRole('button', { name: 'Edit Cola week' }));
    const form = screen.getByRole('form', { name: 'Edit promotion' });
    expect(await within(form).findByRole('button', { name: 'BEV-100 · Cola Classic 12oz Can' })).toBeInTheDocument();
    expect(within(form).getByRole('button', { name: '101' })).toBeInTheDocument();
    await user.click(within(form).getByRole('combobox', { name: 'Routes' }));
    await user.click(await screen.findByRole('option', { name: /^202/ }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Promotion updated')).toBeInTheDocument();
    expect(calls.find((c) => c.key === 'PUT /admin/promotions/pr-1')!.body).toMatchObject({
      targets: { productIds: ['p-cola'] },
      audience: { type: 'routes', values: ['101', '202'] },
      startsAt: '2026-03-01T08:00:00.000Z',
      endsAt: null,
    });
  });

  it('previews what a customer picked by name pays', async () => {
    mockApi({
      'GET /admin/promotions': ok({ items: [promotion], total: 1, page: 1, limit: 25 }),
      'GET /admin/promotions/choices': choices,
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
    await user.type(screen.getByRole('combobox', { name: 'Customer' }), 'corner');
    await user.click(await screen.findByRole('option', { name: /10001 · Corner Mart #1/ }));
    const table = await screen.findByRole('table', { name: 'Prices before and after' });
    expect(within(table).getByText('$10.00')).toBeInTheDocument();
    expect(within(table).getByText('$9.00')).toBeInTheDocument();
    expect(screen.getByText(/route 101: in the audience/)).toBeInTheDocument();
  });

  it('creates a banner for chosen price levels with the same audience picker', async () => {
    const { calls } = mockApi({
      'GET /admin/promotions': ok({ items: [promotion], total: 1, page: 1, limit: 25 }),
      'GET /admin/banners': ok({ items: [], total: 0, page: 1, limit: 25 }),
      'POST /admin/banners': (body) => ok({ id: 'bn-1', ...(body as object) }, 'Banner created'),
    });
    const { user } = renderApp('/admin/promo', { signedInAs: admin() });
    await user.click(await screen.findByRole('tab', { name: 'Banners' }));
    await user.click(await screen.findByRole('button', { name: 'New banner' }));
    const form = screen.getByRole('form', { name: 'New banner' });
    await user.click(within(form).getByRole('textbox', { name: /^Title/ }));
    await user.paste('Summer sale');
    await user.click(screen.getByRole('button', { name: 'Create banner' }));
    expect(await screen.findByText('Image URL is required')).toBeInTheDocument();
    await user.click(within(form).getByRole('textbox', { name: /^Image URL/ }));
    await user.paste('/product-images/banner-beverages.svg');
    await user.click(within(form).getByRole('combobox', { name: 'Audience' }));
    await user.click(await screen.findByRole('option', { name: 'Price levels' }));
    await user.click(within(form).getByRole('combobox', { name: 'Price levels' }));
    await user.click(await screen.findByRole('option', { name: 'Price level 2' }));
    await user.click(screen.getByRole('button', { name: 'Create banner' }));
    expect(await screen.findByText('Banner created')).toBeInTheDocument();
    expect(calls.find((c) => c.key === 'POST /admin/banners')!.body).toMatchObject({
      title: 'Summer sale',
      imageUrl: '/product-images/banner-beverages.svg',
      linkUrl: null,
      audience: { type: 'priceLevels', values: ['2'] },
      endsAt: null,
    });
  });
});

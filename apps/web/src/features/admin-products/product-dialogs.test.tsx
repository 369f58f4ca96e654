// The product editor's validation messages (the shared schema's) and the server's field refusals, and
// the bulk edit's preview → apply.
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, ok, renderApp, signInData } from '../../test/render-app';
import { productRow } from './test-data';

const grant = { module: 'Products', view: true, add: true, edit: true, delete: true };
const admin = () => signInData('distributor', { rolesPermission: [grant] });
const lookups = {
  'GET /admin/categories': ok({ items: [] }),
  'GET /admin/vendors': ok({ items: [], total: 0, page: 1, limit: 100 }),
};

// The editor is a long form (some forty MUI fields): rendering it in jsdom on a busy machine takes seconds.
describe('product editor', { timeout: 60_000 }, () => {
  it('shows the required-field messages before sending, then posts the product and toasts', async () => {
    const { calls } = mockApi({
      ...lookups,
      'GET /admin/products': ok({ items: [], total: 0, page: 1, limit: 25 }),
      'POST /admin/products': (body) => ({
        status: 201,
        body: { success: true, message: 'Product created', data: { ...productRow(1), ...(body as object) } },
      }),
    });
    const { user } = renderApp('/admin/products', { signedInAs: admin() });
    await user.click(await screen.findByRole('button', { name: 'New product' }));
    const form = await screen.findByRole('form', { name: 'New product' });
    await user.click(screen.getByRole('button', { name: 'Create product' }));
    expect(await within(form).findByText('Item number is required')).toBeInTheDocument();
    expect(within(form).getByText('Description is required')).toBeInTheDocument();
    expect(calls.some((c) => c.key === 'POST /admin/products')).toBe(false);

    // Pasted rather than typed: after a refused submit every keystroke re-checks the whole form.
    const fill = async (label: RegExp | string, text: string) => {
      const input = within(form).getByLabelText(label);
      await user.clear(input);
      await user.click(input);
      await user.paste(text);
    };
    await fill(/Item number/, '30001');
    await fill(/Description/, 'Orange Juice 1 L');
    await fill(/Price 1/, '3.49');
    await user.click(within(form).getByRole('button', { name: 'Add a UPC' }));
    await fill('UPC 1', '012345678905');
    await user.click(screen.getByRole('button', { name: 'Create product' }));

    expect(await screen.findByText('Product created')).toBeInTheDocument();
    const body = calls.find((c) => c.key === 'POST /admin/products')!.body as Record<string, unknown>;
    expect(body).toMatchObject({ itemNumber: '30001', description: 'Orange Juice 1 L', price1: 3.49, upcs: ['012345678905'] });
    await waitFor(() => expect(screen.queryByRole('form', { name: 'New product' })).not.toBeInTheDocument());
  });

  it("puts the server's field refusals on their fields", async () => {
    mockApi({
      ...lookups,
      'GET /admin/products': ok({ items: [], total: 0, page: 1, limit: 25 }),
      'POST /admin/products': {
        status: 409,
        body: {
          success: false,
          message: 'Item number 30001 is already used',
          error: { code: 'CONFLICT', fields: { itemNumber: 'Item number 30001 is already used' } },
        },
      },
    });
    const { user } = renderApp('/admin/products', { signedInAs: admin() });
    await user.click(await screen.findByRole('button', { name: 'New product' }));
    const form = await screen.findByRole('form', { name: 'New product' });
    await user.click(within(form).getByLabelText(/Item number/));
    await user.paste('30001');
    await user.click(within(form).getByLabelText(/Description/));
    await user.paste('Orange Juice 1 L');
    await user.click(screen.getByRole('button', { name: 'Create product' }));
    expect(await within(form).findByText('Item number 30001 is already used')).toBeInTheDocument();
    expect(screen.getAllByText('Item number 30001 is already used')).toHaveLength(1);
  });
});

describe('bulk edit', { timeout: 40_000 }, () => {
  it('previews what changes for the selected products, and applies only on Apply', async () => {
    const rows = [productRow(1), productRow(2), productRow(3)];
    const { calls } = mockApi({
      ...lookups,
      'GET /admin/products': ok({ items: rows, total: 3, page: 1, limit: 25 }),
      'POST /admin/products/bulk/preview': ok({
        items: [
          {
            id: 'p-1',
            itemNumber: '20001',
            description: 'Sparkling Water 01',
            changes: [{ field: 'price1', label: 'Price 1', before: '$11.00', after: '$11.55' }],
          },
          {
            id: 'p-3',
            itemNumber: '20003',
            description: 'Sparkling Water 03',
            changes: [{ field: 'price1', label: 'Price 1', before: '$13.00', after: '$13.65' }],
          },
        ],
      }),
      'POST /admin/products/bulk': ok({ updated: 2 }, '2 products updated'),
    });
    const { user } = renderApp('/admin/products', { signedInAs: admin() });
    const grid = await screen.findByRole('grid', { name: 'Products' });
    await within(grid).findByText('Sparkling Water 01');
    const boxes = within(grid).getAllByRole('checkbox', { name: 'Select row' });
    await user.click(boxes[0]!);
    await user.click(boxes[2]!);
    expect(screen.getByText('2 selected')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Bulk edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Bulk edit 2 products' });
    await user.type(within(dialog).getByLabelText('Change prices by (%)'), '5');
    await user.click(within(dialog).getByRole('button', { name: 'Preview changes' }));

    const changes = await within(dialog).findByRole('list', { name: 'Changes' });
    expect(within(changes).getByRole('listitem', { name: '20001' })).toHaveTextContent('Price 1$11.00 → $11.55');
    expect(within(dialog).getByText('2 products change.')).toBeInTheDocument();
    expect(calls.find((c) => c.key === 'POST /admin/products/bulk/preview')!.body).toMatchObject({
      ids: ['p-1', 'p-3'],
      pricePercent: 5,
    });
    expect(calls.some((c) => c.key === 'POST /admin/products/bulk')).toBe(false);

    await user.click(within(dialog).getByRole('button', { name: 'Apply to 2 products' }));
    expect(await screen.findByText('2 products updated')).toBeInTheDocument();
    expect(calls.find((c) => c.key === 'POST /admin/products/bulk')!.body).toMatchObject({
      ids: ['p-1', 'p-3'],
      pricePercent: 5,
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.queryByText('2 selected')).not.toBeInTheDocument();
  });
});

// The Categories tab of /admin/products: the tree, adding a subcategory, a refused delete shown in place.
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fail, mockApi, ok, renderApp, signInData } from '../../test/render-app';
import type { Category } from './categories.types';

const grant = { module: 'Products', view: true, add: true, edit: true, delete: true };
const admin = () => signInData('distributor', { rolesPermission: [grant] });

const tree = (): Category[] => [
  {
    id: 'c-1',
    name: 'Beverages',
    sortOrder: 1,
    productCount: 12,
    subcategories: [{ id: 's-1', name: 'Soda', sortOrder: 1, productCount: 1 }],
  },
  { id: 'c-2', name: 'Snacks', sortOrder: 2, productCount: 0, subcategories: [] },
];

describe('/admin/products?tab=categories', () => {
  it('adds a subcategory under its category, with the name checked first', async () => {
    const { calls } = mockApi({
      'GET /admin/categories': ok({ items: tree() }),
      'POST /admin/categories': { status: 201, body: { success: true, message: 'Category created', data: {} } },
    });
    const { user } = renderApp('/admin/products?tab=categories', { signedInAs: admin() });
    const list = await screen.findByRole('list', { name: 'Categories' });
    expect(within(list).getByRole('listitem', { name: 'Soda' })).toHaveTextContent('1 product');
    await user.click(within(list).getByRole('button', { name: 'Add a subcategory to Beverages' }));
    const form = await screen.findByRole('form', { name: 'New subcategory of Beverages' });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText('Category name is required')).toBeInTheDocument();
    await user.type(within(form).getByLabelText('Name'), 'Juice');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Category created')).toBeInTheDocument();
    expect(calls.find((c) => c.key === 'POST /admin/categories')!.body).toEqual({ name: 'Juice', parentId: 'c-1' });
  });

  it('asks before deleting, and shows the refusal when products still use the category', async () => {
    const { calls } = mockApi({
      'GET /admin/categories': ok({ items: tree() }),
      'DELETE /admin/categories/c-1': fail(409, 'Beverages is used by 12 products. Move them first.', 'CONFLICT'),
    });
    const { user } = renderApp('/admin/products?tab=categories', { signedInAs: admin() });
    await user.click(await screen.findByRole('button', { name: 'Delete Beverages' }));
    const dialog = await screen.findByRole('dialog', { name: /Delete category/ });
    expect(within(dialog).getByText('Delete Beverages?')).toBeInTheDocument();
    expect(calls.some((c) => c.key.startsWith('DELETE'))).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await within(dialog).findByText('Beverages is used by 12 products. Move them first.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});

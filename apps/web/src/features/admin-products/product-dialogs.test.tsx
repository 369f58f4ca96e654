// The product editor's validation messages (the shared schema's) and the server's field refusals, and
// the bulk edit's preview → apply.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, ok, renderApp, signInData, type Handlers } from '../../test/render-app';
import type { ProductDetail } from './admin-products.types';
import { FIRST_SCREEN, productDetail, productRow } from './test-data';

const grant = { module: 'Products', view: true, add: true, edit: true, delete: true };
const admin = () => signInData('distributor', { rolesPermission: [grant] });
const lookups = {
  'GET /admin/categories': ok({ items: [] }),
  'GET /admin/products/brands': ok({ items: [] }),
};

// The editor is a long form (some forty MUI fields): rendering it in jsdom on a busy machine takes seconds.
describe('product editor', () => {
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
    await user.click(await screen.findByRole('button', { name: 'New product' }, FIRST_SCREEN));
    const form = await screen.findByRole('form', { name: 'New product' });
    // Levels 2–5 say what a blank means: those stores pay Price 1.
    for (const level of [2, 3, 4, 5])
      expect(within(form).getByLabelText(`Price ${level} ($)`)).toHaveAccessibleDescription('Blank or 0: pays Price 1');
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
    await fill(/Price 1/, '3.4');
    await fill('Tax rate (%)', '8.25');
    await user.click(within(form).getByRole('button', { name: 'Add a UPC' }));
    await fill('UPC 1', '012345678905');
    await user.click(screen.getByRole('button', { name: 'Create product' }));

    expect(await screen.findByText('Product created')).toBeInTheDocument();
    const body = calls.find((c) => c.key === 'POST /admin/products')!.body as Record<string, unknown>;
    // Dollars and percent as typed, sent as the API's cents and basis points.
    expect(body).toMatchObject({
      itemNumber: '30001',
      description: 'Orange Juice 1 L',
      price1Cents: 340,
      price2Cents: 0,
      taxRateBp: 825,
      upcs: ['012345678905'],
      brand: null,
      productLimit: null,
      allowToOrder: true,
    });
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
          message: 'An item number 30001 already exists',
          error: { code: 'CONFLICT', fields: { itemNumber: 'An item number 30001 already exists' } },
        },
      },
    });
    const { user } = renderApp('/admin/products', { signedInAs: admin() });
    await user.click(await screen.findByRole('button', { name: 'New product' }, FIRST_SCREEN));
    const form = await screen.findByRole('form', { name: 'New product' });
    await user.click(within(form).getByLabelText(/Item number/));
    await user.paste('30001');
    await user.click(within(form).getByLabelText(/Description/));
    await user.paste('Orange Juice 1 L');
    await user.click(screen.getByRole('button', { name: 'Create product' }));
    expect(await within(form).findByText('An item number 30001 already exists')).toBeInTheDocument();
    expect(screen.getAllByText('An item number 30001 already exists')).toHaveLength(1);
  });
});

/** The upload's XMLHttpRequest (the image field reports progress, which fetch cannot): answered by the test. */
class UploadXhr {
  static last: UploadXhr | null = null;
  url = '';
  status = 0;
  responseText = '';
  upload = { onprogress: null };
  onload: (() => void) | null = null;
  constructor() {
    UploadXhr.last = this;
  }
  open(_method: string, url: string) {
    this.url = url;
  }
  setRequestHeader() {}
  send() {}
  abort() {}
}

describe('product editor: images and stock', () => {
  afterEach(() => vi.unstubAllGlobals());
  const KEY = 'b'.repeat(64);
  const MASTER = 'https://images.example.test/20001.png';

  /** Opens the editor of product 1 (answered with `detail`) from the grid: its Images section. */
  const editImages = async (detail: ProductDetail, handlers: Handlers = {}) => {
    const { calls } = mockApi({
      ...lookups,
      'GET /admin/products': ok({ items: [productRow(1)], total: 1, page: 1, limit: 25 }),
      'GET /admin/products/p-1': ok(detail),
      ...handlers,
    });
    const { user } = renderApp('/admin/products', { signedInAs: admin() });
    await user.click(await screen.findByRole('button', { name: 'Edit 20001' }, FIRST_SCREEN));
    const form = await screen.findByRole('form', { name: 'Edit product 20001' });
    const images = within(form).getByRole('region', { name: 'Images' });
    return { calls, user, images, choice: within(images).getByTestId('image-choice') };
  };

  it('uploads the distributor image, shows which image retailers see, and sends the stock it loaded', async () => {
    vi.stubGlobal('XMLHttpRequest', UploadXhr);
    URL.createObjectURL = vi.fn(() => 'blob:local');
    URL.revokeObjectURL = vi.fn();
    const detail = productDetail(1, { stockOnHand: 40, masterImageUrl: MASTER });
    const { calls, user, images, choice } = await editImages(detail, {
      'PUT /admin/products/p-1': (body) => ({
        body: { success: true, message: 'Product updated', data: { ...detail, ...(body as object) } },
      }),
    });
    expect(choice).toHaveTextContent('The master image');
    expect(within(images).getByRole('img', { name: 'Retailers see' })).toHaveAttribute('src', MASTER);

    const file = new File(['x'], 'shelf.png', { type: 'image/png' });
    fireEvent.change(within(images).getByTestId('image-input'), { target: { files: [file] } });
    const xhr = UploadXhr.last!;
    expect(xhr.url).toBe('/api/admin/media/images');
    xhr.status = 200;
    xhr.responseText = JSON.stringify({
      success: true,
      message: 'Image uploaded',
      data: {
        url: `/media/${KEY}.png`,
        thumbnailUrl: `/media/${KEY}-thumb.webp`,
        width: 8,
        height: 8,
        contentType: 'image/png',
        bytes: 1,
      },
    });
    xhr.onload?.();
    // An upload switches "Show the distributor image" on: retailers now see it (as its thumbnail here).
    await waitFor(() => expect(choice).toHaveTextContent('The distributor image'));
    expect(within(images).getByRole('checkbox', { name: 'Show the distributor image' })).toBeChecked();
    expect(within(images).getByRole('img', { name: 'Retailers see' })).toHaveAttribute('src', `/media/${KEY}-thumb.webp`);

    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Product updated')).toBeInTheDocument();
    expect(calls.find((c) => c.key === 'PUT /admin/products/p-1')!.body).toMatchObject({
      showDistributorImage: true,
      distributorImageUrl: `/media/${KEY}.png`,
      masterImageUrl: MASTER,
      stockOnHand: 40,
      stockOnHandLoaded: 40,
    });
  });

  it('removes the distributor image and falls back to the master image, then the default image', async () => {
    const detail = productDetail(1, {
      showDistributorImage: true,
      distributorImageUrl: `/media/${KEY}.png`,
      masterImageUrl: MASTER,
    });
    const { user, images, choice } = await editImages(detail);
    expect(choice).toHaveTextContent('The distributor image');
    await user.click(within(images).getByRole('button', { name: 'Remove' }));
    expect(choice).toHaveTextContent('The master image (no distributor image yet)');
    await user.clear(within(images).getByLabelText('Master image address'));
    expect(choice).toHaveTextContent('The default image (no image set)');
  });
});

describe('bulk edit', () => {
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
            changes: [{ field: 'price1Cents', before: 1100, after: 1155 }],
          },
          {
            id: 'p-3',
            itemNumber: '20003',
            description: 'Sparkling Water 03',
            changes: [{ field: 'price1Cents', before: 1300, after: 1365 }],
          },
        ],
        counts: { selected: 2, changed: 2, unchanged: 0 },
      }),
      'POST /admin/products/bulk/apply': ok({ counts: { selected: 2, changed: 2, unchanged: 0 } }, '2 products updated'),
    });
    const { user } = renderApp('/admin/products', { signedInAs: admin() });
    const grid = await screen.findByRole('grid', { name: 'Products' }, FIRST_SCREEN);
    await within(grid).findByText('Sparkling Water 01');
    const boxes = within(grid).getAllByRole('checkbox', { name: 'Select row' });
    await user.click(boxes[0]!);
    await user.click(boxes[2]!);
    expect(screen.getByText('2 selected')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Bulk edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Bulk edit 2 products' });
    // Checked with the API's schema first: no percent, no preview.
    await user.click(within(dialog).getByRole('button', { name: 'Preview changes' }));
    expect(await within(dialog).findByText('Percent must be between -90 and 500, with at most 2 decimals')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Change by (%)'), '5');
    await user.click(within(dialog).getByLabelText('Price 2'));
    await user.click(within(dialog).getByRole('button', { name: 'Preview changes' }));

    const changes = await within(dialog).findByRole('list', { name: 'Changes' });
    expect(within(changes).getByRole('listitem', { name: '20001' })).toHaveTextContent('Price 1$11.00 → $11.55');
    expect(within(dialog).getByText('2 products change.')).toBeInTheDocument();
    const change = { kind: 'pricePercent', percent: 5, levels: [1, 3, 4, 5] };
    expect(calls.filter((c) => c.key === 'POST /admin/products/bulk/preview').map((c) => c.body)).toEqual([
      { ids: ['p-1', 'p-3'], change },
    ]);
    expect(calls.some((c) => c.key === 'POST /admin/products/bulk/apply')).toBe(false);

    await user.click(within(dialog).getByRole('button', { name: 'Apply to 2 products' }));
    expect(await screen.findByText('2 products updated')).toBeInTheDocument();
    expect(calls.find((c) => c.key === 'POST /admin/products/bulk/apply')!.body).toEqual({ ids: ['p-1', 'p-3'], change });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.queryByText('2 selected')).not.toBeInTheDocument();
  });
});

// The Add Story dialog's audience (the shared picker, with chosen stores searched in the admin retailers
// list) and its product or promotion link: what the upload sends.
import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { mockApi, ok, renderApp, signInData } from '../../test/render-app';

/** Stands in for the upload's XMLHttpRequest: keeps the form and answers success. */
class FakeUpload {
  static sent: FormData[] = [];
  upload = { onprogress: null };
  status = 201;
  responseText = '';
  timeout = 0;
  onload: (() => void) | null = null;
  open() {}
  setRequestHeader() {}
  abort() {}
  send(form: FormData) {
    FakeUpload.sent.push(form);
    this.responseText = JSON.stringify({ success: true, message: 'Story created successfully', data: { id: 'st-1' } });
    setTimeout(() => this.onload?.(), 0);
  }
}

const store = (id: string, cNumber: string, name: string) => ({
  id,
  C_Number: cNumber,
  companyName: name,
  contactName: 'Sam',
  phone: null,
  email: null,
  city: 'Sacramento',
  routeNumber: '101',
  stopNumber: '1',
  orderDay: 3,
  salesRep: null,
  priceClass: 1,
  balanceCents: 0,
  isActive: true,
  lastOrderAt: null,
  openOrderCount: 0,
});

describe('Add Story dialog', () => {
  beforeAll(async () => {
    await import('./stories-page');
  });

  it('sends chosen stores as the audience and a linked product', async () => {
    FakeUpload.sent = [];
    vi.stubGlobal('XMLHttpRequest', FakeUpload);
    const { calls } = mockApi({
      'GET /distrubutor/stories': ok({ items: [], total: 0, page: 1, limit: 12 }),
      'GET /admin/retailers': (_b, url) =>
        ok({
          items: url.searchParams.get('search') === 'cor' ? [store('cust-1', '10001', 'Corner Mart #1')] : [],
          total: 1,
          page: 1,
          limit: 20,
        }),
      'GET /admin/promotions/choices': ok({ items: [{ value: 'prod-7', label: 'BEV-100 · Cola 12 oz', detail: 'Fizz' }] }),
    });
    const { user } = renderApp('/admin/stories', { signedInAs: signInData('distributor') });
    await user.click((await screen.findAllByRole('button', { name: 'Add Story' }))[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'Add Story' });
    await user.upload(within(dialog).getByTestId('story-file-input'), new File(['png'], 'summer.png', { type: 'image/png' }));

    await user.click(within(dialog).getByRole('combobox', { name: 'Audience' }));
    await user.click(await screen.findByRole('option', { name: 'Chosen stores' }));
    await user.click(within(dialog).getByRole('button', { name: 'Create Story' }));
    expect(await within(dialog).findByText('Choose at least one value for this audience')).toBeInTheDocument();
    await user.type(within(dialog).getByRole('combobox', { name: 'Stores' }), 'cor');
    await user.click(await screen.findByRole('option', { name: /10001 · Corner Mart #1/ }));
    expect(calls.some((c) => c.key === 'GET /admin/retailers' && c.url.searchParams.get('status') === 'active')).toBe(true);

    await user.click(within(dialog).getByRole('combobox', { name: 'Link' }));
    await user.click(await screen.findByRole('option', { name: 'A product' }));
    await user.click(within(dialog).getByRole('combobox', { name: 'Product' }));
    await user.click(await screen.findByRole('option', { name: /BEV-100 · Cola 12 oz/ }));

    await user.click(within(dialog).getByRole('button', { name: 'Create Story' }));
    await waitFor(() => expect(FakeUpload.sent).toHaveLength(1));
    const form = FakeUpload.sent[0]!;
    expect(form.get('audienceType')).toBe('customers');
    expect(form.get('audienceValues')).toBe('cust-1');
    expect(form.get('productId')).toBe('prod-7');
    expect(form.get('promotionId')).toBeNull();
    expect(form.get('mediaType')).toBe('image');
  });

  it('takes a typed route number', async () => {
    FakeUpload.sent = [];
    vi.stubGlobal('XMLHttpRequest', FakeUpload);
    mockApi({
      'GET /distrubutor/stories': ok({ items: [], total: 0, page: 1, limit: 12 }),
      'GET /admin/retailers/choices': ok({ salesReps: [], routes: ['101', '102'], newStoreDefaults: {} }),
    });
    const { user } = renderApp('/admin/stories', { signedInAs: signInData('distributor') });
    await user.click((await screen.findAllByRole('button', { name: 'Add Story' }))[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'Add Story' });
    await user.upload(within(dialog).getByTestId('story-file-input'), new File(['png'], 'summer.png', { type: 'image/png' }));
    await user.click(within(dialog).getByRole('combobox', { name: 'Audience' }));
    await user.click(await screen.findByRole('option', { name: 'Stores on routes' }));
    await user.type(within(dialog).getByRole('combobox', { name: 'Routes' }), '101');
    await user.click(within(dialog).getByRole('button', { name: 'Create Story' }));
    await waitFor(() => expect(FakeUpload.sent).toHaveLength(1));
    expect(FakeUpload.sent[0]!.get('audienceType')).toBe('routes');
    expect(FakeUpload.sent[0]!.get('audienceValues')).toBe('101');
  });
});

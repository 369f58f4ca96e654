// /admin/settings: the saved settings fill the sectioned form; a save sends the API's body (dollars as
// cents, the delivery rule, the order number format) and shows the server's message; the form's own and
// the server's field messages land on their fields; without edit permission the form is read-only.
import { screen, within } from '@testing-library/react';
import type { Settings } from '@portal/shared/settings/settings.schemas';
import { beforeAll, describe, expect, it } from 'vitest';
import { mockApi, ok, renderApp, signInData } from '../../test/render-app';

const SETTINGS: Settings = {
  company: {
    name: 'Golden State Wholesale',
    companyName: 'Golden State Wholesale Distributors, Inc.',
    email: 'office@goldenstate.test',
    phone: '(916) 555-0100',
    addr1: '1200 Commerce Way',
    city: 'Sacramento',
    state: 'CA',
    zip: '95811',
    logoUrl: null,
  },
  timeZone: 'America/Los_Angeles',
  newStoreDefaults: { minOrderCents: 5000, itemLimit: null, creditLimitCents: null },
  deliveryCharge: {
    mode: 'by_order_value',
    flatCents: null,
    tiers: [
      { minSubtotalCents: 0, chargeCents: 1500 },
      { minSubtotalCents: 25000, chargeCents: 750 },
    ],
    freeOverCents: 50000,
  },
  orderNumberFormat: { prefix: '', padding: 0 },
  emailSender: { fromName: '', fromAddress: '' },
  selfRegistration: true,
  nextOrderNumberExample: '100042',
  updatedAt: '2026-11-20T10:00:00.000Z',
};
const grant = (edit: boolean) => ({ module: 'Settings', view: true, add: false, edit, delete: false });

describe('/admin/settings', () => {
  beforeAll(async () => {
    await import('./settings-page');
  });

  it('fills the form and saves the API body, with the live order number preview', async () => {
    const { calls } = mockApi({
      'GET /admin/settings': ok(SETTINGS),
      'PUT /admin/settings': (body) => ok({ ...SETTINGS, ...(body as object) }, 'Settings saved successfully'),
    });
    const { user } = renderApp('/admin/settings', { signedInAs: signInData('distributor', { rolesPermission: [grant(true)] }) });
    const form = await screen.findByRole('form', { name: 'Settings' });
    expect(within(form).getByLabelText('Company (legal) name')).toHaveValue('Golden State Wholesale Distributors, Inc.');
    expect(within(form).getByLabelText('Minimum order ($)')).toHaveValue('50.00');
    expect(
      within(form)
        .getAllByLabelText('Charge ($)')
        .map((i) => (i as HTMLInputElement).value),
    ).toEqual(['15.00', '7.50']);

    await user.type(within(form).getByLabelText('Prefix'), 'GS-');
    await user.clear(within(form).getByLabelText('Digits (zero padded)'));
    await user.type(within(form).getByLabelText('Digits (zero padded)'), '8');
    expect(within(form).getByText('GS-00100042')).toBeInTheDocument();
    await user.clear(within(form).getByLabelText('Item limit (per order)'));
    await user.type(within(form).getByLabelText('Item limit (per order)'), '40');
    await user.click(within(form).getByRole('switch', { name: 'Stores may sign up online' }));
    await user.click(within(form).getByRole('button', { name: 'Save settings' }));

    expect(await screen.findByText('Settings saved successfully')).toBeInTheDocument();
    const put = calls.find((c) => c.key === 'PUT /admin/settings')!;
    expect(put.body).toEqual({
      company: SETTINGS.company,
      timeZone: 'America/Los_Angeles',
      newStoreDefaults: { minOrderCents: 5000, itemLimit: 40, creditLimitCents: null },
      deliveryCharge: SETTINGS.deliveryCharge,
      orderNumberFormat: { prefix: 'GS-', padding: 8 },
      emailSender: { fromName: '', fromAddress: '' },
      selfRegistration: false,
    });
  });

  it("shows the form's and the server's field messages on their fields", async () => {
    const { calls } = mockApi({
      'GET /admin/settings': ok(SETTINGS),
      'PUT /admin/settings': {
        status: 400,
        body: {
          success: false,
          message: 'The uploaded logo was not found. Please upload it again.',
          error: {
            code: 'VALIDATION_ERROR',
            fields: { 'company.logoUrl': 'The uploaded logo was not found. Please upload it again.' },
          },
        },
      },
    });
    const { user } = renderApp('/admin/settings', { signedInAs: signInData('distributor', { rolesPermission: [grant(true)] }) });
    const form = await screen.findByRole('form', { name: 'Settings' });
    await user.clear(within(form).getByLabelText('Minimum order ($)'));
    await user.type(within(form).getByLabelText('Minimum order ($)'), 'fifty');
    await user.type(within(form).getByLabelText('Prefix'), 'gs');
    await user.click(within(form).getByRole('button', { name: 'Save settings' }));
    expect(await within(form).findByText('Minimum order amount must be an amount in dollars, like 50.00')).toBeInTheDocument();
    expect(within(form).getByText('Prefix may have up to 10 capital letters, digits or dashes')).toBeInTheDocument();
    expect(calls.some((c) => c.key === 'PUT /admin/settings')).toBe(false);

    await user.clear(within(form).getByLabelText('Minimum order ($)'));
    await user.clear(within(form).getByLabelText('Prefix'));
    await user.click(within(form).getByRole('button', { name: 'Save settings' }));
    expect(
      await within(form).findByText('The uploaded logo was not found. Please upload it again.', { selector: 'p' }),
    ).toBeInTheDocument();
  });

  it('is read-only without the Settings edit permission', async () => {
    mockApi({ 'GET /admin/settings': ok(SETTINGS) });
    renderApp('/admin/settings', { signedInAs: signInData('distributor', { rolesPermission: [grant(false)] }) });
    const form = await screen.findByRole('form', { name: 'Settings' });
    expect(within(form).getByLabelText('Company (legal) name')).toBeDisabled();
    expect(within(form).queryByRole('button', { name: 'Save settings' })).not.toBeInTheDocument();
    expect(within(form).getByText(/changing them needs the Settings edit permission/)).toBeInTheDocument();
  });
});

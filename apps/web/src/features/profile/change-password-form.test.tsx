// The profile screens' change-password card: validation with the shared rules, show/hide toggles,
// the server's messages on the fields, success toast and cleared fields; the area's own path.
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fail, mockApi, ok, renderApp, signInData, STORE, WAREHOUSE } from '../../test/render-app';

const RETAILER_PROFILE = {
  user: { id: 'user-retailer', name: 'Sam Patel', email: 'retailer@demo.test', phone: '15550100002', role: 'retailer' },
  storeDetail: STORE,
  store: { email: 'orders@cornermart.test', zip: '95814' },
  wareHouseDetail: [WAREHOUSE],
};

describe('change password', () => {
  it('checks the fields, toggles visibility, shows the server refusal on its field, then changes the password', async () => {
    let answer = fail(400, 'Current password is incorrect', 'VALIDATION_ERROR');
    (answer.body as { error: { fields?: Record<string, string> } }).error.fields = {
      currentPassword: 'Current password is incorrect',
    };
    const { calls } = mockApi({ 'GET /retailer/profile': ok(RETAILER_PROFILE), 'POST /retailer/changePassword': () => answer });
    const { user } = renderApp('/retailer/profile', { signedInAs: signInData('retailer') });

    const details = await screen.findByRole('region', { name: 'Store' });
    expect(within(details).getByText('Corner Mart #1')).toBeInTheDocument();
    expect(within(details).getByText('455 Main Street, Sacramento, CA 95814')).toBeInTheDocument();
    expect(within(details).getByText('Wednesday')).toBeInTheDocument();
    expect(within(details).getByText('$1,250.50')).toBeInTheDocument();

    const card = screen.getByRole('region', { name: 'Change password' });
    const current = within(card).getByLabelText('Current password');
    const next = within(card).getByLabelText('New password');
    const confirm = within(card).getByLabelText('Confirm new password');

    await user.click(within(card).getByRole('button', { name: 'Change password' }));
    expect(await within(card).findByText('Password is required')).toBeInTheDocument();
    expect(within(card).getByText('Password must be at least 8 characters')).toBeInTheDocument();

    await user.type(current, 'Demo@12345');
    await user.type(next, 'NoDigitsHere');
    await user.type(confirm, 'Different1');
    await user.click(within(card).getByRole('button', { name: 'Change password' }));
    expect(await within(card).findByText('Password must contain a number')).toBeInTheDocument();
    expect(within(card).getByText('Passwords do not match')).toBeInTheDocument();
    expect(calls.filter((c) => c.key === 'POST /retailer/changePassword')).toHaveLength(0);

    expect(current).toHaveAttribute('type', 'password');
    await user.click(within(card).getAllByRole('button', { name: 'Show password' })[0]!);
    expect(current).toHaveAttribute('type', 'text');
    await user.click(within(card).getByRole('button', { name: 'Hide password' }));
    expect(current).toHaveAttribute('type', 'password');

    await user.clear(next);
    await user.type(next, 'Better@2026');
    await user.clear(confirm);
    await user.type(confirm, 'Better@2026');
    await user.click(within(card).getByRole('button', { name: 'Change password' }));
    expect(await within(card).findByText('Current password is incorrect')).toBeInTheDocument();
    expect(screen.getAllByText('Current password is incorrect')).toHaveLength(2); // the field and the toast
    expect(calls.filter((c) => c.key === 'POST /retailer/changePassword').map((c) => c.body)).toEqual([
      { currentPassword: 'Demo@12345', newPassword: 'Better@2026' },
    ]);

    answer = ok(null, 'Password changed successfully');
    await user.click(within(card).getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Password changed successfully')).toBeInTheDocument();
    expect(current).toHaveValue('');
    expect(next).toHaveValue('');
    expect(confirm).toHaveValue('');
  });

  it("uses the distributor's own path on /admin/profile", async () => {
    const { calls } = mockApi({
      'GET /admin/profile': ok({
        user: { id: 'user-admin', name: 'Dana Whitfield', email: 'admin@demo.test', phone: null, role: 'distributor' },
        roleName: 'Administrator',
        hasPassword: true,
        distributor: {
          id: 'dist-1',
          name: 'Golden State Wholesale',
          companyName: 'Golden State Wholesale Distributors, Inc.',
          email: 'office@goldenstate.demo.test',
          phone: '(916) 555-0100',
          addr1: '1200 Commerce Way',
          city: 'Sacramento',
          state: 'CA',
          zip: '95811',
        },
        wareHouseDetail: [WAREHOUSE],
      }),
      'POST /admin/changePassword': ok(null, 'Password changed successfully'),
    });
    const { user } = renderApp('/admin/profile', { signedInAs: signInData('distributor') });
    expect(await screen.findByText('Role: Administrator')).toBeInTheDocument();
    // The staff user's own details are editable; the password card is Change password (a password is set).
    expect(within(screen.getByRole('region', { name: 'Your details' })).getByLabelText(/^Name/)).toHaveValue('Dana Whitfield');
    const card = screen.getByRole('region', { name: 'Change password' });
    await user.type(within(card).getByLabelText('Current password'), 'Demo@12345');
    await user.type(within(card).getByLabelText('New password'), 'Better@2026');
    await user.type(within(card).getByLabelText('Confirm new password'), 'Better@2026');
    await user.click(within(card).getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Password changed successfully')).toBeInTheDocument();
    expect(calls.filter((c) => c.key === 'POST /admin/changePassword')).toHaveLength(1);
  });
});

describe('profile phones', () => {
  it('shows the stored digits as a phone number (packages/shared/src/contact/phone.ts)', async () => {
    mockApi({
      'GET /retailer/profile': ok({ ...RETAILER_PROFILE, storeDetail: { ...STORE, C_Phone: '9165550001' } }),
    });
    renderApp('/retailer/profile', { signedInAs: signInData('retailer') });
    const you = await screen.findByRole('region', { name: 'Your details' });
    expect(within(you).getByText('+1 (555) 010-0002')).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Store' })).getByText('(916) 555-0001')).toBeInTheDocument();
  });
});

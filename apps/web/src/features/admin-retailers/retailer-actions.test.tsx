// The store actions of issue 15 §1 and §3 against a mocked API: inviting a store user (the 409 on the
// field), deactivating a user after the confirmation, the catalogue preview, and moving selected stores
// to another sales rep after the dialog says what will happen.
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, ok, renderApp, signInData } from '../../test/render-app';
import type { RetailerDetail, RetailerRow } from './admin-retailers.types';
import { sharedRep } from './reassign-dialog';

const grant = { module: 'Retailers', view: true, add: true, edit: true, delete: false };
const admin = () => signInData('distributor', { rolesPermission: [grant] });
const CHOICES = ok({
  salesReps: [
    { id: 'rep-2', name: 'James Carter' },
    { id: 'rep-1', name: 'Maria Lopez' },
  ],
  routes: ['101'],
});

const row = (i: number, rep: RetailerRow['salesRep'] = { id: 'rep-1', name: 'Maria Lopez' }): RetailerRow => ({
  id: `cust-${i}`,
  C_Number: `1000${i}`,
  companyName: `Store ${i}`,
  contactName: 'Sam Patel',
  phone: null,
  email: null,
  city: 'Sacramento',
  routeNumber: '101',
  stopNumber: String(i),
  orderDay: 3,
  salesRep: rep,
  priceClass: 1,
  balanceCents: 0,
  isActive: true,
  lastOrderAt: null,
  openOrderCount: 0,
});

const user1 = {
  id: 'u1',
  name: 'Sam Patel',
  email: 'retailer@demo.test',
  phone: null,
  isActive: true,
  createdAt: '2026-01-01T08:00:00.000Z',
};
const detail = (extra: Partial<RetailerDetail> = {}): RetailerDetail => ({
  ...row(1),
  companyName: 'Corner Mart #1',
  address: null,
  state: null,
  zip: null,
  minOrderCents: null,
  itemLimit: null,
  deliveryChargeRule: 'standard',
  deliveryChargeCents: null,
  creditLimitCents: null,
  creditPolicy: 'none',
  paymentTermsDays: 30,
  taxExempt: false,
  notes: null,
  createdAt: '2026-01-01T08:00:00.000Z',
  users: [user1],
  lastOrders: [],
  ...extra,
});

/** The first screen of a test loads its lazy chunks: on a busy machine that takes a while. */
const SLOW = { timeout: 60_000 };

async function fill(user: { click(el: Element): Promise<void>; paste(text: string): Promise<void> }, el: Element, text: string) {
  await user.click(el);
  await user.paste(text);
}

describe('sharedRep', () => {
  it('names the one rep of the selection, or why there is none', () => {
    expect(sharedRep([row(1), row(2)])).toEqual({ rep: { id: 'rep-1', name: 'Maria Lopez' } });
    expect(sharedRep([row(1), row(2, { id: 'rep-2', name: 'James Carter' })])).toEqual({
      problem: 'The selected stores have different sales reps. Select stores of one sales rep.',
    });
    expect(sharedRep([row(1), row(2, null)])).toEqual({
      problem: 'Some selected stores have no sales rep. Select stores of one sales rep.',
    });
  });
});

describe("a store's users", () => {
  it('invites a user: the account in use is said on the field, then the invitation is sent', async () => {
    let answer = {
      status: 409,
      body: { success: false, message: 'An account with this email or phone number already exists', error: { code: 'CONFLICT' } },
    };
    const { calls } = mockApi({
      'GET /admin/retailers/cust-1': ok(detail()),
      'POST /admin/retailers/cust-1/users': () => answer,
    });
    const { user } = renderApp('/admin/retailers/view/cust-1', { signedInAs: admin() });
    await user.click(await screen.findByRole('button', { name: 'Invite user' }, SLOW));
    const form = await screen.findByRole('form', { name: 'Invite a user to Corner Mart #1' });
    await user.click(screen.getByRole('button', { name: 'Send invitation' }));
    expect(await within(form).findByText('Name is required')).toBeInTheDocument();

    await fill(user, within(form).getByLabelText(/^Name/), 'Ana Ruiz');
    await fill(user, within(form).getByLabelText(/^Email or phone number/), 'retailer@demo.test');
    await user.click(screen.getByRole('button', { name: 'Send invitation' }));
    expect(await within(form).findByText('An account with this email or phone number already exists')).toBeInTheDocument();

    answer = {
      status: 201,
      body: { success: true, message: 'Invitation sent', data: { ...user1, id: 'u2', name: 'Ana Ruiz' } },
    } as never;
    await user.clear(within(form).getByLabelText(/^Email or phone number/));
    await fill(user, within(form).getByLabelText(/^Email or phone number/), 'ana@store.test');
    await user.click(screen.getByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByText('Invitation sent')).toBeInTheDocument();
    expect(calls.filter((c) => c.key === 'POST /admin/retailers/cust-1/users').at(-1)!.body).toEqual({
      name: 'Ana Ruiz',
      emailPhone: 'ana@store.test',
    });
  });

  it('deactivates a user only after the confirmation, and signs one out everywhere after its own', async () => {
    const { calls } = mockApi({
      'GET /admin/retailers/cust-1': ok(detail()),
      'POST /admin/retailers/cust-1/users/u1/deactivate': ok({ ...user1, isActive: false }, 'User deactivated'),
      'POST /admin/retailers/cust-1/users/u1/signOutEverywhere': ok({ sessionsEnded: 2 }, 'User signed out everywhere'),
    });
    const { user } = renderApp('/admin/retailers/view/cust-1', { signedInAs: admin() });
    await user.click(await screen.findByRole('button', { name: 'Actions for Sam Patel' }, SLOW));
    await user.click(await screen.findByRole('menuitem', { name: 'Deactivate' }));
    const dialog = await screen.findByRole('dialog', { name: /Deactivate user/ });
    expect(
      within(dialog).getByText(
        'Deactivate Sam Patel? They are signed out at once and cannot sign in for Corner Mart #1 until reactivated.',
      ),
    ).toBeInTheDocument();
    expect(calls.some((c) => c.key.endsWith('/deactivate'))).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Deactivate' }));
    expect(await screen.findByText('User deactivated')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Actions for Sam Patel' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Sign out everywhere' }));
    const second = await screen.findByRole('dialog', { name: /Sign out everywhere/ });
    await user.click(within(second).getByRole('button', { name: 'Sign out' }));
    expect(await screen.findByText('User signed out everywhere')).toBeInTheDocument();
    expect(calls.filter((c) => c.key.endsWith('/signOutEverywhere'))).toHaveLength(1);
  });
});

describe('the catalogue preview', () => {
  it("shows the store's catalogue read-only, with a hidden price said as such", async () => {
    const product = (id: string, extra: object) => ({
      id,
      Item_Number: id,
      Description: `Product ${id}`,
      Brand: 'Acme',
      Size: null,
      Category: 'Snacks',
      stockLabel: 'In Stock',
      isPromoted: false,
      isDiscounted: false,
      hasQtyDiscount: false,
      isNewItem: false,
      allowToOrder: true,
      discountPercent: null,
      ...extra,
    });
    const { calls } = mockApi({
      'GET /admin/retailers/cust-1': ok(detail({ priceClass: 3 })),
      'POST /admin/retailers/cust-1/preview/inventory': ok({
        finalProductList: [
          product('A1', { price: 2.5, listPrice: 3, isDiscounted: true, discountPercent: 10 }),
          product('B2', {}),
        ],
        total: 2,
        page: 1,
        limit: 25,
        facets: { categories: [], brands: [] },
      }),
    });
    const { user } = renderApp('/admin/retailers/view/cust-1', { signedInAs: admin() });
    await user.click(await screen.findByRole('button', { name: 'Preview catalogue' }, SLOW));
    const grid = await screen.findByRole('grid', { name: 'Catalogue of Corner Mart #1' });
    expect(await within(grid).findByText('Product A1')).toBeInTheDocument();
    expect(within(grid).getByText('$2.50')).toBeInTheDocument();
    expect(within(grid).getByText('10% off')).toBeInTheDocument();
    expect(within(grid).getByText('Hidden')).toBeInTheDocument();
    expect(calls.find((c) => c.key === 'POST /admin/retailers/cust-1/preview/inventory')!.body).toEqual({ page: 1, limit: 25 });
  });
});

describe('reassigning sales reps', () => {
  it('moves the selected stores after the dialog says what will happen', async () => {
    const { calls } = mockApi({
      'GET /admin/retailers': ok({
        items: [row(1), row(2), row(3, { id: 'rep-2', name: 'James Carter' })],
        total: 3,
        page: 1,
        limit: 25,
      }),
      'GET /admin/retailers/choices': CHOICES,
      'POST /admin/retailers/reassign': ok({ moved: 2 }, '2 customers moved'),
    });
    const { user } = renderApp('/admin/retailers', { signedInAs: admin() });
    const grid = await screen.findByRole('grid', { name: 'Retailers' }, SLOW);
    await within(grid).findByText('Store 1');
    const rowOf = (name: string) => within(grid).getByText(name).closest('[role="row"]') as HTMLElement;
    await user.click(within(rowOf('Store 1')).getByRole('checkbox'));
    await user.click(within(rowOf('Store 2')).getByRole('checkbox'));
    expect(screen.getByText('2 selected')).toBeInTheDocument();

    await user.click(screen.getAllByRole('button', { name: 'Reassign sales rep' }).at(-1)!);
    const form = await screen.findByRole('form', { name: 'Reassign sales rep' });
    expect(within(form).getByLabelText('From')).toHaveValue('rep-1');
    await user.selectOptions(within(form).getByLabelText('To'), 'James Carter');
    expect(within(form).getByText('2 stores move from Maria Lopez to James Carter.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Move stores' }));
    expect(await screen.findByText('2 customers moved')).toBeInTheDocument();
    expect(calls.find((c) => c.key === 'POST /admin/retailers/reassign')!.body).toEqual({
      fromSalesRepId: 'rep-1',
      toSalesRepId: 'rep-2',
      retailerIds: ['cust-1', 'cust-2'],
    });
    await waitFor(() => expect(screen.queryByText('2 selected')).not.toBeInTheDocument());
  });
});

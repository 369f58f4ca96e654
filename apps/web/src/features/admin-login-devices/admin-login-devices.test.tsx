// /admin/track-login-devices against a mocked API: the list asks the server for each filter and keeps it
// in the URL; each sign-out scope is confirmed first and sends its own call; signing out one's own
// session ends the session here; a role without the delete grant has no sign-out actions. And the
// retailer's profile lists their devices, marks this one, and signing it out lands on /login.
import { screen, waitFor, within } from '@testing-library/react';
import type { LoginDeviceRow } from '@portal/shared/devices/login-devices.schemas';
import type { Device } from '@portal/shared/sales/devices.schemas';
import { describe, expect, it } from 'vitest';
import { mockApi, ok, renderApp, signInData, STORE, WAREHOUSE, type MockAnswer } from '../../test/render-app';
import { loginDeviceListParams } from './login-devices-view';

const grant = { module: 'Track Login Devices', view: true, add: false, edit: false, delete: true };
const owner = () => signInData('distributor', { rolesPermission: [grant] });
const viewer = () => signInData('distributor', { rolesPermission: [{ ...grant, delete: false }] });
const SLOW = { timeout: 60_000 };

const row = (extra: Partial<LoginDeviceRow> = {}): LoginDeviceRow => ({
  id: 'session-1',
  user: { id: 'user-retailer', name: 'Sam Patel', email: 'retailer@demo.test', phone: null },
  role: 'retailer',
  customer: { id: 'cust-1', cNumber: '10001', companyName: 'Corner Mart #1' },
  deviceType: 'web',
  deviceName: 'Safari on iOS',
  deviceId: 'device-abc',
  ip: '203.0.113.7',
  userAgent: 'Mozilla/5.0 (iPhone)',
  browser: 'Safari 17 on iOS',
  signedInAt: '2026-03-01T09:00:00.000Z',
  lastSeenAt: '2026-03-02T10:00:00.000Z',
  isNewDevice: true,
  isCurrent: false,
  ...extra,
});
const CHOICES = ok({
  users: [
    { id: 'user-admin', name: 'Dana Whitfield', role: 'distributor' },
    { id: 'user-retailer', name: 'Sam Patel', role: 'retailer' },
  ],
  customers: [{ id: 'cust-1', cNumber: '10001', companyName: 'Corner Mart #1' }],
});
const page = (items: LoginDeviceRow[]): MockAnswer => ok({ items, total: items.length, page: 1, limit: 25 });
/** The dialog's closing transition hides the page from the accessibility tree until it ends. */
const closed = () => waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
const listQueries = (calls: { key: string; url: URL }[]) =>
  calls.filter((c) => c.key === 'GET /admin/login-devices').map((c) => c.url.search);

describe('loginDeviceListParams', () => {
  it('sends the view in the API’s names, leaving empty filters out', () => {
    const filters = { role: 'retailer', customer: 'cust-1', user: '', lastSeen: 'week', newDevice: 'true' };
    expect(loginDeviceListParams({ page: 2, limit: 50, sort: 'user', dir: 'asc', search: 'mart', filters })).toBe(
      'page=2&limit=50&sort=user&dir=asc&search=mart&role=retailer&customerId=cust-1&lastSeen=week&newDevice=true',
    );
  });
});

describe('/admin/track-login-devices', () => {
  it('shows each session with its user, store, device, browser and marks, and asks the server for each filter, kept in the URL', async () => {
    const { calls } = mockApi({ 'GET /admin/login-devices': page([row()]), 'GET /admin/login-devices/choices': CHOICES });
    const { user, router } = renderApp('/admin/track-login-devices', { signedInAs: owner() });
    const grid = await screen.findByRole('grid', { name: 'Login devices' }, SLOW);
    expect(await within(grid).findByText('Sam Patel')).toBeInTheDocument();
    expect(within(grid).getByText('Corner Mart #1')).toBeInTheDocument();
    expect(within(grid).getByText('Safari 17 on iOS')).toBeInTheDocument();
    expect(within(grid).getByText('203.0.113.7')).toBeInTheDocument();
    expect(within(grid).getByText('New device')).toBeInTheDocument();
    expect(listQueries(calls)).toEqual(['?page=1&limit=25&sort=lastSeenAt&dir=desc']);

    await user.selectOptions(await screen.findByLabelText('Role'), 'Retailer');
    await user.selectOptions(screen.getByLabelText('Store'), '10001 · Corner Mart #1');
    await user.selectOptions(screen.getByLabelText('Last seen'), 'In the last 7 days');
    await user.selectOptions(screen.getByLabelText('Devices'), 'New devices only');
    await waitFor(() =>
      expect(listQueries(calls).at(-1)).toBe(
        '?page=1&limit=25&sort=lastSeenAt&dir=desc&role=retailer&customerId=cust-1&lastSeen=week&newDevice=true',
      ),
    );
    expect(router.state.location.search).toBe('?role=retailer&customer=cust-1&lastSeen=week&newDevice=true');
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
  }, 150_000);

  it('confirms before each sign-out scope and sends its own call', async () => {
    const { calls } = mockApi({
      'GET /admin/login-devices': page([row()]),
      'GET /admin/login-devices/choices': CHOICES,
      'DELETE /admin/login-devices/session-1': ok({ signedOut: 1, includesCurrent: false }, 'Device signed out'),
      'POST /admin/login-devices/users/user-retailer/sign-out': ok(
        { signedOut: 2, includesCurrent: false },
        'The user is signed out of every device',
      ),
      'POST /admin/login-devices/retailers/cust-1/sign-out': ok(
        { signedOut: 3, includesCurrent: false },
        'The store is signed out of every device',
      ),
    });
    const { user } = renderApp('/admin/track-login-devices', { signedInAs: owner() });
    const grid = await screen.findByRole('grid', { name: 'Login devices' }, SLOW);

    await user.click(await within(grid).findByRole('button', { name: 'Sign out Safari on iOS of Sam Patel' }));
    let dialog = await screen.findByRole('dialog', { name: 'Sign out this device?' });
    expect(dialog).toHaveTextContent('Safari on iOS of Sam Patel will be signed out and will need to sign in again.');
    // Cancel sends nothing
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(calls.some((c) => c.key.startsWith('DELETE'))).toBe(false);
    await closed();
    await user.click(within(grid).getByRole('button', { name: 'Sign out Safari on iOS of Sam Patel' }));
    dialog = await screen.findByRole('dialog', { name: 'Sign out this device?' });
    await user.click(within(dialog).getByRole('button', { name: 'Sign out' }));
    expect(await screen.findByText('Device signed out')).toBeInTheDocument();
    expect(calls.filter((c) => c.key === 'DELETE /admin/login-devices/session-1')).toHaveLength(1);
    await closed();

    await user.click(within(grid).getByRole('button', { name: 'More sign-outs for Sam Patel' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Sign out Sam Patel everywhere' }));
    dialog = await screen.findByRole('dialog', { name: 'Sign out Sam Patel everywhere?' });
    await user.click(within(dialog).getByRole('button', { name: 'Sign out everywhere' }));
    expect(await screen.findByText('The user is signed out of every device')).toBeInTheDocument();
    await closed();

    await user.click(within(grid).getByRole('button', { name: 'More sign-outs for Sam Patel' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Sign out every user of Corner Mart #1' }));
    dialog = await screen.findByRole('dialog', { name: 'Sign out the whole store?' });
    expect(dialog).toHaveTextContent('Every user of Corner Mart #1 (10001) will be signed out on every device');
    await user.click(within(dialog).getByRole('button', { name: 'Sign out the store' }));
    expect(await screen.findByText('The store is signed out of every device')).toBeInTheDocument();
    expect(calls.filter((c) => c.key.startsWith('POST /admin/login-devices')).map((c) => c.key)).toEqual([
      'POST /admin/login-devices/users/user-retailer/sign-out',
      'POST /admin/login-devices/retailers/cust-1/sign-out',
    ]);
  }, 150_000);

  it('signing out the session in hand ends it here and goes to /login', async () => {
    const own = row({
      id: 'session-own',
      user: { id: 'user-admin', name: 'Dana Whitfield', email: 'admin@demo.test', phone: null },
      role: 'distributor',
      customer: null,
      deviceName: 'Chrome on Windows',
      isCurrent: true,
      isNewDevice: false,
    });
    mockApi({
      'GET /admin/login-devices': page([own]),
      'GET /admin/login-devices/choices': CHOICES,
      'DELETE /admin/login-devices/session-own': ok({ signedOut: 1, includesCurrent: true }, 'Device signed out'),
    });
    const { user, router } = renderApp('/admin/track-login-devices', { signedInAs: owner() });
    const grid = await screen.findByRole('grid', { name: 'Login devices' }, SLOW);
    expect(await within(grid).findByText('This device')).toBeInTheDocument();
    await user.click(within(grid).getByRole('button', { name: 'Sign out Chrome on Windows of Dana Whitfield' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sign out this device?' });
    expect(dialog).toHaveTextContent('This is the device you are using: you will be signed out here.');
    await user.click(within(dialog).getByRole('button', { name: 'Sign out' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(localStorage.getItem('token')).toBeNull();
  }, 150_000);

  it('shows no sign-out actions to a role that may only view', async () => {
    mockApi({ 'GET /admin/login-devices': page([row()]), 'GET /admin/login-devices/choices': CHOICES });
    renderApp('/admin/track-login-devices', { signedInAs: viewer() });
    const grid = await screen.findByRole('grid', { name: 'Login devices' }, SLOW);
    await within(grid).findByText('Sam Patel');
    expect(within(grid).queryByRole('button', { name: /Sign out/ })).not.toBeInTheDocument();
    expect(within(grid).queryByRole('columnheader', { name: 'Sign out' })).not.toBeInTheDocument();
  });
});

describe('the retailer’s own devices on /retailer/profile', () => {
  const device = (extra: Partial<Device>): Device => ({
    id: 'own-1',
    deviceType: 'web',
    deviceName: 'Chrome on Windows',
    deviceId: 'dev-1',
    ip: '203.0.113.9',
    userAgent: 'Mozilla/5.0 (Windows NT 10.0)',
    browser: 'Chrome 131 on Windows',
    signedInAt: '2026-03-01T09:00:00.000Z',
    lastSeenAt: '2026-03-02T10:00:00.000Z',
    isNewDevice: false,
    isCurrent: true,
    ...extra,
  });
  const PROFILE = {
    user: { id: 'user-retailer', name: 'Sam Patel', email: 'retailer@demo.test', phone: '15550100002', role: 'retailer' },
    storeDetail: STORE,
    store: { email: 'orders@cornermart.test', zip: '95814' },
    wareHouseDetail: [WAREHOUSE],
  };

  it('lists them with this device first and marked; signing out another stays, signing out this one lands on /login', async () => {
    const { calls } = mockApi({
      'GET /retailer/profile': ok(PROFILE),
      'GET /retailer/devices': ok({
        devices: [device({}), device({ id: 'own-2', deviceName: 'Safari on iOS', isCurrent: false, isNewDevice: true })],
        total: 2,
      }),
      'DELETE /retailer/devices/own-2': ok({ id: 'own-2', isCurrent: false }, 'Device signed out'),
      'DELETE /retailer/devices/own-1': ok({ id: 'own-1', isCurrent: true }, 'Device signed out'),
    });
    const { user, router } = renderApp('/retailer/profile', { signedInAs: signInData('retailer') });
    const list = await screen.findByRole('list', { name: 'Signed-in devices' }, SLOW);
    const items = within(list).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('Chrome on Windows');
    expect(items[0]).toHaveTextContent('This device');
    expect(items[1]).toHaveTextContent('New device');
    expect(items[1]).toHaveTextContent('203.0.113.9');

    await user.click(within(items[1]!).getByRole('button', { name: 'Sign out' }));
    let dialog = await screen.findByRole('dialog', { name: 'Sign out device?' });
    await user.click(within(dialog).getByRole('button', { name: 'Sign out' }));
    expect(await screen.findByText('Device signed out')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/retailer/profile');
    await closed();

    await user.click(within(items[0]!).getByRole('button', { name: 'Sign out' }));
    dialog = await screen.findByRole('dialog', { name: 'Sign out device?' });
    expect(dialog).toHaveTextContent('This is the device you are using');
    await user.click(within(dialog).getByRole('button', { name: 'Sign out' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(calls.filter((c) => c.key.startsWith('DELETE')).map((c) => c.key)).toEqual([
      'DELETE /retailer/devices/own-2',
      'DELETE /retailer/devices/own-1',
    ]);
  }, 150_000);
});

import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createAppStore } from '../app/store';
import { salesHandlers } from '../features/sales/sales-test-fixtures';
import { mockApi, ok, renderApp, signInData, STORE, WAREHOUSE } from '../test/render-app';

const grant = (module: string) => ({ module, view: true, add: false, edit: false, delete: false });
const menuLabels = () =>
  within(screen.getByRole('navigation', { name: 'Main menu' }))
    .getAllByRole('link')
    .map((a) => a.textContent);

function setViewport(width: number, height: number) {
  Object.assign(window, { innerWidth: width, innerHeight: height });
}

beforeEach(() => setViewport(1440, 900));
afterEach(() => setViewport(1024, 768));

describe('sidebar', () => {
  it('shows the retailer menu and marks the active item', async () => {
    mockApi({});
    renderApp('/retailer/order/details/100001', { signedInAs: signInData('retailer') });
    await screen.findByRole('navigation', { name: 'Main menu' });
    expect(menuLabels()).toEqual([
      'Dashboard',
      'Order',
      'Order History',
      'Ordered Items',
      'Account Receivable',
      'Product Catalog',
      'Contact Us',
      'Product License',
      'Policies',
    ]);
    const nav = within(screen.getByRole('navigation', { name: 'Main menu' }));
    expect(nav.getByRole('link', { name: 'Order History' })).toHaveAttribute('aria-current', 'page');
    expect(nav.getByRole('link', { name: 'Order' })).not.toHaveAttribute('aria-current');
    expect(screen.getByRole('link', { name: 'Dashboard' })).not.toHaveAttribute('aria-current');
  });

  it('shows a sales rep the always-shown items plus the modules it may view', async () => {
    mockApi({});
    renderApp('/sales/policies', { signedInAs: signInData('sales', { rolesPermission: [grant('Promo & Discounts')] }) });
    await screen.findByRole('navigation', { name: 'Main menu' });
    expect(menuLabels()).toEqual([
      'Dashboard',
      'Orders',
      'Ordered Items',
      'Order History',
      'Calender',
      'Retailers',
      'Promo & Discounts',
      'Policies',
    ]);
  });

  it('shows the distributor menu for its permitted modules', async () => {
    mockApi({});
    renderApp('/admin/vendors', {
      signedInAs: signInData('distributor', { rolesPermission: [grant('Vendors'), grant('Settings')] }),
    });
    await screen.findByRole('heading', { name: 'Vendors' });
    expect(menuLabels()).toEqual(['Dashboard', 'Vendors', 'Settings']);
    expect(screen.getByRole('link', { name: 'Vendors' })).toHaveAttribute('aria-current', 'page');
  });

  it('uses an overlay drawer on screens up to 1199 px', async () => {
    setViewport(1199, 800);
    mockApi({});
    const { user, router } = renderApp('/retailer/policies', { signedInAs: signInData('retailer') });
    await screen.findByRole('heading', { name: 'Policies' });
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    const drawer = await screen.findByRole('presentation');
    await user.click(within(drawer).getByRole('link', { name: 'Product License' }));
    expect(await screen.findByRole('heading', { name: 'Product License' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/retailer/licence');
  });
});

describe('information strip', () => {
  it('is open on the store tab by default, with the store details', async () => {
    mockApi({});
    renderApp('/retailer/policies', { signedInAs: signInData('retailer') });
    const strip = await screen.findByRole('region', { name: 'Store Details' });
    expect(within(strip).getByText(STORE.C_CoName)).toBeInTheDocument();
    expect(within(strip).getByText('$1,250.50')).toBeInTheDocument();
    expect(within(strip).getByText('101 / 1')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Store Details' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByTestId('main-area')).toHaveStyle({ height: `${900 - 65 - 53}px` });
  });

  it('closing hides it and clears the tab; choosing a tab opens it; the same tab again changes nothing', async () => {
    mockApi({});
    const { user } = renderApp('/retailer/policies', { signedInAs: signInData('retailer') });
    await screen.findByRole('region', { name: 'Store Details' });

    await user.click(screen.getByRole('button', { name: 'Close details' }));
    expect(screen.queryByTestId('info-strip')).not.toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Store Details' })).toHaveAttribute('aria-selected', 'false');
    expect(screen.getByRole('tab', { name: 'Distributor Details' })).toHaveAttribute('aria-selected', 'false');
    expect(screen.getByTestId('main-area')).toHaveStyle({ height: `${900 - 65}px` });

    await user.click(screen.getByRole('tab', { name: 'Distributor Details' }));
    const strip = screen.getByRole('region', { name: 'Distributor Details' });
    expect(within(strip).getByText(WAREHOUSE.D_Name)).toBeInTheDocument();
    expect(within(strip).getByText('Contact Number')).toBeInTheDocument();
    expect(screen.getByTestId('main-area')).toHaveStyle({ height: `${900 - 65 - 53}px` });

    await user.click(screen.getByRole('tab', { name: 'Distributor Details' }));
    expect(screen.getByRole('region', { name: 'Distributor Details' })).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Store Details' }));
    expect(within(screen.getByRole('region', { name: 'Store Details' })).getByText('Maria Lopez')).toBeInTheDocument();
  });

  it('shows a distributor only Distributor Details: company, phone and address', async () => {
    mockApi({});
    renderApp('/admin/settings', { signedInAs: signInData('distributor') });
    const strip = await screen.findByRole('region', { name: 'Distributor Details' });
    expect(
      within(screen.getByRole('banner'))
        .getAllByRole('tab')
        .map((t) => t.textContent),
    ).toEqual(['Distributor Details']);
    expect(within(strip).getByText('Company')).toBeInTheDocument();
    expect(within(strip).getByText('(916) 555-0100')).toBeInTheDocument();
    expect(within(strip).getByText('1200 Commerce Way, Sacramento, CA')).toBeInTheDocument();
  });

  it('collapses the tabs into a menu on small screens', async () => {
    setViewport(390, 844);
    mockApi({});
    const { user } = renderApp('/sales/policies', { signedInAs: signInData('sales') });
    await screen.findByRole('heading', { name: 'Policies' });
    expect(within(screen.getByRole('banner')).queryByRole('tab')).not.toBeInTheDocument();
    expect(screen.getByText('Select a retailer to see its store details')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Close details' }));
    expect(screen.getByTestId('main-area')).toHaveStyle({ height: `${844 - 65}px` });
    await user.click(screen.getByRole('button', { name: 'Details' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Distributor Details' }));
    expect(screen.getByRole('region', { name: 'Distributor Details' })).toBeInTheDocument();
  });
});

describe('profile menu', () => {
  // Full app renders under jsdom are slow on a busy machine.
  it("names the signed-in rep, never the picked retailer's contact", async () => {
    mockApi({ ...salesHandlers({ current: null }), 'POST /auth/salesLogin': ok(signInData('sales'), 'Login successful') });
    const { user, store } = renderApp('/sales-login');
    await user.type(await screen.findByLabelText('Email or phone number'), 'sales@demo.test');
    await user.type(screen.getByLabelText('Password'), 'Demo@12345');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    // Before a retailer is picked: the rep's initials (not the distributor's, "G").
    const avatar = await screen.findByTestId('profile-avatar');
    expect(avatar).toHaveTextContent(/^ML$/);

    const pick = async (number: string, label: string) => {
      const input = await screen.findByRole('combobox', { name: 'Select Retailer' });
      await user.click(input);
      await user.clear(input);
      await user.type(input, number);
      await user.click(await screen.findByRole('option', { name: new RegExp(label) }));
      await waitFor(() => expect(store.getState().auth.selectedCustomer?.C_Number).toBe(number));
    };
    const menuHead = async () => {
      await user.click(screen.getByRole('button', { name: 'Profile menu' }));
      const menu = await screen.findByRole('menu');
      const text = menu.textContent;
      await user.keyboard('{Escape}');
      await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());
      return text;
    };

    await pick('10001', '10001 - Corner Mart #1');
    // The strip shows the retailer and its contact; the header shows the rep.
    expect(within(screen.getByTestId('info-strip')).getByText('Corner Mart #1 Owner')).toBeInTheDocument();
    expect(screen.getByTestId('profile-avatar')).toHaveTextContent(/^ML$/);
    const first = await menuHead();
    expect(first).toContain('Maria Lopez');
    expect(first).toContain('Sales Representative');
    expect(first).not.toContain('Corner Mart');

    await pick('10002', '10002 - Sunrise Liquor & Deli');
    expect(screen.getByTestId('profile-avatar')).toHaveTextContent(/^ML$/);
    const second = await menuHead();
    expect(second).toContain('Maria Lopez');
    expect(second).not.toContain('Sunrise');
  });

  it('toggles dark mode, sets it on the body and keeps it for the next visit', async () => {
    mockApi({});
    const { user } = renderApp('/retailer/policies', { signedInAs: signInData('retailer') });
    await screen.findByRole('heading', { name: 'Policies' });
    expect(document.body.dataset.theme).toBe('light');
    await user.click(screen.getByRole('button', { name: 'Profile menu' }));
    // The menu's list loads on the first open.
    await user.click(await screen.findByRole('menuitemcheckbox', { name: /Dark Mode/ }));
    await waitFor(() => expect(document.body.dataset.theme).toBe('dark'));
    expect(localStorage.getItem('theme-mode')).toBe('dark');
    expect(createAppStore({ persist: false }).store.getState().theme.mode).toBe('dark');

    await user.click(screen.getByRole('menuitemcheckbox', { name: /Dark Mode/ }));
    await waitFor(() => expect(document.body.dataset.theme).toBe('light'));
    expect(localStorage.getItem('theme-mode')).toBe('light');
  });

  it('opens the profile page of the role', async () => {
    mockApi({});
    const { user, router } = renderApp('/sales/policies', { signedInAs: signInData('sales') });
    await screen.findByRole('heading', { name: 'Policies' });
    await user.click(screen.getByRole('button', { name: 'Profile menu' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Profile' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/sales/profile'));
  });

  it('logs out: calls the API, clears stores and storage, goes to /login', async () => {
    const { calls } = mockApi({ 'POST /auth/logout': ok(null, 'Logged out') });
    const { user, router, store } = renderApp('/retailer/policies', { signedInAs: signInData('retailer') });
    if (!localStorage.getItem('deviceId')) localStorage.setItem('deviceId', 'device-1');
    await screen.findByRole('heading', { name: 'Policies' });
    await user.click(screen.getByRole('button', { name: 'Profile menu' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Logout' }));
    await screen.findByRole('heading', { name: 'Sign in' });
    expect(router.state.location.pathname).toBe('/login');
    const logout = calls.find((c) => c.key === 'POST /auth/logout')!;
    expect(logout.headers.get('authorization')).toBe('Bearer token-retailer');
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('role')).toBeNull();
    expect(localStorage.getItem('deviceId')).toBeNull();
    expect(store.getState().auth).toMatchObject({ token: null, isAuthenticated: false, storeDetail: null, role: null });
  });

  it('still signs out when the logout call fails', async () => {
    mockApi({ 'POST /auth/logout': { status: 401 } });
    const { user, router } = renderApp('/admin/policies', {
      signedInAs: signInData('distributor', { rolesPermission: [grant('Policies')] }),
    });
    await screen.findByRole('heading', { name: 'Policies' });
    await user.click(screen.getByRole('button', { name: 'Profile menu' }));
    const logoutItem = await screen.findByRole('menuitem', { name: 'Logout' });
    await act(() => user.click(logoutItem));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(localStorage.getItem('token')).toBeNull();
  });
});

import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, ok, renderApp, signInData } from '../test/render-app';

const heading = (name: string) => screen.findByRole('heading', { level: 1, name });

describe('route guards', () => {
  it('sends a visitor without a token to /login, remembering the origin', async () => {
    mockApi({});
    const { router } = renderApp('/retailer/cart?x=1');
    await heading('Sign in');
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.state).toEqual({ from: '/retailer/cart?x=1' });
  });

  it('sends a visitor of the sales area without a token to /sales-login', async () => {
    mockApi({});
    const { router } = renderApp('/sales/order');
    await heading('Sales representative sign in');
    expect(router.state.location.pathname).toBe('/sales-login');
  });

  it('returns to the remembered origin after signing in', async () => {
    const data = signInData('retailer');
    mockApi({ 'POST /auth/loginWithPassword': ok(data, 'Login successful'), 'GET /auth/profile': ok({}) });
    const { router, user } = renderApp('/retailer/ordered-items');
    await heading('Sign in');
    await user.click(screen.getByRole('button', { name: 'Sign in with password' }));
    await user.type(screen.getByLabelText('Email or phone number'), 'retailer@demo.test');
    await user.type(screen.getByLabelText('Password'), 'Demo@12345');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/retailer/ordered-items'));
  });

  it('redirects / to the dashboard of the signed-in role', async () => {
    mockApi({});
    const { router } = renderApp('/', { signedInAs: signInData('distributor') });
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/dashboard'));
  });

  it('shows the landing page at / to a visitor', async () => {
    mockApi({});
    renderApp('/');
    expect(await heading('Order from your distributor, anytime.')).toBeInTheDocument();
  });

  it.each([
    ['retailer', '/admin/products', '/retailer/dashboard'],
    ['distributor', '/retailer/cart', '/admin/dashboard'],
    ['sales', '/retailer/cart', '/sales/dashboard'],
    ['sales', '/admin/calender', '/sales/dashboard'],
    ['retailer', '/admin/e-pick-settings', '/retailer/dashboard'],
    ['retailer', '/sales/calender/view', '/retailer/dashboard'],
    ['sales', '/warehouse-selection', '/sales/dashboard'],
  ] as const)('sends a %s opening %s to %s', async (role, path, target) => {
    mockApi({});
    const { router } = renderApp(path, { signedInAs: signInData(role) });
    await waitFor(() => expect(router.state.location.pathname).toBe(target));
    expect(await screen.findByRole('button', { name: 'Profile menu' })).toBeInTheDocument();
  });

  it('lets a role into its own pages', async () => {
    mockApi({});
    const { router } = renderApp('/admin/e-pick-settings', { signedInAs: signInData('distributor') });
    expect(await heading('E-Pick Settings')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin/e-pick-settings');
  });

  it('loads the distributor screens on the first visit under /admin, and still knows an unknown one', async () => {
    mockApi({});
    const { router } = renderApp('/admin/calender', { signedInAs: signInData('distributor') });
    expect(await heading('Calender')).toBeInTheDocument();
    await act(() => router.navigate('/admin/settings'));
    expect(await heading('Settings')).toBeInTheDocument();
    await act(() => router.navigate('/admin/no-such-screen'));
    expect(await screen.findByText('Page not found')).toBeInTheDocument();
  });

  it('restores the session from /auth/profile when only a token is stored', async () => {
    localStorage.setItem('token', 'stored-token');
    localStorage.setItem('role', 'sales');
    const { calls } = mockApi({
      'GET /auth/profile': ok({
        token: 'stored-token',
        role: 'sales',
        logo: null,
        rolesPermission: [],
        profile: { name: 'Maria Lopez', isSessionActive: { currentCustomerId: null } },
        storeDetail: null,
        wholeStoreDetail: [signInData('sales').wareHouseDetail![0]],
      }),
    });
    const { router, store } = renderApp('/sales/policies');
    expect(await heading('Policies')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/sales/policies');
    expect(calls[0]!.key).toBe('GET /auth/profile');
    expect(calls[0]!.headers.get('authorization')).toBe('Bearer stored-token');
    expect(store.getState().auth.userName).toBe('Maria Lopez');
  });

  it('signs out when the stored token is refused on restore', async () => {
    localStorage.setItem('token', 'dead-token');
    localStorage.setItem('role', 'retailer');
    mockApi({
      'GET /auth/profile': { status: 401, body: { success: false, message: 'Unauthorized', error: { code: 'UNAUTHORIZED' } } },
    });
    const { router } = renderApp('/retailer/dashboard');
    await heading('Sign in');
    expect(router.state.location.pathname).toBe('/login');
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('shows a 404 page for an unknown path', async () => {
    mockApi({});
    renderApp('/no/such/page');
    expect(await screen.findByText('Page not found')).toBeInTheDocument();
  });
});

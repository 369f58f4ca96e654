import { screen, waitFor } from '@testing-library/react';
import toast from 'react-hot-toast';
import { describe, expect, it, vi } from 'vitest';
import { fail, mockApi, ok, renderApp, signInData } from '../../test/render-app';

const heading = (name: string) => screen.findByRole('heading', { level: 1, name });

describe('one-time code sign-in', () => {
  it('validates the e-mail or phone before calling the API', async () => {
    const { calls } = mockApi({});
    const { user } = renderApp('/login');
    await heading('Sign in');
    await user.click(screen.getByRole('button', { name: 'Send OTP' }));
    expect(await screen.findByText('Email or phone number is required')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Email or phone number'), 'not an address');
    await user.click(screen.getByRole('button', { name: 'Send OTP' }));
    expect(await screen.findByText('Enter a valid email address or phone number')).toBeInTheDocument();
    expect(calls.filter((c) => c.key.startsWith('POST'))).toHaveLength(0);
  });

  it('sends the code, toasts OTP sent successfully, verifies it and lands on the dashboard', async () => {
    const data = signInData('retailer');
    const { calls } = mockApi({
      'POST /auth/login': ok({ expiresInSeconds: 300, resendAfterSeconds: 30 }, 'OTP sent successfully'),
      'POST /auth/verify': (body) =>
        (body as { otp: string }).otp === '123456' ? ok(data) : fail(400, 'Invalid or expired OTP'),
      'GET /auth/profile': ok({}),
    });
    const { user, router } = renderApp('/login');
    await heading('Sign in');
    await user.type(screen.getByLabelText('Email or phone number'), ' retailer@demo.test ');
    await user.click(screen.getByRole('button', { name: 'Send OTP' }));
    expect(await screen.findByText('OTP sent successfully')).toBeInTheDocument();
    await heading('Enter your code');
    expect(router.state.location.pathname).toBe('/otp-verification');

    const login = calls.find((c) => c.key === 'POST /auth/login')!;
    expect(login.body).toEqual({ email_phone: 'retailer@demo.test' });
    expect(login.headers.get('x-device-type')).toBe('web');
    expect(login.headers.get('x-device-id')).toMatch(/^[0-9a-f-]{36}$/);
    expect(login.headers.get('x-device-name')).toMatch(/ on /);

    await user.click(screen.getByRole('button', { name: 'Verify and sign in' }));
    expect(await screen.findByText('OTP must be 6 digits')).toBeInTheDocument();

    await user.type(screen.getByLabelText('6-digit code'), '999999');
    await user.click(screen.getByRole('button', { name: 'Verify and sign in' }));
    expect(await screen.findByText('Invalid or expired OTP')).toBeInTheDocument();

    await user.clear(screen.getByLabelText('6-digit code'));
    await user.type(screen.getByLabelText('6-digit code'), '12a3456');
    expect(screen.getByLabelText('6-digit code')).toHaveValue('123456');
    await user.click(screen.getByRole('button', { name: 'Verify and sign in' }));
    expect(await screen.findByText('OTP verified successfully')).toBeInTheDocument();
    const dismiss = vi.spyOn(toast, 'dismiss');
    await waitFor(() => expect(router.state.location.pathname).toBe('/retailer/dashboard'));
    // The success toast comes along; the failed attempt's toast stays behind on the sign-in screen:
    // dismissed on the screen change (its own 4 s would dismiss it with the toaster's id as well),
    // then removed after the library's 1 s exit.
    expect(screen.getByText('OTP verified successfully')).toBeInTheDocument();
    await waitFor(() => expect(dismiss).toHaveBeenCalledWith('error:Invalid or expired OTP'));
    await waitFor(() => expect(screen.queryByText('Invalid or expired OTP')).not.toBeInTheDocument());
    dismiss.mockRestore();
    expect(localStorage.getItem('token')).toBe(data.token);
    expect(localStorage.getItem('role')).toBe('retailer');
  });

  it('toasts the server message when sending fails, else Failed to send OTP', async () => {
    mockApi({ 'POST /auth/login': fail(429, 'Too many attempts. Please try again in a minute.') });
    const { user } = renderApp('/login');
    await heading('Sign in');
    await user.type(screen.getByLabelText('Email or phone number'), 'retailer@demo.test');
    await user.click(screen.getByRole('button', { name: 'Send OTP' }));
    expect(await screen.findByText('Too many attempts. Please try again in a minute.')).toBeInTheDocument();

    mockApi({ 'POST /auth/login': { status: 500 } });
    await user.click(screen.getByRole('button', { name: 'Send OTP' }));
    expect(await screen.findByText('Failed to send OTP')).toBeInTheDocument();
  });

  it('falls back to Failed to verify OTP when the server gives no message', async () => {
    mockApi({ 'POST /auth/login': ok({}, 'OTP sent successfully'), 'POST /auth/verify': { status: 502 } });
    const { user } = renderApp('/login');
    await heading('Sign in');
    await user.type(screen.getByLabelText('Email or phone number'), '(916) 555-0001');
    await user.click(screen.getByRole('button', { name: 'Send OTP' }));
    await heading('Enter your code');
    await user.type(screen.getByLabelText('6-digit code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify and sign in' }));
    expect(await screen.findByText('Failed to verify OTP')).toBeInTheDocument();
  });

  it('sends /otp-verification back to /login when no code was requested', async () => {
    mockApi({});
    const { router } = renderApp('/otp-verification');
    await heading('Sign in');
    expect(router.state.location.pathname).toBe('/login');
  });
});

describe('password sign-in', () => {
  it('requires both fields', async () => {
    mockApi({});
    const { user } = renderApp('/loginPassword');
    await heading('Sign in with password');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Email or phone number is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
  });

  it('shows and hides the password', async () => {
    mockApi({});
    const { user } = renderApp('/loginPassword');
    await heading('Sign in with password');
    const input = screen.getByLabelText('Password');
    expect(input).toHaveAttribute('type', 'password');
    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(input).toHaveAttribute('type', 'text');
    await user.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(input).toHaveAttribute('type', 'password');
  });

  it('toasts the server message on failure, else Login failed', async () => {
    mockApi({ 'POST /auth/loginWithPassword': fail(401, 'Invalid email/phone or password', 'INVALID_CREDENTIALS') });
    const { user, router } = renderApp('/loginPassword');
    await heading('Sign in with password');
    await user.type(screen.getByLabelText('Email or phone number'), 'retailer@demo.test');
    await user.type(screen.getByLabelText('Password'), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Invalid email/phone or password')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/loginPassword');

    mockApi({ 'POST /auth/loginWithPassword': { status: 500 } });
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Login failed')).toBeInTheDocument();
  });

  it('signs a distributor in to /admin/dashboard', async () => {
    mockApi({ 'POST /auth/loginWithPassword': ok(signInData('distributor')), 'GET /auth/profile': ok({}) });
    const { user, router, store } = renderApp('/loginPassword');
    await heading('Sign in with password');
    await user.type(screen.getByLabelText('Email or phone number'), 'admin@demo.test');
    await user.type(screen.getByLabelText('Password'), 'Demo@12345');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/dashboard'));
    expect(store.getState().auth).toMatchObject({ isAuthenticated: true, role: 'distributor', loading: false, error: null });
  });

  it('sales sign-in calls /auth/salesLogin and falls back to Sales login failed', async () => {
    const { calls } = mockApi({ 'POST /auth/salesLogin': { status: 500 } });
    const { user, store } = renderApp('/sales-login');
    await heading('Sales representative sign in');
    await user.type(screen.getByLabelText('Email or phone number'), 'sales@demo.test');
    await user.type(screen.getByLabelText('Password'), 'Demo@12345');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Sales login failed')).toBeInTheDocument();
    expect(calls.map((c) => c.key)).toContain('POST /auth/salesLogin');
    await waitFor(() => expect(store.getState().auth.loading).toBe(false));
    expect(store.getState().auth.error).toBe('Request failed');
  });
});

describe('sign-up', () => {
  it('validates, sends the request, then confirms the code', async () => {
    const { calls } = mockApi({
      'POST /auth/signup': ok({ email: 'owner@store.test', phone: '9165550199', status: 'unverified' }, 'OTP sent successfully'),
      'POST /auth/verifyRetailerOtp': ok({ status: 'pending' }, 'OTP verified successfully'),
    });
    const { user, router } = renderApp('/signup');
    await heading('Create your store account');
    await user.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(await screen.findByText('Store name is required')).toBeInTheDocument();
    expect(screen.getByText('Owner name is required')).toBeInTheDocument();

    await user.type(screen.getByLabelText('Store name'), 'Quick Stop');
    await user.type(screen.getByLabelText('Owner name'), 'Ana Ruiz');
    await user.type(screen.getByLabelText('Email'), 'Owner@Store.test');
    await user.type(screen.getByLabelText('Phone'), '916-555-0199');
    await user.type(screen.getByLabelText('Password'), 'short');
    await user.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(await screen.findByText('Password must be at least 8 characters')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Password'));
    await user.type(screen.getByLabelText('Password'), 'Store2026!');
    await user.click(screen.getByRole('button', { name: 'Sign up' }));
    await heading('Confirm your email');
    expect(router.state.location.pathname).toBe('/signupOtp');
    expect(calls.find((c) => c.key === 'POST /auth/signup')!.body).toEqual({
      storeName: 'Quick Stop',
      ownerName: 'Ana Ruiz',
      email: 'owner@store.test',
      phone: '916-555-0199',
      password: 'Store2026!',
    });

    await user.type(screen.getByLabelText('6-digit code'), '654321');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('OTP verified successfully')).toBeInTheDocument();
    expect(await heading('Request sent')).toBeInTheDocument();
    expect(calls.find((c) => c.key === 'POST /auth/verifyRetailerOtp')!.body).toEqual({
      email_phone: 'owner@store.test',
      otp: '654321',
    });
  });

  it('shows only the server message when sign-up fails', async () => {
    mockApi({ 'POST /auth/signup': fail(409, 'An account with this email or phone already exists', 'CONFLICT') });
    const { user, router } = renderApp('/signup');
    await heading('Create your store account');
    await user.type(screen.getByLabelText('Store name'), 'Quick Stop');
    await user.type(screen.getByLabelText('Owner name'), 'Ana Ruiz');
    await user.type(screen.getByLabelText('Email'), 'retailer@demo.test');
    await user.type(screen.getByLabelText('Phone'), '9165550199');
    await user.type(screen.getByLabelText('Password'), 'Store2026!');
    await user.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(await screen.findByText('An account with this email or phone already exists')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/signup');
  });
});

describe('forgotten password', () => {
  it('sends a code, then resets with matching passwords and goes to password sign-in', async () => {
    const { calls } = mockApi({
      'POST /auth/forgotPassword': ok({}, 'OTP sent successfully'),
      'POST /auth/resetPassword': ok(null, 'Password reset successfully'),
    });
    const { user, router } = renderApp('/forgot-password');
    await heading('Forgot password');
    await user.type(screen.getByLabelText('Email or phone number'), 'retailer@demo.test');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByText('OTP sent successfully')).toBeInTheDocument();
    await heading('Set a new password');

    await user.type(screen.getByLabelText('6-digit code'), '111222');
    await user.type(screen.getByLabelText('New password'), 'NewPass123');
    await user.type(screen.getByLabelText('Confirm new password'), 'NewPass124');
    await user.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(await screen.findByText('Passwords do not match')).toBeInTheDocument();

    await user.clear(screen.getByLabelText('Confirm new password'));
    await user.type(screen.getByLabelText('Confirm new password'), 'NewPass123');
    await user.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(await screen.findByText('Password reset successfully')).toBeInTheDocument();
    await heading('Sign in with password');
    expect(router.state.location.pathname).toBe('/loginPassword');
    expect(calls.find((c) => c.key === 'POST /auth/resetPassword')!.body).toEqual({
      email_phone: 'retailer@demo.test',
      otp: '111222',
      password: 'NewPass123',
    });
  });
});

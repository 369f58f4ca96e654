// The contact forms: /contact-us posts to POST /contact and /retailer/contact to POST
// /retailer/contact, both through the form submission store (spec §4 states and texts).
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fail, mockApi, ok, renderApp, signInData, STORE, WAREHOUSE } from '../../test/render-app';

const SENT = ok({ id: 'c-1', createdAt: '2026-03-01T10:00:00.000Z' }, 'Form submitted successfully!');

describe('public contact form (/contact-us)', () => {
  it('validates each field, then posts to the API, passes through pending and shows Form submitted successfully!', async () => {
    const { calls, fetchMock } = mockApi({ 'POST /contact': SENT });
    const { user, store } = renderApp('/contact-us');
    await screen.findByRole('heading', { name: 'Contact Us' });
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    expect(await screen.findByText('Name is required')).toBeInTheDocument();
    expect(screen.getByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText('Message must be at least 10 characters')).toBeInTheDocument();
    expect(calls).toHaveLength(0);

    await user.type(screen.getByLabelText('Your name'), 'Ana Ruiz');
    await user.type(screen.getByLabelText('Store name (optional)'), 'Ruiz Market');
    await user.type(screen.getByLabelText('Email'), 'ana@store');
    await user.type(screen.getByLabelText('Phone (optional)'), 'abc');
    await user.type(screen.getByLabelText('Message'), 'Please call me about an account.');
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    expect(await screen.findByText('Enter a valid email address')).toBeInTheDocument();
    expect(screen.getByText('Enter a valid phone number')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Email'), '.test');
    await user.clear(screen.getByLabelText('Phone (optional)'));

    // Hold the answer to see the pending state.
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const answer = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementationOnce(async (...args) => {
      await gate;
      return answer(...args);
    });
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    await waitFor(() => expect(store.getState().formSubmission.submitting).toBe(true));
    expect(screen.getByRole('button', { name: /Send message/ })).toBeDisabled();
    release();

    expect(await screen.findByText('Form submitted successfully!')).toBeInTheDocument();
    expect(calls.map((c) => c.key)).toEqual(['POST /contact']);
    expect(calls[0]!.body).toEqual({
      name: 'Ana Ruiz',
      storeName: 'Ruiz Market',
      email: 'ana@store.test',
      message: 'Please call me about an account.',
    });
    expect(calls[0]!.headers.get('authorization')).toBeNull();
    const state = store.getState().formSubmission;
    expect(state).toMatchObject({ submitting: false, message: 'Form submitted successfully!', error: null });
    expect(state.data).toEqual([
      {
        form: 'contact',
        name: 'Ana Ruiz',
        storeName: 'Ruiz Market',
        email: 'ana@store.test',
        phone: '',
        message: 'Please call me about an account.',
      },
    ]);
    expect(screen.getByLabelText('Your name')).toHaveValue('');
    expect(screen.getByLabelText('Message')).toHaveValue('');
  });

  it('shows Failed to submit form. Please try again later. when the server fails, keeping what was typed', async () => {
    mockApi({ 'POST /contact': fail(500, 'Internal server error', 'INTERNAL_ERROR') });
    const { user, store } = renderApp('/contact-us');
    await user.type(await screen.findByLabelText('Your name'), 'Bo');
    await user.type(screen.getByLabelText('Email'), 'bo@store.test');
    await user.type(screen.getByLabelText('Message'), 'Hello, is anyone there?');
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    expect(await screen.findByText('Failed to submit form. Please try again later.')).toBeInTheDocument();
    expect(store.getState().formSubmission).toMatchObject({
      submitting: false,
      error: 'Failed to submit form. Please try again later.',
      data: [],
    });
    expect(screen.getByLabelText('Your name')).toHaveValue('Bo');
  });

  it("shows the server's own words for a refusal the user can act on (too many messages)", async () => {
    mockApi({ 'POST /contact': fail(429, 'Too many messages sent. Please try again later.', 'RATE_LIMITED') });
    const { user, store } = renderApp('/contact-us');
    await user.type(await screen.findByLabelText('Your name'), 'Bo');
    await user.type(screen.getByLabelText('Email'), 'bo@store.test');
    await user.type(screen.getByLabelText('Message'), 'Hello, is anyone there?');
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    expect(await screen.findByText('Too many messages sent. Please try again later.')).toBeInTheDocument();
    expect(store.getState().formSubmission.error).toBe('Too many messages sent. Please try again later.');
  });
});

describe('retailer contact form (/retailer/contact)', () => {
  const PROFILE = {
    user: { id: 'user-retailer', name: 'Sam Patel', email: 'retailer@demo.test', phone: '15550100002', role: 'retailer' },
    storeDetail: STORE,
    store: { email: null, zip: '95814' },
    wareHouseDetail: [WAREHOUSE],
  };

  it('is prefilled for the store, posts the message with the bearer token and keeps the sender details', async () => {
    const { calls } = mockApi({ 'GET /retailer/profile': ok(PROFILE), 'POST /retailer/contact': SENT });
    const { user, store } = renderApp('/retailer/contact', { signedInAs: signInData('retailer') });
    expect(await screen.findByRole('heading', { name: 'Contact Us' })).toBeInTheDocument();
    expect(await screen.findByLabelText('Your name')).toHaveValue('Sam Patel');
    expect(screen.getByLabelText('Email')).toHaveValue('retailer@demo.test');
    expect(screen.getByLabelText('Phone (optional)')).toHaveValue('(916) 555-0001');
    expect(screen.queryByLabelText('Store name (optional)')).not.toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Sending for' })).getByText('Corner Mart #1')).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Distributor' })).getByText('(916) 555-0100')).toBeInTheDocument();

    await user.type(screen.getByLabelText('Message'), 'Please send the new price list.');
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    expect(await screen.findByText('Form submitted successfully!')).toBeInTheDocument();
    const sent = calls.find((c) => c.key === 'POST /retailer/contact')!;
    expect(sent.body).toEqual({
      name: 'Sam Patel',
      email: 'retailer@demo.test',
      phone: '(916) 555-0001',
      message: 'Please send the new price list.',
    });
    expect(sent.headers.get('authorization')).toBe('Bearer token-retailer');
    expect(store.getState().formSubmission.data.at(-1)).toMatchObject({
      form: 'retailer-contact',
      message: 'Please send the new price list.',
    });
    expect(screen.getByLabelText('Message')).toHaveValue('');
    expect(screen.getByLabelText('Your name')).toHaveValue('Sam Patel');
  });

  it('still works from the sign-in details when the profile cannot be read', async () => {
    const { calls } = mockApi({
      'GET /retailer/profile': fail(500, 'Internal server error'),
      'POST /retailer/contact': fail(400, 'Enter a valid email address', 'VALIDATION_ERROR'),
    });
    const { user } = renderApp('/retailer/contact', { signedInAs: signInData('retailer') });
    expect(await screen.findByLabelText('Your name')).toHaveValue('Sam Patel');
    expect(screen.getByLabelText('Email')).toHaveValue('');
    await user.type(screen.getByLabelText('Email'), 'sam@cornermart.test');
    await user.type(screen.getByLabelText('Message'), 'Call me about my order.');
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    expect(await screen.findByText('Enter a valid email address')).toBeInTheDocument();
    expect(calls.filter((c) => c.key === 'POST /retailer/contact')).toHaveLength(1);
  });
});

import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, renderApp } from '../../test/render-app';

describe('contact form', () => {
  it('validates, submits after the 1 s wait and shows Form submitted successfully!', async () => {
    mockApi({});
    const { user, store } = renderApp('/contact-us');
    await screen.findByRole('heading', { name: 'Contact Us' });
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    expect(await screen.findByText('Name is required')).toBeInTheDocument();
    expect(screen.getByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText('Message must be at least 10 characters')).toBeInTheDocument();

    await user.type(screen.getByLabelText('Your name'), 'Ana Ruiz');
    await user.type(screen.getByLabelText('Email'), 'ana@store.test');
    await user.type(screen.getByLabelText('Phone (optional)'), 'abc');
    await user.type(screen.getByLabelText('Message'), 'Please call me about an account.');
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    expect(await screen.findByText('Enter a valid phone number')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Phone (optional)'));
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    expect(await screen.findByText('Form submitted successfully!', {}, { timeout: 3000 })).toBeInTheDocument();
    expect(store.getState().formSubmission.data).toEqual([
      {
        form: 'contact',
        name: 'Ana Ruiz',
        storeName: '',
        email: 'ana@store.test',
        phone: '',
        message: 'Please call me about an account.',
      },
    ]);
    expect(screen.getByLabelText('Your name')).toHaveValue('');
  });
});

import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, ok, renderApp, signInData, STORE } from '../../test/render-app';

describe('retailer dashboard', () => {
  it('shows the outstanding balance as money, with thousands separators', async () => {
    mockApi({ 'GET /retailer/accountReceivable': ok({ balance: 13711.5, ledger: [], total: 0, page: 1, limit: 20 }) });
    renderApp('/retailer/dashboard', { signedInAs: signInData('retailer', { storeDetail: { ...STORE, LastBalance: 13711.5 } }) });
    expect(await screen.findByTestId('balance')).toHaveTextContent(/^\$13,711\.50$/);
    // The strip's balance reads the same way.
    expect(within(screen.getByTestId('info-strip')).getByText('$13,711.50')).toBeInTheDocument();
  });

  it('says a failed shelf once, in place, without a toast repeating it', async () => {
    mockApi({ 'GET /dashboard/newItem': { status: 500 } });
    renderApp('/retailer/dashboard', { signedInAs: signInData('retailer') });
    expect(await screen.findByText('Failed to fetch new items')).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(screen.getAllByText('Failed to fetch new items')).toHaveLength(1);
    expect(screen.queryByRole('status', { name: /Failed to fetch/ })).not.toBeInTheDocument();
  });
});

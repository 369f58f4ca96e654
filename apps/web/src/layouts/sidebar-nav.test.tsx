// Spec §2 sidebar active rule with the order screens' other paths (issue 13): the history and an
// order's details highlight Order History, never Order; the order screen itself highlights Order.
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mockApi, renderApp, signInData } from '../test/render-app';

const current = () =>
  within(screen.getByRole('navigation', { name: 'Main menu' }))
    .getAllByRole('link')
    .filter((a) => a.getAttribute('aria-current') === 'page')
    .map((a) => a.textContent);

beforeEach(() => Object.assign(window, { innerWidth: 1440, innerHeight: 900 }));
afterEach(() => Object.assign(window, { innerWidth: 1024, innerHeight: 768 }));

describe('sidebar highlight of the order screens', () => {
  it.each([
    ['/retailer/order/history', 'Order History'],
    ['/retailer/orders/history', 'Order History'],
    ['/retailer/order/details/100001', 'Order History'],
    ['/retailer/order', 'Order'],
  ])('%s highlights %s only', async (path, label) => {
    mockApi({});
    renderApp(path, { signedInAs: signInData('retailer') });
    await screen.findByRole('navigation', { name: 'Main menu' });
    expect(current()).toEqual([label]);
  });
});

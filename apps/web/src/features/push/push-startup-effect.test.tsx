// The app's push hook-up: only for a signed-in retailer, start-up 100 ms after the app opens (failures only
// logged), and a push arriving while the portal is open refreshes the unread counter (the Notifications
// tag) and lands in the fallback buffer; a click on a notification takes the page to its url.
import { render, waitFor } from '@testing-library/react';
import { Provider } from 'react-redux';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createAppStore } from '../../app/store';
import { signedIn } from '../auth/auth.slice';
import { api } from '../../lib/api';
import { signInData } from '../../test/render-app';
import { PushStartup } from './push-startup-effect';
import { SW_MESSAGE } from './push-messages';

let container: EventTarget;

beforeEach(() => {
  container = new EventTarget();
  Object.defineProperty(navigator, 'serviceWorker', { value: container, configurable: true });
});
afterEach(() => {
  Reflect.deleteProperty(navigator, 'serviceWorker');
  vi.restoreAllMocks();
});

function setup(role: 'retailer' | 'sales') {
  const { store } = createAppStore({ persist: false });
  store.dispatch(signedIn(signInData(role)));
  const dispatch = vi.spyOn(store, 'dispatch');
  const navigate = vi.fn();
  render(
    <Provider store={store}>
      <PushStartup navigate={navigate} />
    </Provider>,
  );
  return { store, dispatch, navigate };
}

const message = (data: unknown) => container.dispatchEvent(new MessageEvent('message', { data }));

describe('PushStartup', () => {
  it('starts push 100 ms after the app opens and only logs that this browser has no push', async () => {
    const info = vi.spyOn(console, 'info').mockImplementation(() => undefined);
    setup('retailer');
    await new Promise((r) => setTimeout(r, 60));
    expect(info).not.toHaveBeenCalled();
    await waitFor(() => expect(info).toHaveBeenCalledWith('Push notifications are not supported in this browser'));
  });

  it('refreshes the unread counter and keeps the push in the fallback buffer', () => {
    const { store, dispatch } = setup('retailer');
    message({
      type: SW_MESSAGE.push,
      title: 'Hi',
      body: 'There',
      url: null,
      notificationId: 'n-1',
      timestamp: '2026-11-27T10:00:00.000Z',
    });
    expect(dispatch).toHaveBeenCalledWith(api.util.invalidateTags(['Notifications']));
    expect(store.getState().pushBuffer.items).toEqual([{ title: 'Hi', body: 'There', timestamp: '2026-11-27T10:00:00.000Z' }]);
  });

  it('takes the page to a clicked notification’s url (portal paths only)', () => {
    const { navigate } = setup('retailer');
    message({ type: SW_MESSAGE.open, url: '/retailer/order' });
    message({ type: SW_MESSAGE.open, url: 'https://evil.example.com' });
    expect(navigate.mock.calls).toEqual([['/retailer/order']]);
  });

  it('does nothing for other roles', async () => {
    const info = vi.spyOn(console, 'info').mockImplementation(() => undefined);
    const { store } = setup('sales');
    message({ type: SW_MESSAGE.push, title: 'Hi', body: 'There', url: null, notificationId: null, timestamp: 't' });
    expect(store.getState().pushBuffer.items).toEqual([]);
    await new Promise((r) => setTimeout(r, 250));
    expect(info).not.toHaveBeenCalled();
  });
});

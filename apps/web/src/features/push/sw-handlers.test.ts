// The service worker's behaviour: what a push shows (with the spec's fallbacks), that open pages hear
// about it, and where a click leads (an open portal tab, focused, or a new window on the push's page).
import { describe, expect, it, vi } from 'vitest';
import { SW_MESSAGE } from './push-messages';
import {
  DEFAULT_PUSH_URL,
  notificationFor,
  onNotificationClick,
  onPush,
  readPayload,
  safeUrl,
  type WindowClientLike,
} from './sw-handlers';

const ORIGIN = 'https://portal.example.com';

function scope(pages: WindowClientLike[] = []) {
  return {
    location: { origin: ORIGIN },
    registration: { showNotification: vi.fn(async () => undefined) },
    clients: { matchAll: vi.fn(async () => pages), openWindow: vi.fn(async () => null) },
  };
}
const page = (url: string, focused = false): WindowClientLike => ({
  url,
  focused,
  focus: vi.fn(async () => undefined),
  postMessage: vi.fn(),
});

describe('notificationFor', () => {
  it('shows the title and body', () => {
    expect(
      notificationFor({ title: 'Order shipped', body: 'Order 1042 is on its way', url: '/retailer/orders/1' }, ORIGIN),
    ).toEqual({
      title: 'Order shipped',
      options: {
        body: 'Order 1042 is on its way',
        icon: '/favicon.svg',
        tag: undefined,
        data: { url: '/retailer/orders/1', notificationId: null },
      },
    });
  });

  it('falls back to New Notification and You have a new message (spec §4)', () => {
    const { title, options } = notificationFor({}, ORIGIN);
    expect(title).toBe('New Notification');
    expect(options.body).toBe('You have a new message');
    expect(notificationFor({ title: '  ', body: '' }, ORIGIN).title).toBe('New Notification');
  });
});

describe('readPayload', () => {
  it('reads JSON, else takes the text as the body, else nothing', () => {
    expect(readPayload({ json: () => ({ title: 'A' }), text: () => '' })).toEqual({ title: 'A' });
    expect(
      readPayload({
        json: () => {
          throw new SyntaxError('x');
        },
        text: () => 'plain words',
      }),
    ).toEqual({ body: 'plain words' });
    expect(readPayload(null)).toEqual({});
  });
});

describe('safeUrl', () => {
  it('keeps pages of this portal only', () => {
    expect(safeUrl('/retailer/order', ORIGIN)).toBe('/retailer/order');
    expect(safeUrl(`${ORIGIN}/retailer/cart?x=1`, ORIGIN)).toBe('/retailer/cart?x=1');
    expect(safeUrl('https://evil.example.com/phish', ORIGIN)).toBe(DEFAULT_PUSH_URL);
    expect(safeUrl('//evil.example.com/x', ORIGIN)).toBe(DEFAULT_PUSH_URL);
    expect(safeUrl(null, ORIGIN)).toBe(DEFAULT_PUSH_URL);
  });
});

describe('onPush', () => {
  it('shows the notification and tells every open page (to refresh the unread counter)', async () => {
    const open = page(`${ORIGIN}/retailer/dashboard`);
    const s = scope([open]);
    await onPush(s, { title: 'Hi', notificationId: 'n-1' }, new Date('2026-11-27T10:00:00Z'));
    expect(s.registration.showNotification).toHaveBeenCalledWith(
      'Hi',
      expect.objectContaining({ body: 'You have a new message', tag: 'n-1' }),
    );
    expect(open.postMessage).toHaveBeenCalledWith({
      type: SW_MESSAGE.push,
      title: 'Hi',
      body: 'You have a new message',
      url: DEFAULT_PUSH_URL,
      notificationId: 'n-1',
      timestamp: '2026-11-27T10:00:00.000Z',
    });
  });
});

describe('onNotificationClick', () => {
  it('focuses an open portal tab (the focused one first) and takes it to the page', async () => {
    const a = page(`${ORIGIN}/retailer/order`);
    const b = page(`${ORIGIN}/retailer/cart`, true);
    const s = scope([page('https://other.example.com/'), a, b]);
    await onNotificationClick(s, { url: '/retailer/orders/7' });
    expect(b.focus).toHaveBeenCalled();
    expect(b.postMessage).toHaveBeenCalledWith({ type: SW_MESSAGE.open, url: '/retailer/orders/7' });
    expect(a.focus).not.toHaveBeenCalled();
    expect(s.clients.openWindow).not.toHaveBeenCalled();
  });

  it('opens the notification’s page when no portal tab is open', async () => {
    const s = scope([]);
    await onNotificationClick(s, { url: '/retailer/orders/7' });
    expect(s.clients.openWindow).toHaveBeenCalledWith('/retailer/orders/7');
    await onNotificationClick(s, null);
    expect(s.clients.openWindow).toHaveBeenLastCalledWith(DEFAULT_PUSH_URL);
  });
});

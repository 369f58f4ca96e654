// The live stream's event reading and reconnection backoff.
import { describe, expect, it, vi } from 'vitest';
import { backoffDelay, dispatchStreamEvent } from './notifications-stream';
import { item } from './notifications-test-data';

describe('notifications stream', () => {
  it('backs off 1 s, 2 s, 4 s … up to 30 s, with at most 20 % jitter', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 10].map((n) => backoffDelay(n, () => 0))).toEqual([
      1000, 2000, 4000, 8000, 16000, 30000, 30000, 30000,
    ]);
    expect(backoffDelay(0, () => 1)).toBe(1200);
    expect(backoffDelay(9, () => 0.5)).toBe(33000);
  });

  it('reads `notification` and `changed` events and ignores the rest', () => {
    const handlers = { onNotification: vi.fn(), onChanged: vi.fn() };
    const n = item('n1');
    dispatchStreamEvent('notification', JSON.stringify(n), handlers);
    expect(handlers.onNotification).toHaveBeenCalledWith(n);
    dispatchStreamEvent('changed', '{"unreadCount":3}', handlers);
    expect(handlers.onChanged).toHaveBeenCalledWith(3);
    dispatchStreamEvent('notification', '{"id":1}', handlers);
    dispatchStreamEvent('notification', 'not json', handlers);
    dispatchStreamEvent('changed', '{"unreadCount":-1}', handlers);
    dispatchStreamEvent('message', '{}', handlers);
    expect(handlers.onNotification).toHaveBeenCalledTimes(1);
    expect(handlers.onChanged).toHaveBeenCalledTimes(1);
  });
});

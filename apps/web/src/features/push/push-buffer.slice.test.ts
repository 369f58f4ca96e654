// The push fallback buffer (spec §3): newest first, at most 50, emptied on logout.
import { describe, expect, it } from 'vitest';
import { resetStores } from '../../app/reset';
import { pushBufferReducer, pushReceived } from './push-buffer.slice';

describe('push fallback buffer', () => {
  it('keeps the last 50 pushes, newest first', () => {
    let state = pushBufferReducer(undefined, { type: 'init' });
    for (let i = 1; i <= 55; i++)
      state = pushBufferReducer(state, pushReceived({ title: `T${i}`, body: 'b', timestamp: `t${i}` }));
    expect(state.items).toHaveLength(50);
    expect(state.items[0]!.title).toBe('T55');
    expect(state.items[49]!.title).toBe('T6');
  });

  it('empties on logout', () => {
    const state = pushBufferReducer(undefined, pushReceived({ title: 'T', body: 'b', timestamp: 't' }));
    expect(pushBufferReducer(state, resetStores()).items).toEqual([]);
  });
});

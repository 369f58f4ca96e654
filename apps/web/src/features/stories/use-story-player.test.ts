// The story viewer's clock with fake timers (spec §4, issue 17 §2): 2 % every 100 ms once the media has
// loaded, auto-advance and close after the last, previous refused on the first, pause, offline and a
// hidden tab stop the clock, videos follow their playback, and each story is reported shown once.
import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useStoryPlayer, type StoryClock } from './use-story-player';

function setup(count: number, clocks: StoryClock[] = []) {
  const onClose = vi.fn();
  const onShown = vi.fn();
  const hook = renderHook(() => useStoryPlayer({ count, onClose, onShown, clockOf: (i) => clocks[i] ?? 'timer' }));
  return { hook, onClose, onShown, p: () => hook.result.current };
}
const tick = (ms: number) => {
  act(() => {
    vi.advanceTimersByTime(ms);
  });
};

describe('useStoryPlayer', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    vi.useRealTimers();
    Object.defineProperty(navigator, 'onLine', { configurable: true, value: true });
    Object.defineProperty(document, 'visibilityState', { configurable: true, value: 'visible' });
  });

  it('waits for the media, then grows 2 % every 100 ms and moves on after 5 s', () => {
    const { p, onShown, onClose } = setup(2);
    tick(3000);
    expect(p().progress).toBe(0); // not loaded yet: the clock has not started
    act(() => p().mediaReady());
    expect(onShown).toHaveBeenCalledWith(0);
    tick(100);
    expect(p().progress).toBe(2);
    tick(2400);
    expect(p().progress).toBe(50);
    tick(2500);
    expect(p().index).toBe(1);
    expect(p().progress).toBe(0);
    expect(p().ready).toBe(false);
    tick(10_000);
    expect(p().index).toBe(1); // the next story waits for its own media
    act(() => p().mediaReady());
    expect(onShown).toHaveBeenLastCalledWith(1);
    tick(4900);
    expect(onClose).not.toHaveBeenCalled();
    tick(100);
    expect(onClose).toHaveBeenCalledTimes(1); // the end of the last story closes the viewer
  });

  it('disables previous on the first story and steps both ways', () => {
    const { p, onClose, onShown } = setup(3);
    expect(p().isFirst).toBe(true);
    act(() => p().previous());
    expect(p().index).toBe(0);
    act(() => p().next());
    act(() => p().next());
    expect([p().index, p().isLast]).toEqual([2, true]);
    act(() => p().previous());
    expect(p().index).toBe(1);
    act(() => p().mediaReady());
    act(() => p().previous());
    act(() => p().next());
    act(() => p().mediaReady()); // story 1 shown again: reported once only
    expect(onShown.mock.calls).toEqual([[1]]);
    act(() => p().next());
    act(() => p().next());
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('stands still while paused, offline or hidden', () => {
    const { p } = setup(1);
    act(() => p().mediaReady());
    tick(1000);
    expect(p().progress).toBe(20);
    act(() => p().togglePause());
    tick(3000);
    expect([p().paused, p().progress]).toEqual([true, 20]);
    act(() => p().togglePause());
    tick(500);
    expect(p().progress).toBe(30);

    Object.defineProperty(navigator, 'onLine', { configurable: true, value: false });
    act(() => void window.dispatchEvent(new Event('offline')));
    tick(3000);
    expect([p().online, p().progress]).toEqual([false, 30]);
    act(() => void window.dispatchEvent(new Event('online')));
    tick(500);
    expect(p().progress).toBe(40);

    Object.defineProperty(document, 'visibilityState', { configurable: true, value: 'hidden' });
    act(() => void document.dispatchEvent(new Event('visibilitychange')));
    tick(3000);
    expect(p().progress).toBe(40);
    Object.defineProperty(document, 'visibilityState', { configurable: true, value: 'visible' });
    act(() => void document.dispatchEvent(new Event('visibilitychange')));
    tick(1000);
    expect(p().progress).toBe(60);
  });

  it('lets a video run for its real length, and a media that fails moves on by the image clock', () => {
    const { p, onClose } = setup(2, ['media', 'media']);
    act(() => p().mediaReady());
    tick(20_000);
    expect([p().index, p().progress]).toEqual([0, 0]); // a 30 s video is not cut at 5 s
    act(() => p().mediaProgress(0.5));
    expect(p().progress).toBe(50);
    act(() => p().mediaEnded());
    expect(p().index).toBe(1);
    act(() => p().mediaFailed());
    expect(p().failed).toBe(true);
    tick(5000);
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});

// The story viewer's clock (spec §4 Story viewer, issue 17 §2): an image's progress grows 2 % every
// 100 ms (about 5 s) and a video's follows its own playback, so it runs for its real length; the clock
// starts only once the story's media has loaded and stands still while paused, offline or hidden. At 100 %
// the next story is shown, and after the last one the viewer closes. Each story is reported viewed once,
// when its media is first shown.
import { STORY_PROGRESS_STEP, STORY_TICK_MS } from '@portal/shared/stories/stories.schemas';
import { useCallback, useEffect, useRef, useState } from 'react';

export type StoryClock = 'timer' | 'media';

export interface StoryPlayerOptions {
  count: number;
  onClose: () => void;
  /** A story's media was shown for the first time in this viewing. */
  onShown?: (index: number) => void;
  /** How each story keeps time: 'timer' (images, and media that failed) or 'media' (a video's playback). */
  clockOf: (index: number) => StoryClock;
}

function useOnline(): boolean {
  const [online, setOnline] = useState(() => (typeof navigator === 'undefined' ? true : navigator.onLine !== false));
  useEffect(() => {
    const on = () => setOnline(true);
    const off = () => setOnline(false);
    window.addEventListener('online', on);
    window.addEventListener('offline', off);
    return () => {
      window.removeEventListener('online', on);
      window.removeEventListener('offline', off);
    };
  }, []);
  return online;
}

function useVisible(): boolean {
  const [visible, setVisible] = useState(() => typeof document === 'undefined' || document.visibilityState !== 'hidden');
  useEffect(() => {
    const change = () => setVisible(document.visibilityState !== 'hidden');
    document.addEventListener('visibilitychange', change);
    return () => document.removeEventListener('visibilitychange', change);
  }, []);
  return visible;
}

export function useStoryPlayer({ count, onClose, onShown, clockOf }: StoryPlayerOptions) {
  const [chosen, setChosen] = useState(0);
  const [progress, setProgress] = useState(0);
  const [paused, setPaused] = useState(false);
  const [ready, setReady] = useState(false);
  const [failed, setFailed] = useState(false);
  const online = useOnline();
  const visible = useVisible();
  const shown = useRef(new Set<number>());
  const progressNow = useRef(0);
  const closeRef = useRef(onClose);
  const shownRef = useRef(onShown);
  useEffect(() => {
    closeRef.current = onClose;
    shownRef.current = onShown;
  });
  // The list can shrink while open (a story ended): stay on a story that exists.
  const index = count > 0 ? Math.min(chosen, count - 1) : 0;

  /** Whether the story's clock may run now: loaded, not paused, online and on screen. */
  const running = ready && !paused && online && visible;
  const clock: StoryClock = failed ? 'timer' : clockOf(index);

  const showProgress = useCallback((value: number) => {
    progressNow.current = value;
    setProgress(value);
  }, []);
  const goTo = useCallback(
    (next: number) => {
      if (next < 0) return;
      if (next >= count) {
        closeRef.current();
        return;
      }
      setChosen(next);
      showProgress(0);
      setReady(false);
      setFailed(false);
    },
    [count, showProgress],
  );
  const next = useCallback(() => goTo(index + 1), [goTo, index]);
  const previous = useCallback(() => goTo(index - 1), [goTo, index]);

  useEffect(() => {
    if (!running || clock !== 'timer') return;
    const timer = setInterval(() => {
      const value = Math.min(100, progressNow.current + STORY_PROGRESS_STEP);
      if (value >= 100) goTo(index + 1);
      else showProgress(value);
    }, STORY_TICK_MS);
    return () => clearInterval(timer);
  }, [running, clock, index, goTo, showProgress]);

  /** The story's media has loaded (an image's load, a video's canplay): the clock may start. */
  const mediaReady = useCallback(() => {
    setReady(true);
    if (!shown.current.has(index)) {
      shown.current.add(index);
      shownRef.current?.(index);
    }
  }, [index]);
  /** The media could not load: the story still shows (its caption) on the image clock, so the viewer moves on. */
  const mediaFailed = useCallback(() => {
    setFailed(true);
    setReady(true);
  }, []);
  /** A video's playback position, as a fraction of its length (it moves on when it ends: mediaEnded). */
  const mediaProgress = useCallback(
    (fraction: number) => {
      if (Number.isFinite(fraction)) showProgress(Math.max(0, Math.min(100, fraction * 100)));
    },
    [showProgress],
  );

  return {
    index,
    progress,
    paused,
    ready,
    failed,
    running,
    online,
    isFirst: index === 0,
    isLast: index === count - 1,
    next,
    previous,
    togglePause: useCallback(() => setPaused((p) => !p), []),
    mediaReady,
    mediaFailed,
    mediaProgress,
    /** A video reached its end. */
    mediaEnded: next,
  };
}

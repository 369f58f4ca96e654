// Toasts as spec §9 sets them: success 3000 ms and error 4000 ms at the top right (success on green);
// anything else at the top centre for 5000 ms (the <Toaster> defaults in providers.tsx).
// react-hot-toast is loaded on the first toast (and by the lazily mounted <Toaster>), not with the
// first screen's JavaScript (page-weight budgets, docs/web.md); its toast store is module-level, so a
// toast raised before the <Toaster> has mounted shows once it has.
//
// One toast per event (docs/web.md "Toasts"):
// - a toast's id is its kind and text, so the same message raised again (five calls refused at once)
//   refreshes the toast on screen instead of stacking a copy;
// - error and info toasts belong to the screen they were raised on: `screenChanged` (called on every
//   route change) dismisses them, and one raised on a screen already left is never shown. Success
//   toasts stay: they confirm what was just done, often the very action that changed the screen;
// - `notice` is an info toast about the app rather than a screen (the iOS Home Screen hint, raised as the
//   app opens, while the sign-in may still be navigating): it stays across route changes;
// - while a refused session is being ended, error toasts are held back (`holdErrors`) and
//   `sessionEnded` shows the one message, on the sign-in screen;
// - a message that the screen already shows (the global popup, an inline alert registered with
//   `registerShownMessages`) is not repeated as a toast.
import type toastApi from 'react-hot-toast';
import { loadChunk } from './lazy-page';

export const SUCCESS_GREEN = '#2e7d32';

type Kind = 'success' | 'error' | 'info';
type Toast = typeof toastApi;

let loaded: Toast | null = null;
const withToast = (show: (toast: Toast) => void) => {
  void loadChunk(() => import('react-hot-toast')).then((m) => {
    loaded = m.default;
    show(m.default);
  });
};

/** Bumped on every screen change: a toast raised on an older screen is stale. */
let screen = 0;
let holding = false;
/** Screen-scoped toasts that may be on screen (ids). */
const screenToasts = new Set<string>();
const shownSources = new Set<() => Iterable<string>>();

const toastId = (kind: Kind, message: string) => `${kind}:${message}`;

function shownElsewhere(message: string): boolean {
  for (const source of shownSources) for (const shown of source()) if (shown === message) return true;
  return false;
}

function raise(kind: Kind, message: string, scoped = kind !== 'success'): void {
  if (!message) return;
  if (scoped && holding) return;
  const raisedOn = screen;
  withToast((toast) => {
    // Checked again once the library is in: the screen or the session may have changed meanwhile.
    if (scoped && (holding || raisedOn !== screen)) return;
    if (shownElsewhere(message)) return;
    const id = toastId(kind, message);
    if (scoped) screenToasts.add(id);
    if (kind === 'success')
      toast.success(message, {
        id,
        duration: 3000,
        position: 'top-right',
        style: { background: SUCCESS_GREEN, color: '#fff' },
        iconTheme: { primary: '#fff', secondary: SUCCESS_GREEN },
      });
    else if (kind === 'error') toast.error(message, { id, duration: 4000, position: 'top-right' });
    else toast(message, { id });
  });
}

export const notify = {
  success: (message: string) => raise('success', message),
  error: (message: string) => raise('error', message),
  info: (message: string) => raise('info', message),
  /** An info toast about the app, not the screen it was raised on: a route change does not dismiss it. */
  notice: (message: string) => raise('info', message, false),

  /** The user is on another screen now: the previous screen's error and info toasts go. */
  screenChanged(): void {
    screen += 1;
    if (loaded) for (const id of screenToasts) loaded.dismiss(id);
    screenToasts.clear();
  },

  /** The session was refused: the failing calls' errors are not toasted one by one. */
  holdErrors(): void {
    holding = true;
  },

  /**
   * The session has ended: one toast says why. It is not tied to a screen, because the guard's own
   * redirect to the sign-in screen may land after this is called.
   */
  sessionEnded(message: string): void {
    holding = false;
    raise('error', message, false);
  },
};

/**
 * Registers messages that the screen shows by other means (a popup, an inline alert); `source` is
 * asked when a toast is about to show, and a toast with one of its messages is dropped. Returns the
 * unregistering function. Registration must be in place before the toast is raised: a component
 * whose alert appears in the same event as the toast should simply not raise that toast.
 */
export function registerShownMessages(source: () => Iterable<string>): () => void {
  shownSources.add(source);
  return () => void shownSources.delete(source);
}

/** Tests: back to the first load's state (no hold, no screen-scoped toasts). */
export function resetNotify(): void {
  holding = false;
  screenToasts.clear();
  screen += 1;
}

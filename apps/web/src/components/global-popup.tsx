// The global notification popup (spec §2, §3). It is rarely shown, so its dialog (MUI's Modal and
// transitions) is a chunk of its own, fetched the first time the popup opens and kept mounted after
// that so closing still animates. While open, no toast repeats its message (lib/notify.ts).
import { lazy, Suspense, useEffect, useState } from 'react';
import { useStore } from 'react-redux';
import { useAppSelector } from '../app/hooks';
import { loadChunk } from '../lib/lazy-page';
import { registerShownMessages } from '../lib/notify';
import type { PopupState } from './global-popup.slice';

const GlobalPopupDialog = lazy(() =>
  loadChunk(() => import('./global-popup-dialog')).then((m) => ({ default: m.GlobalPopupDialog })),
);

export function GlobalPopup({ onConfirm }: { onConfirm?: (customerId: string | null) => void }) {
  const isOpen = useAppSelector((s) => s.popup.isOpen);
  const store = useStore<{ popup: PopupState }>();
  // The popup says it: no toast repeats its message (the 409 answer also fails the call that got it).
  // Read from the store when a toast is about to show, since the popup opens before the caller toasts.
  useEffect(
    () =>
      registerShownMessages(() => {
        const popup = store.getState().popup;
        return popup.isOpen ? [popup.message] : [];
      }),
    [store],
  );
  const [opened, setOpened] = useState(isOpen);
  if (isOpen && !opened) setOpened(true);
  if (!opened) return null;
  return (
    <Suspense fallback={null}>
      <GlobalPopupDialog onConfirm={onConfirm} />
    </Suspense>
  );
}

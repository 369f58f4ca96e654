// The global notification popup (spec §2, §3). It is rarely shown, so its dialog (MUI's Modal and
// transitions) is a chunk of its own, fetched the first time the popup opens and kept mounted after
// that so closing still animates.
import { lazy, Suspense, useState } from 'react';
import { useAppSelector } from '../app/hooks';
import { loadChunk } from '../lib/lazy-page';

const GlobalPopupDialog = lazy(() =>
  loadChunk(() => import('./global-popup-dialog')).then((m) => ({ default: m.GlobalPopupDialog })),
);

export function GlobalPopup({ onConfirm }: { onConfirm?: (customerId: string | null) => void }) {
  const isOpen = useAppSelector((s) => s.popup.isOpen);
  const [opened, setOpened] = useState(isOpen);
  if (isOpen && !opened) setOpened(true);
  if (!opened) return null;
  return (
    <Suspense fallback={null}>
      <GlobalPopupDialog onConfirm={onConfirm} />
    </Suspense>
  );
}

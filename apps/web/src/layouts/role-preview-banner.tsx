// The banner shown while an owner views the app as a role (lib/role-preview.slice.ts). The banner
// itself (MUI's Alert) is role-preview-alert.tsx, loaded when a preview starts: no other screen needs it.
import { lazy, Suspense } from 'react';
import { useAppSelector } from '../app/hooks';
import { loadChunk } from '../lib/lazy-page';

const RolePreviewAlert = lazy(() =>
  loadChunk(() => import('./role-preview-alert')).then((m) => ({ default: m.RolePreviewAlert })),
);

export function RolePreviewBanner() {
  const role = useAppSelector((s) => s.rolePreview.role);
  if (!role) return null;
  return (
    <Suspense fallback={null}>
      <RolePreviewAlert role={role} />
    </Suspense>
  );
}

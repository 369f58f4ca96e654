// Toasts belong to the screen they were raised on (lib/notify.ts): a route change dismisses the
// previous screen's error and info toasts. Mounted once, inside the router (app/routes.tsx Root).
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { notify } from './notify';

export function useScreenToasts(): void {
  const { pathname } = useLocation();
  const first = useRef(pathname);
  useEffect(() => {
    if (pathname === first.current) return;
    first.current = pathname;
    notify.screenChanged();
  }, [pathname]);
}

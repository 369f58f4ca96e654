// What confirming the global popup does (spec §4 "Popup confirm"): for a sales user with a customer
// id (the 409 popup), that customer becomes the working customer and the rep lands on the dashboard.
import { useCallback, useEffect, useRef } from 'react';
import { useStore } from 'react-redux';
import { useLocation, useNavigate } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import type { RootState } from '../../app/store';
import { confirmCustomerContext } from './customer-session';

/** The full page reload used when the rep is already on the dashboard (replaceable in tests). */
export const pageReload = { reload: () => window.location.reload() };

export function useCustomerContextConfirm(): (customerId: string | null) => void {
  const dispatch = useAppDispatch();
  const store = useStore<RootState>();
  const navigate = useNavigate();
  const role = useAppSelector((s) => s.auth.role);
  const { pathname } = useLocation();
  const path = useRef(pathname);
  useEffect(() => {
    path.current = pathname;
  }, [pathname]);

  return useCallback(
    (customerId: string | null) => {
      if (role !== 'sales' || !customerId) return;
      void confirmCustomerContext(dispatch, store.getState, customerId, {
        pathname: () => path.current,
        navigate: (to) => void navigate(to),
        reload: () => pageReload.reload(),
      });
    },
    [role, dispatch, store, navigate],
  );
}

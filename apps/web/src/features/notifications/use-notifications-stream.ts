// Keeps the bell's list live while a retailer is signed in: a new notification is written on top of the
// cached list (spec §4 rules), a `changed` count that differs from the cached one, or a reconnection after
// a gap, refetches the list. Stops when the token goes (logout) or the bell unmounts.
import { useEffect, useRef } from 'react';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { api } from '../../lib/api';
import { addNotification } from './notifications-state';
import { subscribeToNotifications } from './notifications-stream';
import { notificationsApi } from './notifications.api';

export function useNotificationsStream(unreadCount: number | undefined) {
  const dispatch = useAppDispatch();
  const token = useAppSelector((s) => s.auth.token);
  const role = useAppSelector((s) => s.auth.role);
  const known = useRef(unreadCount);
  useEffect(() => {
    known.current = unreadCount;
  }, [unreadCount]);

  useEffect(() => {
    // Spec §6: only retailers make notification calls.
    if (!token || role !== 'retailer') return;
    const refetch = () => dispatch(api.util.invalidateTags(['Notifications']));
    return subscribeToNotifications(token, {
      onNotification: (item) =>
        void dispatch(notificationsApi.util.updateQueryData('getNotifications', undefined, (s) => addNotification(s, item))),
      // The server also sends its count on connecting: before the first list answer there is nothing to compare.
      onChanged: (count) => {
        if (known.current !== undefined && count !== known.current) refetch();
      },
      onOpen: (reopened) => {
        if (reopened) refetch();
      },
    });
  }, [token, role, dispatch]);
}

// The retailer's header bell (spec §2 Header, §4 Notifications): the unread count (at most 99, hidden at
// 0), opening the notifications drawer. Plain elements like the cart and stories icons; the drawer (MUI)
// is a chunk of its own, fetched on the first hover, focus or press. The bell also keeps the list live
// (use-notifications-stream.ts). Only retailers get it (header-actions.tsx; spec §6).
import { lazy, Suspense, useState } from 'react';
import { notificationsIcon } from '../../components/ui/material-icons';
import { SvgIcon } from '../../components/ui/svg-icon';
import { loadChunk } from '../../lib/lazy-page';
import { badgeText } from './notifications-state';
import { useGetNotificationsQuery } from './notifications.api';
import { useNotificationsStream } from './use-notifications-stream';
import '../../components/ui/controls.css';

const loadDrawer = () => loadChunk(() => import('./notifications-drawer'));
const NotificationsDrawer = lazy(() => loadDrawer().then((m) => ({ default: m.NotificationsDrawer })));

export function NotificationsBell() {
  const q = useGetNotificationsQuery();
  useNotificationsStream(q.data?.unreadCount);
  const [open, setOpen] = useState(false);
  const [mounted, setMounted] = useState(false);
  const count = q.data?.unreadCount ?? 0;
  const text = badgeText(count);
  return (
    <>
      <button
        type="button"
        className="ui-iconbtn ui-iconbtn--inherit ui-tip"
        data-tip="Notifications"
        aria-label={`Notifications, ${text} unread`}
        aria-haspopup="dialog"
        onPointerEnter={() => void loadDrawer()}
        onFocus={() => void loadDrawer()}
        onClick={() => {
          setMounted(true);
          setOpen(true);
        }}
      >
        <span className="ui-badge">
          <SvgIcon icon={notificationsIcon} />
          <span
            className={count === 0 ? 'ui-badge__count ui-badge__count--hidden' : 'ui-badge__count'}
            aria-hidden="true"
            data-testid="notifications-badge"
          >
            {text}
          </span>
        </span>
      </button>
      {mounted ? (
        <Suspense fallback={null}>
          <NotificationsDrawer open={open} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}

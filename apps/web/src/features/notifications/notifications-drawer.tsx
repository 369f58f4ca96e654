// The notifications drawer (spec §2 dialogs, §4 Notifications, §8 toasts): tabs All, Unread and Read,
// `No notifications yet` when a tab is empty, each notification's title, description and date (spec §8
// rule), mark one or all read, delete one or all (delete all after a confirmation), and the spec's toasts
// (the server's message preferred on failure). A notification with a link opens it and is marked read.
import CloseIcon from '@mui/icons-material/Close';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import DoneAllIcon from '@mui/icons-material/DoneAll';
import DoneIcon from '@mui/icons-material/Done';
import NotificationsNoneIcon from '@mui/icons-material/NotificationsNone';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ButtonBase from '@mui/material/ButtonBase';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { recentDateLabel } from '@portal/shared/dates/recent-date-label';
import { NOTIFICATION_MESSAGES as M, type NotificationItem } from '@portal/shared/notifications/notifications.schemas';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ConfirmModal } from '../../components/form-modal';
import { errorMessage } from '../../lib/api';
import { notify } from '../../lib/notify';
import { inTab, NOTIFICATION_TABS, type NotificationTab } from './notifications-state';
import {
  useDeleteAllNotificationsMutation,
  useDeleteNotificationMutation,
  useGetNotificationsQuery,
  useMarkAllNotificationsReadMutation,
  useMarkNotificationReadMutation,
} from './notifications.api';
import { withOwnMuiTheme } from '../../components/mui-theme';

/**
 * Runs a call and toasts the spec's text: success as written, failure with the server's message when it has
 * one. The text is also handed to `say`: while the drawer (a modal) is open, the page behind it, the toasts
 * included, is hidden from screen readers, so the drawer repeats the toast in a live region (role log) of its own.
 */
async function withToasts(
  call: () => Promise<unknown>,
  success: string,
  failure: string,
  say: (text: string) => void,
): Promise<boolean> {
  try {
    await call();
    notify.success(success);
    say(success);
    return true;
  } catch (err) {
    const text = errorMessage(err, failure);
    notify.error(text);
    say(text);
    return false;
  }
}

const SCREEN_READER_ONLY = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

function NotificationsDrawerContent({ open, onClose }: { open: boolean; onClose: () => void }) {
  const q = useGetNotificationsQuery();
  const navigate = useNavigate();
  const [tab, setTab] = useState<NotificationTab>('all');
  const [confirmingDeleteAll, setConfirmingDeleteAll] = useState(false);
  const [said, say] = useState('');
  const [markRead] = useMarkNotificationReadMutation();
  const [markAll, markAllState] = useMarkAllNotificationsReadMutation();
  const [remove] = useDeleteNotificationMutation();
  const [removeAll, removeAllState] = useDeleteAllNotificationsMutation();
  const all = q.data?.notifications ?? [];
  const unread = q.data?.unreadCount ?? 0;
  const shown = inTab(all, tab);

  const openItem = (n: NotificationItem) => {
    if (!n.url) return;
    if (!n.isRead) void markRead(n.id);
    onClose();
    void navigate(n.url);
  };

  return (
    <Drawer
      anchor="right"
      open={open}
      onClose={onClose}
      slotProps={{
        paper: {
          sx: { width: { xs: '100%', sm: 400 }, maxWidth: '100%' },
          role: 'dialog',
          'aria-label': 'Notifications',
        } as object,
      }}
    >
      <Box role="log" sx={SCREEN_READER_ONLY}>
        {said}
      </Box>
      <Stack direction="row" sx={{ alignItems: 'center', px: 2, minHeight: 65, borderBottom: 1, borderColor: 'divider', gap: 1 }}>
        <Typography variant="h6" component="h2" sx={{ flex: 1 }}>
          Notifications
        </Typography>
        <IconButton aria-label="Close notifications" onClick={onClose} edge="end">
          <CloseIcon />
        </IconButton>
      </Stack>
      <Stack direction="row" sx={{ px: 1, py: 0.5, gap: 1, justifyContent: 'flex-end', borderBottom: 1, borderColor: 'divider' }}>
        <Button
          size="small"
          startIcon={<DoneAllIcon />}
          disabled={unread === 0 || markAllState.isLoading}
          onClick={() => void withToasts(() => markAll().unwrap(), M.allMarkedRead, M.markAllReadFailed, say)}
        >
          Mark all as read
        </Button>
        <Button
          size="small"
          color="error"
          startIcon={<DeleteOutlineIcon />}
          disabled={all.length === 0}
          onClick={() => setConfirmingDeleteAll(true)}
        >
          Delete all
        </Button>
      </Stack>
      <Tabs
        value={tab}
        onChange={(_e, value: NotificationTab) => setTab(value)}
        variant="fullWidth"
        aria-label="Which notifications"
        sx={{ borderBottom: 1, borderColor: 'divider' }}
      >
        {NOTIFICATION_TABS.map((t) => (
          <Tab
            key={t.tab}
            value={t.tab}
            label={t.tab === 'unread' && unread > 0 ? `${t.label} (${unread})` : t.label}
            aria-label={t.label}
          />
        ))}
      </Tabs>
      <Box sx={{ flex: 1, overflowY: 'auto' }} role="tabpanel" aria-label={NOTIFICATION_TABS.find((t) => t.tab === tab)!.label}>
        {q.isLoading ? (
          <Stack sx={{ p: 2, gap: 1.5 }} aria-label="Loading notifications" aria-busy="true">
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} variant="rounded" height={64} />
            ))}
          </Stack>
        ) : q.isError ? (
          <Box sx={{ p: 2 }}>
            <Alert
              severity="error"
              action={
                <Button color="inherit" size="small" onClick={() => void q.refetch()}>
                  Try again
                </Button>
              }
            >
              {errorMessage(q.error, M.fetchFailed)}
            </Alert>
          </Box>
        ) : shown.length === 0 ? (
          <Stack sx={{ alignItems: 'center', justifyContent: 'center', py: 8, px: 2, gap: 1, color: 'text.secondary' }}>
            <NotificationsNoneIcon sx={{ fontSize: 48, opacity: 0.6 }} />
            <Typography>{M.empty}</Typography>
          </Stack>
        ) : (
          <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }} aria-label="Notifications list">
            {shown.map((n) => (
              <NotificationRow
                key={n.id}
                item={n}
                onOpen={() => openItem(n)}
                onMarkRead={() => void withToasts(() => markRead(n.id).unwrap(), M.markedRead, M.markReadFailed, say)}
                onDelete={() => void withToasts(() => remove(n.id).unwrap(), M.deleted, M.deleteFailed, say)}
              />
            ))}
          </Box>
        )}
      </Box>
      {confirmingDeleteAll ? (
        <ConfirmModal
          title="Delete all notifications"
          confirmLabel="Delete all"
          busy={removeAllState.isLoading}
          onClose={() => setConfirmingDeleteAll(false)}
          onConfirm={() =>
            void withToasts(() => removeAll().unwrap(), M.allDeleted, M.deleteAllFailed, say).then(() =>
              setConfirmingDeleteAll(false),
            )
          }
        >
          Delete all your notifications? This cannot be undone.
        </ConfirmModal>
      ) : null}
    </Drawer>
  );
}

function NotificationRow({
  item,
  onOpen,
  onMarkRead,
  onDelete,
}: {
  item: NotificationItem;
  onOpen: () => void;
  onMarkRead: () => void;
  onDelete: () => void;
}) {
  const body = (
    <Box sx={{ minWidth: 0, flex: 1, textAlign: 'left' }}>
      <Typography
        variant="body2"
        component="div"
        sx={{ fontWeight: item.isRead ? 400 : 600, wordBreak: 'break-word' }}
        data-testid="notification-title"
      >
        {item.title}
      </Typography>
      {item.description ? (
        <Typography variant="body2" color="textSecondary" component="div" sx={{ wordBreak: 'break-word', mt: 0.25 }}>
          {item.description}
        </Typography>
      ) : null}
      <Typography variant="caption" color="textSecondary" component="div" sx={{ mt: 0.5 }}>
        {recentDateLabel(item.createdAt)}
      </Typography>
    </Box>
  );
  return (
    <Box
      component="li"
      aria-label={`${item.title}${item.isRead ? '' : ', unread'}`}
      sx={{
        display: 'flex',
        alignItems: 'flex-start',
        gap: 1,
        px: 2,
        py: 1.5,
        borderBottom: 1,
        borderColor: 'divider',
        bgcolor: item.isRead ? 'transparent' : 'action.hover',
      }}
    >
      <Box
        aria-hidden="true"
        sx={{
          width: 8,
          height: 8,
          mt: 0.75,
          borderRadius: '50%',
          flexShrink: 0,
          bgcolor: item.isRead ? 'transparent' : 'primary.main',
        }}
      />
      {item.url ? (
        <ButtonBase
          onClick={onOpen}
          sx={{ flex: 1, minWidth: 0, borderRadius: 1, justifyContent: 'flex-start' }}
          aria-label={`Open ${item.title}`}
        >
          {body}
        </ButtonBase>
      ) : (
        body
      )}
      <Stack direction="row" sx={{ flexShrink: 0, mt: -0.5 }}>
        {item.isRead ? null : (
          <Tooltip title="Mark as read">
            <IconButton size="small" aria-label={`Mark ${item.title} as read`} onClick={onMarkRead}>
              <DoneIcon fontSize="small" />
            </IconButton>
          </Tooltip>
        )}
        <Tooltip title="Delete">
          <IconButton size="small" aria-label={`Delete ${item.title}`} onClick={onDelete}>
            <DeleteOutlineIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      </Stack>
    </Box>
  );
}

/** In a MUI theme of its own (components/mui-theme.tsx): it loads into screens built without MUI. */
export const NotificationsDrawer = withOwnMuiTheme(NotificationsDrawerContent);

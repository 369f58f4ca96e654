// "Notification settings" on the retailer's profile: per kind of notification, a switch for push and one for
// e-mail (the inbox keeps every one). Approvals and ticket replies are always e-mailed by their own modules:
// their e-mail switch shows on and cannot be changed. Each switch saves at once.
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import {
  EMAIL_CHOICE_KINDS,
  NOTIFICATION_KINDS,
  NOTIFICATION_KIND_LABELS,
  type EmailChoiceKind,
  type NotificationKind,
} from '@portal/shared/notifications/notifications.schemas';
import { ErrorState, ListSkeleton } from '../../components/list-states';
import { useState } from 'react';
import { useAppDispatch } from '../../app/hooks';
import { errorMessage } from '../../lib/api';
import { notify } from '../../lib/notify';
import { runStartup } from './push-startup-effect';
import { pushSupport } from './push-support';
import { useGetNotificationPreferencesQuery, useSaveNotificationPreferencesMutation } from './push.api';

export const PREFERENCES_FAILED = 'Failed to load notification settings';
export const SAVE_FAILED = 'Failed to save notification settings';

type BrowserState = 'none' | 'blocked' | 'ask';

function browserState(): BrowserState {
  if (typeof Notification === 'undefined' || pushSupport(window) !== 'supported') return 'none';
  if (Notification.permission === 'denied') return 'blocked';
  return Notification.permission === 'default' ? 'ask' : 'none';
}

export function NotificationSettingsSection() {
  const q = useGetNotificationPreferencesQuery();
  const [save, { isLoading: saving }] = useSaveNotificationPreferencesMutation();
  const dispatch = useAppDispatch();
  const [browser, setBrowser] = useState(browserState);

  // Some browsers (Firefox) only show the permission prompt for a click: start-up's own request is ignored.
  const allow = async () => {
    await Notification.requestPermission().catch(() => undefined);
    setBrowser(browserState());
    await runStartup(dispatch).catch((err: unknown) => console.warn('Push set-up failed', err));
  };

  const change = async (body: Parameters<typeof save>[0]) => {
    try {
      const answer = await save(body).unwrap();
      notify.success(answer.message);
    } catch (err) {
      notify.error(errorMessage(err, SAVE_FAILED));
    }
  };
  const emailChoice = (kind: NotificationKind): kind is EmailChoiceKind =>
    (EMAIL_CHOICE_KINDS as readonly string[]).includes(kind);

  let body;
  if (q.isLoading) body = <ListSkeleton rows={5} image={false} label="Loading notification settings" />;
  else if (!q.data) body = <ErrorState message={errorMessage(q.error, PREFERENCES_FAILED)} onRetry={() => void q.refetch()} />;
  else {
    const { push, email } = q.data;
    body = (
      <Box
        role="table"
        aria-label="Notification channels"
        sx={{ display: 'grid', gridTemplateColumns: '1fr auto auto', alignItems: 'center' }}
      >
        <Box role="row" sx={{ display: 'contents' }}>
          <Typography role="columnheader" variant="caption" color="textSecondary">
            Kind
          </Typography>
          <Typography role="columnheader" variant="caption" color="textSecondary" sx={{ textAlign: 'center', minWidth: 58 }}>
            Push
          </Typography>
          <Typography role="columnheader" variant="caption" color="textSecondary" sx={{ textAlign: 'center', minWidth: 58 }}>
            E-mail
          </Typography>
        </Box>
        {NOTIFICATION_KINDS.map((kind) => {
          const label = NOTIFICATION_KIND_LABELS[kind];
          const cell = { borderTop: 1, borderColor: 'divider', py: 0.5, px: 0.5 };
          return (
            <Box role="row" key={kind} sx={{ display: 'contents' }}>
              <Typography role="rowheader" variant="body2" sx={{ ...cell, py: 1.25 }}>
                {label}
              </Typography>
              <Box role="cell" sx={{ ...cell, textAlign: 'center' }}>
                <Switch
                  checked={push[kind] ?? true}
                  disabled={saving}
                  onChange={(_e, on) => void change({ push: { [kind]: on } })}
                  slotProps={{ input: { 'aria-label': `${label} by push` } }}
                />
              </Box>
              <Box role="cell" sx={{ ...cell, textAlign: 'center' }}>
                {emailChoice(kind) ? (
                  <Switch
                    checked={email[kind] ?? false}
                    disabled={saving}
                    onChange={(_e, on) => void change({ email: { [kind]: on } })}
                    slotProps={{ input: { 'aria-label': `${label} by e-mail` } }}
                  />
                ) : (
                  <Switch checked disabled slotProps={{ input: { 'aria-label': `${label} by e-mail (always sent)` } }} />
                )}
              </Box>
            </Box>
          );
        })}
      </Box>
    );
  }

  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby="notification-settings-title">
      <Typography id="notification-settings-title" variant="subtitle1" component="h2" sx={{ fontWeight: 700 }}>
        Notification settings
      </Typography>
      <Typography variant="body2" color="textSecondary" sx={{ mb: 1 }}>
        Choose what also comes as a push notification on your devices and by e-mail. Your notification list keeps everything;
        approvals and replies to your tickets are always e-mailed.
      </Typography>
      {browser === 'blocked' && (
        <Typography variant="body2" color="warning" sx={{ mb: 1 }}>
          Notifications are blocked for this site in this browser: allow them in the browser settings to get pushes here.
        </Typography>
      )}
      {browser === 'ask' && (
        <Button variant="outlined" size="small" sx={{ mb: 1 }} onClick={() => void allow()}>
          Allow notifications on this device
        </Button>
      )}
      {body}
    </Paper>
  );
}

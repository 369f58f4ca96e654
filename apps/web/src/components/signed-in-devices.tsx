// The signed-in user's own devices (a sales rep's /sales/track-login-devices, the retailer's profile):
// one entry per live session, this device first and marked, a "New device" mark on a sign-in from a
// device never seen before, and sign-out of one after a confirmation. Signing out this device ends the
// session here too (clearSession) and goes to the area's sign-in page. The screen passes the data and
// the sign-out call (components/ never import a feature).
import ComputerOutlined from '@mui/icons-material/ComputerOutlined';
import PhoneIphoneOutlined from '@mui/icons-material/PhoneIphoneOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Device } from '@portal/shared/sales/devices.schemas';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useAppDispatch } from '../app/hooks';
import { errorMessage } from '../lib/api';
import { clearSession } from '../lib/clear-session';
import { dateTime } from '../lib/format';
import { notify } from '../lib/notify';
import { AppModal } from './app-modal';
import { EmptyState, ErrorState, ListSkeleton } from './list-states';

export const DEVICES_FAILED = 'Failed to fetch devices';
export const SIGN_OUT_DEVICE_FAILED = 'Failed to sign out the device';

export function deviceLabel(d: Pick<Device, 'deviceName' | 'deviceType'>): string {
  return d.deviceName || d.deviceType || 'Unknown device';
}

export function isPhoneDevice(d: Pick<Device, 'deviceType' | 'userAgent'>): boolean {
  return /mobile|android|iphone|ipad/i.test(`${d.deviceType ?? ''} ${d.userAgent ?? ''}`);
}

export interface SignedInDevicesProps {
  devices: readonly Device[] | undefined;
  loading: boolean;
  error: unknown;
  onRetry: () => void;
  /** Ends one session; answers the server's message and whether it was this device's. */
  signOut: (sessionId: string) => Promise<{ message: string; isCurrent: boolean }>;
  signingOut: boolean;
  /** Where this device goes once its own session is ended. */
  signInPath: string;
}

export function SignedInDevices(props: SignedInDevicesProps) {
  const [target, setTarget] = useState<Device | null>(null);
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const confirm = async () => {
    if (!target) return;
    try {
      const answer = await props.signOut(target.id);
      notify.success(answer.message || 'Device signed out');
      setTarget(null);
      if (answer.isCurrent) {
        clearSession(dispatch);
        void navigate(props.signInPath, { replace: true });
      }
    } catch (err) {
      notify.error(errorMessage(err, SIGN_OUT_DEVICE_FAILED));
    }
  };

  let body;
  if (props.loading) body = <ListSkeleton rows={3} label="Loading devices" />;
  else if (props.error) body = <ErrorState message={errorMessage(props.error, DEVICES_FAILED)} onRetry={props.onRetry} />;
  else if (!props.devices?.length) body = <EmptyState title="No signed-in devices" />;
  else
    body = (
      <Paper variant="outlined" component="ul" aria-label="Signed-in devices" sx={{ listStyle: 'none', m: 0, p: 0 }}>
        {props.devices.map((d, i) => (
          <Box component="li" key={d.id} sx={{ p: 2, borderTop: i === 0 ? 0 : 1, borderColor: 'divider' }}>
            <Stack direction="row" spacing={1.5} sx={{ alignItems: 'flex-start' }}>
              {isPhoneDevice(d) ? (
                <PhoneIphoneOutlined color="action" sx={{ mt: 0.25 }} />
              ) : (
                <ComputerOutlined color="action" sx={{ mt: 0.25 }} />
              )}
              <Box sx={{ flex: 1, minWidth: 0 }}>
                <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
                  <Typography variant="subtitle2" sx={{ fontWeight: 600 }}>
                    {deviceLabel(d)}
                  </Typography>
                  {d.isCurrent ? <Chip size="small" color="primary" label="This device" /> : null}
                  {d.isNewDevice ? <Chip size="small" color="warning" variant="outlined" label="New device" /> : null}
                </Stack>
                {d.browser ? (
                  <Typography variant="caption" color="textSecondary" component="div">
                    {d.browser}
                  </Typography>
                ) : null}
                <Typography variant="caption" color="textSecondary" component="div">
                  Signed in {dateTime(d.signedInAt)}
                </Typography>
                <Typography variant="caption" color="textSecondary" component="div">
                  Last seen {dateTime(d.lastSeenAt)}
                  {d.ip ? ` · ${d.ip}` : ''}
                </Typography>
              </Box>
              <Button size="small" color="error" variant="outlined" onClick={() => setTarget(d)} sx={{ flexShrink: 0 }}>
                Sign out
              </Button>
            </Stack>
          </Box>
        ))}
      </Paper>
    );

  return (
    <>
      {body}
      <AppModal
        open={target !== null}
        onClose={() => setTarget(null)}
        title="Sign out device?"
        size="sm"
        actions={
          <>
            <Button onClick={() => setTarget(null)}>Cancel</Button>
            <Button color="error" variant="contained" disabled={props.signingOut} onClick={() => void confirm()}>
              Sign out
            </Button>
          </>
        }
      >
        <Typography variant="body2">
          {target?.isCurrent
            ? 'This is the device you are using: you will be signed out here.'
            : `${target ? deviceLabel(target) : ''} will be signed out and will need to sign in again.`}
        </Typography>
      </AppModal>
    </>
  );
}

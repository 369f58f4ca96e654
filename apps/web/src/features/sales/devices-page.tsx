// /sales/track-login-devices (issue 4 §2): the rep's own signed-in devices, this one first, with
// sign-out of one. Signing out this device ends the session here too.
import ComputerOutlined from '@mui/icons-material/ComputerOutlined';
import PhoneIphoneOutlined from '@mui/icons-material/PhoneIphoneOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Device } from '@portal/shared/sales/devices.schemas';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useAppDispatch } from '../../app/hooks';
import { PageTitle } from '../../components/page-title';
import { errorMessage } from '../../lib/api';
import { notify } from '../../lib/notify';
import { clearSession } from '../../lib/clear-session';
import { dateTime } from '../../lib/format';
import { EmptyState, ErrorState, ListSkeleton } from '../../components/list-states';
import { useGetDevicesQuery, useSignOutDeviceMutation } from './sales.api';

export const DEVICES_FAILED = 'Failed to fetch devices';
export const SIGN_OUT_DEVICE_FAILED = 'Failed to sign out the device';

function deviceLabel(d: Device): string {
  return d.deviceName || d.deviceType || 'Unknown device';
}

export function DevicesPage() {
  const devices = useGetDevicesQuery();
  const [target, setTarget] = useState<Device | null>(null);
  let body;
  if (devices.isLoading) body = <ListSkeleton rows={3} label="Loading devices" />;
  else if (devices.isError)
    body = <ErrorState message={errorMessage(devices.error, DEVICES_FAILED)} onRetry={() => void devices.refetch()} />;
  else if (!devices.data?.devices.length) body = <EmptyState title="No signed-in devices" />;
  else
    body = (
      <Paper variant="outlined" component="ul" aria-label="Signed-in devices" sx={{ listStyle: 'none', m: 0, p: 0 }}>
        {devices.data.devices.map((d, i) => (
          <Box component="li" key={d.id} sx={{ p: 2, borderTop: i === 0 ? 0 : 1, borderColor: 'divider' }}>
            <Stack direction="row" spacing={1.5} sx={{ alignItems: 'flex-start' }}>
              {/mobile|android|iphone/i.test(`${d.deviceType ?? ''} ${d.userAgent ?? ''}`) ? (
                <PhoneIphoneOutlined color="action" sx={{ mt: 0.25 }} />
              ) : (
                <ComputerOutlined color="action" sx={{ mt: 0.25 }} />
              )}
              <Box sx={{ flex: 1, minWidth: 0 }}>
                <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
                  <Typography variant="subtitle2" sx={{ fontWeight: 600 }}>
                    {deviceLabel(d)}
                  </Typography>
                  {d.isCurrent ? <Chip size="small" color="primary" label="This device" /> : null}
                </Stack>
                <Typography variant="caption" color="textSecondary" component="div">
                  Signed in {dateTime(d.signedInAt)}
                </Typography>
                <Typography variant="caption" color="textSecondary" component="div">
                  Last seen {dateTime(d.lastSeenAt)}
                  {d.ip ? ` · ${d.ip}` : ''}
                </Typography>
                {d.userAgent ? (
                  <Typography variant="caption" color="text.disabled" component="div" noWrap title={d.userAgent}>
                    {d.userAgent}
                  </Typography>
                ) : null}
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
    <Box>
      <PageTitle
        title="Track Login Devices"
        subtitle={devices.data ? `${devices.data.total} signed-in ${devices.data.total === 1 ? 'device' : 'devices'}` : undefined}
      />
      {body}
      <SignOutDialog device={target} onClose={() => setTarget(null)} />
    </Box>
  );
}

function SignOutDialog({ device, onClose }: { device: Device | null; onClose: () => void }) {
  const [signOut, { isLoading }] = useSignOutDeviceMutation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const confirm = async () => {
    if (!device) return;
    try {
      const answer = await signOut(device.id).unwrap();
      notify.success(answer.message || 'Device signed out');
      onClose();
      if (answer.data.isCurrent) {
        clearSession(dispatch);
        void navigate('/sales-login', { replace: true });
      }
    } catch (err) {
      notify.error(errorMessage(err, SIGN_OUT_DEVICE_FAILED));
    }
  };
  return (
    <Dialog
      open={device !== null}
      onClose={onClose}
      slotProps={{ paper: { sx: { width: 400, maxWidth: '95vw', minWidth: 280 } } }}
    >
      <DialogTitle>Sign out device?</DialogTitle>
      <DialogContent>
        <Typography variant="body2">
          {device?.isCurrent
            ? 'This is the device you are using: you will be signed out here.'
            : `${device ? deviceLabel(device) : ''} will be signed out and will need to sign in again.`}
        </Typography>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button color="error" variant="contained" disabled={isLoading} onClick={() => void confirm()}>
          Sign out
        </Button>
      </DialogActions>
    </Dialog>
  );
}

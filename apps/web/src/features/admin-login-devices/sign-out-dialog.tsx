// The confirmation before any sign-out of the office's login-devices list: one session, every session
// of a user, or every session of a store's users. On success the server's message is toasted; when the
// caller's own session was among those ended, this device is signed out too and goes to /login.
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { LoginDeviceRow } from '@portal/shared/devices/login-devices.schemas';
import { useNavigate } from 'react-router';
import { useAppDispatch } from '../../app/hooks';
import { AppModal } from '../../components/app-modal';
import { deviceLabel } from '../../components/signed-in-devices';
import { errorMessage } from '../../lib/api';
import { clearSession } from '../../lib/clear-session';
import { notify } from '../../lib/notify';
import { SIGN_OUT_FAILED, useSignOutLoginDevicesMutation, type SignOutScope } from './admin-login-devices.api';

/** Which sign-out, named from the row it was chosen on. */
export interface SignOutRequest {
  kind: SignOutScope['kind'];
  row: LoginDeviceRow;
}

function scopeOf({ kind, row }: SignOutRequest): SignOutScope {
  if (kind === 'user') return { kind, userId: row.user.id };
  if (kind === 'retailer') return { kind, customerId: row.customer!.id };
  return { kind, sessionId: row.id };
}

export function signOutText({ kind, row }: SignOutRequest): { title: string; body: string; action: string } {
  if (kind === 'user')
    return {
      title: `Sign out ${row.user.name} everywhere?`,
      body: `Every device ${row.user.name} is signed in on will be signed out and will need to sign in again.`,
      action: 'Sign out everywhere',
    };
  if (kind === 'retailer') {
    const store = row.customer ? `${row.customer.companyName} (${row.customer.cNumber})` : '';
    return {
      title: 'Sign out the whole store?',
      body: `Every user of ${store} will be signed out on every device and will need to sign in again.`,
      action: 'Sign out the store',
    };
  }
  return {
    title: 'Sign out this device?',
    body: row.isCurrent
      ? 'This is the device you are using: you will be signed out here.'
      : `${deviceLabel(row)} of ${row.user.name} will be signed out and will need to sign in again.`,
    action: 'Sign out',
  };
}

export function SignOutDialog({ request, onClose }: { request: SignOutRequest | null; onClose: () => void }) {
  const [signOut, { isLoading }] = useSignOutLoginDevicesMutation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const text = request ? signOutText(request) : null;
  const confirm = async () => {
    if (!request) return;
    try {
      const answer = await signOut(scopeOf(request)).unwrap();
      notify.success(answer.message);
      onClose();
      if (answer.data.includesCurrent) {
        clearSession(dispatch);
        void navigate('/login', { replace: true });
      }
    } catch (err) {
      notify.error(errorMessage(err, SIGN_OUT_FAILED));
    }
  };
  return (
    <AppModal
      open={request !== null}
      onClose={onClose}
      title={text?.title ?? ''}
      size="sm"
      actions={
        <>
          <Button onClick={onClose}>Cancel</Button>
          <Button color="error" variant="contained" disabled={isLoading} onClick={() => void confirm()}>
            {text?.action}
          </Button>
        </>
      }
    >
      <Typography variant="body2">{text?.body}</Typography>
    </AppModal>
  );
}

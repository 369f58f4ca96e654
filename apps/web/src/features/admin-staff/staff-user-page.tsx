// /admin/permissions/staff/:id: one staff user: their details, sign-in state and live sessions, their
// role (changed after a confirmation; it applies from their next request), deactivate / reactivate and
// sign out everywhere behind confirmations (User Management edit), and their History. Nobody deactivates
// themself or changes their own role; the last active owner is refused by the server with its message.
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import BlockIcon from '@mui/icons-material/Block';
import LogoutIcon from '@mui/icons-material/Logout';
import RestoreIcon from '@mui/icons-material/Restore';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { formatPhone } from '@portal/shared/contact/phone';
import type { StaffDetail } from '@portal/shared/staff/staff.schemas';
import { useState, type ReactNode } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { AuditTrail } from '../../components/audit/audit-trail';
import { ConfirmModal } from '../../components/form-modal';
import { ErrorState } from '../../components/list-states';
import { PageTitle } from '../../components/page-title';
import { errorMessage } from '../../lib/api';
import { shortDate } from '../../lib/format';
import { notify } from '../../lib/notify';
import {
  STAFF_CHANGE_FAILED,
  STAFF_USER_FAILED,
  useChangeStaffRoleMutation,
  useGetStaffChoicesQuery,
  useGetStaffUserQuery,
  useSetStaffActiveMutation,
  useSignOutStaffEverywhereMutation,
} from './admin-staff.api';
import { ActiveChip, deactivateStaffQuestion, lastSeenText, signOutQuestion, SignInChip, UserManagementTabs } from './staff-bits';
import { staffPath, useUserManagementGrant } from './staff-list-view';

export function Panel({ title, children, action }: { title: string; children: ReactNode; action?: ReactNode }) {
  return (
    <Paper variant="outlined" component="section" aria-label={title} sx={{ p: { xs: 2, sm: 2.5 }, minWidth: 0 }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1.5, minHeight: 32 }}>
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700, flex: 1 }}>
          {title}
        </Typography>
        {action}
      </Stack>
      {children}
    </Paper>
  );
}

export function Facts({ rows }: { rows: [string, ReactNode][] }) {
  return (
    <Box
      component="dl"
      sx={{
        m: 0,
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', sm: '160px minmax(0, 1fr)' },
        columnGap: 2,
        rowGap: { xs: 0.25, sm: 1 },
      }}
    >
      {rows.map(([label, value]) => (
        <Box key={label} sx={{ display: 'contents' }}>
          <Typography component="dt" variant="body2" color="textSecondary" sx={{ mt: { xs: 1, sm: 0 } }}>
            {label}
          </Typography>
          <Typography component="dd" variant="body2" sx={{ m: 0, fontWeight: 500, overflowWrap: 'anywhere' }}>
            {value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

function BackToList() {
  return (
    <Button component={RouterLink} to={staffPath.staff} startIcon={<ArrowBackIcon />} size="small" sx={{ mb: 1 }}>
      Staff users
    </Button>
  );
}

export function StaffUserPage() {
  const { id = '' } = useParams();
  const q = useGetStaffUserQuery(id);
  if (q.isError || !q.data)
    return (
      <>
        <BackToList />
        <PageTitle title="Staff user" />
        {q.isError ? (
          <ErrorState message={errorMessage(q.error, STAFF_USER_FAILED)} onRetry={() => void q.refetch()} />
        ) : (
          <Stack spacing={2} role="status" aria-label="Loading the staff user" aria-busy="true">
            <Skeleton variant="rounded" height={96} />
            <Skeleton variant="rounded" height={200} />
          </Stack>
        )}
      </>
    );
  return <StaffUserView user={q.data} />;
}

type Confirm = 'deactivate' | 'signOut' | 'role' | null;

function StaffUserView({ user: u }: { user: StaffDetail }) {
  const { canEdit } = useUserManagementGrant();
  const choices = useGetStaffChoicesQuery();
  const [setActive, activeState] = useSetStaffActiveMutation();
  const [signOut, signOutState] = useSignOutStaffEverywhereMutation();
  const [changeRole, roleState] = useChangeStaffRoleMutation();
  const [confirm, setConfirm] = useState<Confirm>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [roleId, setRoleId] = useState(u.role?.id ?? '');
  const roles = choices.data?.roles ?? [];
  const chosen = roles.find((r) => r.id === roleId);

  const run = async (action: () => Promise<{ message: string }>) => {
    setRefusal(null);
    try {
      notify.success((await action()).message);
      setConfirm(null);
    } catch (err) {
      // In the open confirmation (e.g. the last owner), so the reason replaces the question; else a toast.
      if (confirm) setRefusal(errorMessage(err, STAFF_CHANGE_FAILED));
      else notify.error(errorMessage(err, STAFF_CHANGE_FAILED));
    }
  };
  const open = (c: Confirm) => {
    setRefusal(null);
    setConfirm(c);
  };

  const actions = canEdit ? (
    <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', gap: 1, width: { xs: '100%', sm: 'auto' } }}>
      <Button variant="outlined" startIcon={<LogoutIcon />} onClick={() => open('signOut')}>
        Sign out everywhere
      </Button>
      {u.isActive ? (
        u.isSelf ? null : (
          <Button color="error" variant="outlined" startIcon={<BlockIcon />} onClick={() => open('deactivate')}>
            Deactivate
          </Button>
        )
      ) : (
        <Button
          variant="outlined"
          startIcon={<RestoreIcon />}
          loading={activeState.isLoading}
          onClick={() => void run(() => setActive({ id: u.id, active: true }).unwrap())}
        >
          Reactivate
        </Button>
      )}
    </Stack>
  ) : null;

  return (
    <>
      <BackToList />
      <PageTitle title={u.isSelf ? `${u.name} (you)` : u.name} subtitle={u.role?.name ?? 'No role'} actions={actions} />
      <UserManagementTabs />
      {!u.isActive ? (
        <Alert severity="warning" sx={{ mb: 2 }}>
          This user is inactive: they cannot sign in.
        </Alert>
      ) : null}
      {u.isActive && !u.hasPassword ? (
        <Alert severity="info" sx={{ mb: 2 }}>
          Invited: they sign in with a one-time code until they set a password on their profile.
        </Alert>
      ) : null}
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 3fr) minmax(0, 2fr)' },
          alignItems: 'start',
          mb: 2,
        }}
      >
        <Panel title="Details">
          <Facts
            rows={[
              ['Email', u.email ?? 'None'],
              ['Phone', formatPhone(u.phone) ?? 'None'],
              [
                'Status',
                <Stack key="status" direction="row" spacing={0.5} component="span">
                  <ActiveChip active={u.isActive} />
                  <SignInChip hasPassword={u.hasPassword} />
                </Stack>,
              ],
              ['Last seen', lastSeenText(u.lastSeenAt)],
              ['Signed in now', u.activeSessions === 1 ? '1 session' : `${u.activeSessions} sessions`],
              ['Added', shortDate(u.createdAt)],
            ]}
          />
        </Panel>
        <Panel title="Role">
          <Stack spacing={1.5}>
            <TextField
              select
              label="Role"
              value={roleId}
              onChange={(ev) => setRoleId(ev.target.value)}
              disabled={!canEdit || u.isSelf}
              helperText={u.isSelf ? 'You cannot change your own role.' : 'A new role applies from their next request.'}
              slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
            >
              {u.role ? null : <option value="">No role</option>}
              {roles.map((r) => (
                <option key={r.id} value={r.id}>
                  {r.name}
                </option>
              ))}
            </TextField>
            {canEdit && !u.isSelf ? (
              <Button
                variant="contained"
                disabled={!chosen || roleId === u.role?.id}
                onClick={() => open('role')}
                sx={{ alignSelf: 'flex-start' }}
              >
                Change role
              </Button>
            ) : null}
          </Stack>
        </Panel>
      </Box>
      <AuditTrail
        path={`/admin/staff/${encodeURIComponent(u.id)}/audit`}
        labels={{ role: 'Role', status: 'Status', sessions: 'Sessions' }}
      />

      {confirm === 'deactivate' ? (
        <ConfirmModal
          title="Deactivate user"
          confirmLabel="Deactivate"
          busy={activeState.isLoading}
          refusal={refusal}
          onClose={() => setConfirm(null)}
          onConfirm={() => void run(() => setActive({ id: u.id, active: false }).unwrap())}
        >
          {deactivateStaffQuestion(u.name)}
        </ConfirmModal>
      ) : null}
      {confirm === 'signOut' ? (
        <ConfirmModal
          title="Sign out everywhere"
          confirmLabel="Sign out"
          busy={signOutState.isLoading}
          refusal={refusal}
          onClose={() => setConfirm(null)}
          onConfirm={() => void run(() => signOut(u.id).unwrap())}
        >
          {u.isSelf ? 'Sign yourself out on every other device? This device stays signed in.' : signOutQuestion(u.name)}
        </ConfirmModal>
      ) : null}
      {confirm === 'role' && chosen ? (
        <ConfirmModal
          title="Change role"
          confirmLabel="Change role"
          destructive={false}
          busy={roleState.isLoading}
          refusal={refusal}
          onClose={() => setConfirm(null)}
          onConfirm={() => void run(() => changeRole({ id: u.id, roleId: chosen.id }).unwrap())}
        >
          {`Give ${u.name} the role ${chosen.name}? It applies from their next request.`}
        </ConfirmModal>
      ) : null}
    </>
  );
}

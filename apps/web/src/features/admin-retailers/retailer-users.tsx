// The Users section of a store's page: who signs in for the store, and (with the Retailers permission)
// invite another person by email or phone (they sign in with a one-time code and set a password),
// deactivate or reactivate a user, and sign a user out everywhere, each destructive one after a
// confirmation and each answered with the server's message as a toast.
import LogoutIcon from '@mui/icons-material/Logout';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import PersonAddIcon from '@mui/icons-material/PersonAddAlt1';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import BlockIcon from '@mui/icons-material/Block';
import RestoreIcon from '@mui/icons-material/Restore';
import { zodResolver } from '@hookform/resolvers/zod';
import { formatPhone } from '@portal/shared/contact/phone';
import { inviteRetailerUserBody, type InviteRetailerUserBody } from '@portal/shared/retailers/retailer-actions.schemas';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { ConfirmModal, FormModal } from '../../components/form-modal';
import { InputField } from '../../components/input-field';
import { errorMessage } from '../../lib/api';
import { dateTime } from '../../lib/format';
import { muiField } from '../../lib/form';
import { notify } from '../../lib/notify';
import {
  INVITE_FAILED,
  RETAILER_USER_FAILED,
  useInviteRetailerUserMutation,
  useSetRetailerUserActiveMutation,
  useSignOutRetailerUserEverywhereMutation,
} from './admin-retailers.api';
import type { RetailerDetail, RetailerUser } from './admin-retailers.types';
import { RetailerStatusChip } from './retailer-bits';

export const deactivateUserQuestion = (u: RetailerUser, store: string) =>
  `Deactivate ${u.name}? They are signed out at once and cannot sign in for ${store} until reactivated.`;
export const signOutQuestion = (u: RetailerUser) =>
  `Sign ${u.name} out everywhere? Every device they use is signed out; they can sign in again.`;

type Confirm = { kind: 'deactivate' | 'signOut'; user: RetailerUser } | null;

/** The Invite button (shown in the section's heading) and its dialog. */
export function InviteUserButton({ retailer }: { retailer: RetailerDetail }) {
  const [open, setOpen] = useState(0);
  return (
    <>
      <Button size="small" startIcon={<PersonAddIcon />} onClick={() => setOpen(Date.now())}>
        Invite user
      </Button>
      {open ? <InviteDialog key={open} retailer={retailer} onClose={() => setOpen(0)} /> : null}
    </>
  );
}

function InviteDialog({ retailer, onClose }: { retailer: RetailerDetail; onClose: () => void }) {
  const [invite, state] = useInviteRetailerUserMutation();
  const { register, handleSubmit, formState, setError } = useForm<InviteRetailerUserBody>({
    resolver: zodResolver(inviteRetailerUserBody),
    defaultValues: { name: '', emailPhone: '' },
  });
  const e = formState.errors;
  const onSubmit = handleSubmit(async (body) => {
    try {
      const answer = await invite({ retailerId: retailer.id, body }).unwrap();
      notify.success(answer.message);
      onClose();
    } catch (err) {
      const data = (err as { status?: unknown; data?: { error?: { fields?: Record<string, string> } } }) ?? {};
      const fields = data.data?.error?.fields ?? {};
      let onField = false;
      for (const name of ['name', 'emailPhone'] as const)
        if (fields[name]) {
          setError(name, { message: fields[name] });
          onField = true;
        }
      // An account with that email or phone (409) is about that field.
      if (data.status === 409 && !onField) {
        setError('emailPhone', { message: errorMessage(err, INVITE_FAILED) });
        onField = true;
      }
      if (!onField) notify.error(errorMessage(err, INVITE_FAILED));
    }
  });
  return (
    <FormModal
      title={`Invite a user to ${retailer.companyName}`}
      onClose={onClose}
      onSubmit={(ev) => void onSubmit(ev)}
      busy={state.isLoading}
      submitLabel="Send invitation"
    >
      <Typography variant="body2" color="textSecondary">
        They receive a one-time code, sign in with it and set their password.
      </Typography>
      <InputField
        label="Name"
        required
        autoFocus
        {...muiField(register('name'))}
        error={Boolean(e.name)}
        helperText={e.name?.message}
      />
      <InputField
        label="Email or phone number"
        required
        autoComplete="off"
        {...muiField(register('emailPhone'))}
        error={Boolean(e.emailPhone)}
        helperText={e.emailPhone?.message}
      />
    </FormModal>
  );
}

export function RetailerUsers({ retailer, canEdit }: { retailer: RetailerDetail; canEdit: boolean }) {
  const [setActive, activeState] = useSetRetailerUserActiveMutation();
  const [signOut, signOutState] = useSignOutRetailerUserEverywhereMutation();
  const [confirm, setConfirm] = useState<Confirm>(null);
  const [menu, setMenu] = useState<{ anchor: HTMLElement; user: RetailerUser } | null>(null);

  const run = async (action: () => Promise<{ message: string }>) => {
    try {
      notify.success((await action()).message);
      setConfirm(null);
    } catch (err) {
      notify.error(errorMessage(err, RETAILER_USER_FAILED));
    }
  };
  const changeActive = (user: RetailerUser, active: boolean) =>
    run(() => setActive({ retailerId: retailer.id, userId: user.id, active }).unwrap());
  const endSessions = (user: RetailerUser) => run(() => signOut({ retailerId: retailer.id, userId: user.id }).unwrap());

  if (!retailer.users.length)
    return (
      <Typography variant="body2" color="textSecondary">
        No one signs in for this store yet.
      </Typography>
    );
  return (
    <>
      <Stack component="ul" spacing={1.25} sx={{ listStyle: 'none', p: 0, m: 0 }} aria-label="Store users">
        {retailer.users.map((u) => (
          <Stack component="li" key={u.id} direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <Box sx={{ flex: 1, minWidth: 0 }}>
              <Typography variant="body2" sx={{ fontWeight: 600 }}>
                {u.name}
              </Typography>
              <Typography variant="caption" color="textSecondary" component="div" sx={{ overflowWrap: 'anywhere' }}>
                {[u.email, formatPhone(u.phone)].filter(Boolean).join(' · ')}
              </Typography>
              <Typography variant="caption" color="textSecondary" component="div">
                {`Since ${dateTime(u.createdAt)}`}
              </Typography>
            </Box>
            <RetailerStatusChip active={u.isActive} />
            {canEdit ? (
              <IconButton
                size="small"
                aria-label={`Actions for ${u.name}`}
                aria-haspopup="menu"
                onClick={(ev) => setMenu({ anchor: ev.currentTarget, user: u })}
              >
                <MoreVertIcon fontSize="small" />
              </IconButton>
            ) : null}
          </Stack>
        ))}
      </Stack>

      <Menu anchorEl={menu?.anchor} open={Boolean(menu)} onClose={() => setMenu(null)}>
        {menu?.user.isActive ? (
          <MenuItem
            onClick={() => {
              setConfirm({ kind: 'deactivate', user: menu.user });
              setMenu(null);
            }}
          >
            <ListItemIcon>
              <BlockIcon fontSize="small" />
            </ListItemIcon>
            Deactivate
          </MenuItem>
        ) : (
          <MenuItem
            onClick={() => {
              if (menu) void changeActive(menu.user, true);
              setMenu(null);
            }}
          >
            <ListItemIcon>
              <RestoreIcon fontSize="small" />
            </ListItemIcon>
            Reactivate
          </MenuItem>
        )}
        <MenuItem
          onClick={() => {
            if (menu) setConfirm({ kind: 'signOut', user: menu.user });
            setMenu(null);
          }}
        >
          <ListItemIcon>
            <LogoutIcon fontSize="small" />
          </ListItemIcon>
          Sign out everywhere
        </MenuItem>
      </Menu>

      {confirm?.kind === 'deactivate' ? (
        <ConfirmModal
          title="Deactivate user"
          confirmLabel="Deactivate"
          busy={activeState.isLoading}
          onClose={() => setConfirm(null)}
          onConfirm={() => void changeActive(confirm.user, false)}
        >
          {deactivateUserQuestion(confirm.user, retailer.companyName)}
        </ConfirmModal>
      ) : null}
      {confirm?.kind === 'signOut' ? (
        <ConfirmModal
          title="Sign out everywhere"
          confirmLabel="Sign out"
          busy={signOutState.isLoading}
          onClose={() => setConfirm(null)}
          onConfirm={() => void endSessions(confirm.user)}
        >
          {signOutQuestion(confirm.user)}
        </ConfirmModal>
      ) : null}
    </>
  );
}

// The invitation of a staff user: name, e-mail or phone and role (the shared schema's rules). The person
// receives a one-time code to sign in with and then sets a password on their profile. The server's
// refusals land on their fields (an address with an account, an unknown role), others in a toast.
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { zodResolver } from '@hookform/resolvers/zod';
import { inviteStaffBody, type InviteStaffBody, type StaffUser } from '@portal/shared/staff/staff.schemas';
import { useForm } from 'react-hook-form';
import { FormModal } from '../../components/form-modal';
import { InputField } from '../../components/input-field';
import { errorMessage } from '../../lib/api';
import { muiField } from '../../lib/form';
import { notify } from '../../lib/notify';
import { INVITE_FAILED, useInviteStaffMutation } from './admin-staff.api';
import { fieldErrors } from './staff-bits';

export function InviteStaffDialog({
  roles,
  onClose,
  onInvited,
}: {
  roles: readonly { id: string; name: string }[];
  onClose: () => void;
  onInvited: (user: StaffUser) => void;
}) {
  const [invite, state] = useInviteStaffMutation();
  const { register, handleSubmit, formState, setError } = useForm<InviteStaffBody>({
    resolver: zodResolver(inviteStaffBody),
    defaultValues: { name: '', emailPhone: '', roleId: '' },
  });
  const e = formState.errors;
  const onSubmit = handleSubmit(async (body) => {
    try {
      const answer = await invite(body).unwrap();
      notify.success(answer.message);
      onInvited(answer.data);
    } catch (err) {
      const { status, fields } = fieldErrors(err);
      let onField = false;
      for (const name of ['name', 'emailPhone', 'roleId'] as const)
        if (fields[name]) {
          setError(name, { message: fields[name] });
          onField = true;
        }
      if (status === 409 && !onField) {
        setError('emailPhone', { message: errorMessage(err, INVITE_FAILED) });
        onField = true;
      }
      if (!onField) notify.error(errorMessage(err, INVITE_FAILED));
    }
  });
  return (
    <FormModal
      title="Invite a staff user"
      onClose={onClose}
      onSubmit={(ev) => void onSubmit(ev)}
      busy={state.isLoading}
      submitLabel="Send invitation"
    >
      <Typography variant="body2" color="textSecondary">
        They receive a one-time code, sign in with it and set their password on their profile.
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
      <TextField
        select
        label="Role"
        required
        {...muiField(register('roleId'))}
        error={Boolean(e.roleId)}
        helperText={e.roleId?.message ?? 'What they may see and do'}
        slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
      >
        <option value="">Choose a role</option>
        {roles.map((r) => (
          <option key={r.id} value={r.id}>
            {r.name}
          </option>
        ))}
      </TextField>
    </FormModal>
  );
}

// The staff user's own details on /admin/profile: name, e-mail and phone (the shared schema's rules). The
// current password field appears once the e-mail or phone differs from the saved one: the server asks
// for it before an address changes. The server's messages land on their fields, others in a toast.
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { zodResolver } from '@hookform/resolvers/zod';
import { formatPhone } from '@portal/shared/contact/phone';
import { updateProfileBody, type DistributorProfile, type UpdateProfileBody } from '@portal/shared/profile/profile.schemas';
import { useForm, useWatch } from 'react-hook-form';
import { InputField } from '../../components/input-field';
import { PasswordField } from '../../components/password-field';
import { errorMessage } from '../../lib/api';
import { muiField } from '../../lib/form';
import { notify } from '../../lib/notify';
import { SAVE_PROFILE_FAILED, useUpdateDistributorProfileMutation } from './profile.api';

const digits = (v: string | null | undefined) => (v ?? '').replace(/[^0-9]/g, '').replace(/^(\d{10})$/, '1$1');

export function StaffDetailsForm({ profile }: { profile: DistributorProfile }) {
  const [save, state] = useUpdateDistributorProfileMutation();
  const saved = {
    name: profile.user.name,
    email: profile.user.email ?? '',
    phone: formatPhone(profile.user.phone) ?? '',
    currentPassword: '',
  };
  const { register, control, handleSubmit, formState, setError, reset } = useForm<UpdateProfileBody>({
    resolver: zodResolver(updateProfileBody),
    defaultValues: saved,
  });
  const e = formState.errors;
  const [typedEmail, typedPhone] = useWatch({ control, name: ['email', 'phone'] });
  const email = (typedEmail ?? '').trim().toLowerCase();
  const phone = digits(typedPhone);
  const addressChanged = email !== (profile.user.email ?? '').toLowerCase() || phone !== digits(profile.user.phone);

  const onSubmit = handleSubmit(async (body) => {
    try {
      const answer = await save(addressChanged ? body : { ...body, currentPassword: undefined }).unwrap();
      notify.success(answer.message);
      reset({
        name: answer.data.user.name,
        email: answer.data.user.email ?? '',
        phone: formatPhone(answer.data.user.phone) ?? '',
        currentPassword: '',
      });
    } catch (err) {
      const fields = (err as { data?: { error?: { fields?: Record<string, string> } } }).data?.error?.fields ?? {};
      let onField = false;
      for (const name of ['name', 'email', 'phone', 'currentPassword'] as const)
        if (fields[name]) {
          setError(name, { message: fields[name] });
          onField = true;
        }
      if (!onField) notify.error(errorMessage(err, SAVE_PROFILE_FAILED));
    }
  });

  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-label="Your details">
      <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700, mb: 1.5 }}>
        Your details
      </Typography>
      <Stack component="form" noValidate spacing={2} onSubmit={(ev) => void onSubmit(ev)}>
        <InputField
          label="Name"
          required
          autoComplete="name"
          {...muiField(register('name'))}
          error={Boolean(e.name)}
          helperText={e.name?.message}
        />
        <InputField
          label="Email"
          type="email"
          autoComplete="email"
          {...muiField(register('email'))}
          error={Boolean(e.email)}
          helperText={e.email?.message ?? 'You sign in with your email or your phone'}
        />
        <InputField
          label="Phone"
          type="tel"
          autoComplete="tel"
          {...muiField(register('phone'))}
          error={Boolean(e.phone)}
          helperText={e.phone?.message}
        />
        {addressChanged ? (
          <PasswordField
            label="Current password"
            autoComplete="current-password"
            {...muiField(register('currentPassword'))}
            error={Boolean(e.currentPassword)}
            helperText={e.currentPassword?.message ?? 'Needed to change your email or phone'}
          />
        ) : null}
        <Typography variant="caption" color="textSecondary">{`Role: ${profile.roleName ?? 'No role'}`}</Typography>
        <Button
          type="submit"
          variant="contained"
          loading={state.isLoading}
          disabled={!formState.isDirty}
          sx={{ alignSelf: 'flex-start' }}
        >
          Save details
        </Button>
      </Stack>
    </Paper>
  );
}

// The first password of a staff user who was invited and signed in with a one-time code (/admin/profile
// shows it instead of Change password until a password is set): new and confirmed password, the shared
// password rules, the server's message as a toast.
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { zodResolver } from '@hookform/resolvers/zod';
import { setPasswordBody } from '@portal/shared/profile/profile.schemas';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { PasswordField } from '../../components/password-field';
import { errorMessage } from '../../lib/api';
import { muiField } from '../../lib/form';
import { notify } from '../../lib/notify';
import { PASSWORD_RULES_HINT, PASSWORDS_DO_NOT_MATCH } from './change-password-form';
import { SET_PASSWORD_FAILED, useSetFirstPasswordMutation } from './profile.api';

const form = setPasswordBody
  .extend({ confirmPassword: z.string() })
  .refine((v) => v.newPassword === v.confirmPassword, { path: ['confirmPassword'], message: PASSWORDS_DO_NOT_MATCH });

export function SetPasswordForm() {
  const [setPassword, state] = useSetFirstPasswordMutation();
  const { register, handleSubmit, formState, setError } = useForm({
    resolver: zodResolver(form),
    defaultValues: { newPassword: '', confirmPassword: '' },
  });
  const e = formState.errors;
  const onSubmit = handleSubmit(async ({ newPassword }) => {
    try {
      notify.success((await setPassword({ newPassword }).unwrap()).message);
    } catch (err) {
      const fields = (err as { data?: { error?: { fields?: Record<string, string> } } }).data?.error?.fields ?? {};
      if (fields.newPassword) setError('newPassword', { message: fields.newPassword });
      else notify.error(errorMessage(err, SET_PASSWORD_FAILED));
    }
  });
  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-label="Set a password">
      <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700, mb: 1.5 }}>
        Set a password
      </Typography>
      <Alert severity="info" sx={{ mb: 2 }}>
        You signed in with a one-time code. Set a password to sign in with it next time.
      </Alert>
      <Stack component="form" noValidate spacing={2} onSubmit={(ev) => void onSubmit(ev)}>
        <PasswordField
          label="New password"
          autoComplete="new-password"
          {...muiField(register('newPassword'))}
          error={Boolean(e.newPassword)}
          helperText={e.newPassword?.message ?? PASSWORD_RULES_HINT}
        />
        <PasswordField
          label="Confirm new password"
          autoComplete="new-password"
          {...muiField(register('confirmPassword'))}
          error={Boolean(e.confirmPassword)}
          helperText={e.confirmPassword?.message}
        />
        <Button type="submit" variant="contained" loading={state.isLoading} sx={{ alignSelf: 'flex-start' }}>
          Set password
        </Button>
      </Stack>
    </Paper>
  );
}

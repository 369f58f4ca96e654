// Change-password card of the profile screens: current, new and confirmed password (each with the
// show/hide toggle), the shared password rules, and the server's messages on the fields and in a toast.
import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { changePasswordBody, PASSWORD_CHANGED_MESSAGE } from '@portal/shared/sales/sales.schemas';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { PasswordField } from '../../components/password-field';
import { errorMessage } from '../../lib/api';
import { muiField } from '../../lib/form';
import { notify } from '../../lib/notify';
import { CHANGE_PASSWORD_FAILED, useChangeOwnPasswordMutation, type PasswordArea } from './profile.api';

export const PASSWORDS_DO_NOT_MATCH = 'Passwords do not match';
export const PASSWORD_RULES_HINT = 'At least 8 characters, with a letter and a number';

const passwordForm = changePasswordBody
  .extend({ confirmPassword: z.string() })
  .refine((v) => v.newPassword === v.confirmPassword, { path: ['confirmPassword'], message: PASSWORDS_DO_NOT_MATCH });

const EMPTY = { currentPassword: '', newPassword: '', confirmPassword: '' };

export function ChangePasswordForm({ area }: { area: PasswordArea }) {
  const [change, { isLoading }] = useChangeOwnPasswordMutation();
  const { register, handleSubmit, formState, reset, setError } = useForm({
    resolver: zodResolver(passwordForm),
    defaultValues: EMPTY,
  });
  const e = formState.errors;

  const onSubmit = handleSubmit(async ({ currentPassword, newPassword }) => {
    try {
      const answer = await change({ area, currentPassword, newPassword }).unwrap();
      notify.success(answer.message || PASSWORD_CHANGED_MESSAGE);
      reset(EMPTY);
    } catch (err) {
      const fields = (err as { data?: { error?: { fields?: Record<string, string> } } }).data?.error?.fields ?? {};
      for (const name of ['currentPassword', 'newPassword'] as const) if (fields[name]) setError(name, { message: fields[name] });
      notify.error(errorMessage(err, CHANGE_PASSWORD_FAILED));
    }
  });

  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-label="Change password">
      <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700, mb: 1.5 }}>
        Change password
      </Typography>
      <Stack component="form" noValidate spacing={2} onSubmit={(ev) => void onSubmit(ev)}>
        <PasswordField
          label="Current password"
          autoComplete="current-password"
          {...muiField(register('currentPassword'))}
          error={Boolean(e.currentPassword)}
          helperText={e.currentPassword?.message}
        />
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
        <Typography variant="caption" color="textSecondary">
          Your other signed-in devices will be signed out.
        </Typography>
        <Button type="submit" variant="contained" loading={isLoading} sx={{ alignSelf: 'flex-start' }}>
          Change password
        </Button>
      </Stack>
    </Paper>
  );
}

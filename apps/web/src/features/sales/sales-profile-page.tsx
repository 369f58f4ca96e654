// /sales/profile (issue 4 §2): the rep's details, distributor and working customer, and the
// change-password form (the rep's other devices are signed out by the server).
import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { changePasswordBody, PASSWORD_CHANGED_MESSAGE } from '@portal/shared/sales/sales.schemas';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { PageTitle } from '../../components/page-title';
import { PasswordField } from '../../components/password-field';
import { errorMessage } from '../../lib/api';
import { muiField } from '../../lib/form';
import { notify } from '../../lib/notify';
import { ErrorState, ListSkeleton } from '../catalog/list-states';
import { useChangePasswordMutation, useGetSalesProfileQuery } from './sales.api';

export const PROFILE_FAILED = 'Failed to fetch profile';
export const CHANGE_PASSWORD_FAILED = 'Failed to change password';

const passwordForm = changePasswordBody
  .extend({ confirmPassword: z.string() })
  .refine((v) => v.newPassword === v.confirmPassword, { path: ['confirmPassword'], message: 'Passwords do not match' });

function Detail({ label, value }: { label: string; value: string | null | undefined }) {
  return (
    <Box sx={{ py: 1, borderBottom: 1, borderColor: 'divider', display: 'flex', gap: 2, flexWrap: 'wrap' }}>
      <Typography variant="body2" color="text.secondary" sx={{ width: { xs: 110, sm: 150 }, flexShrink: 0 }}>
        {label}
      </Typography>
      <Typography variant="body2" sx={{ fontWeight: 500, minWidth: 0, wordBreak: 'break-word' }}>
        {value || '-'}
      </Typography>
    </Box>
  );
}

export function SalesProfilePage() {
  const profile = useGetSalesProfileQuery();
  const p = profile.data;
  let details;
  if (profile.isLoading) details = <ListSkeleton rows={4} image={false} label="Loading profile" />;
  else if (!p) details = <ErrorState message={errorMessage(profile.error, PROFILE_FAILED)} onRetry={() => void profile.refetch()} />;
  else
    details = (
      <>
        <Detail label="Name" value={p.name} />
        <Detail label="Email" value={p.email} />
        <Detail label="Phone" value={p.phone} />
        <Detail label="Sales rep" value={`${p.salesRep.S_Desc} (${p.salesRep.code})`} />
        <Detail label="Distributor" value={p.distributor.companyName || p.distributor.name} />
        <Detail label="Working customer" value={p.currentCustomer ? `${p.currentCustomer.C_Number} - ${p.currentCustomer.C_CoName}` : 'None selected'} />
      </>
    );
  return (
    <Box>
      <PageTitle title="Profile" />
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, alignItems: 'start' }}>
        <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-label="Details">
          <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700, mb: 0.5 }}>
            Details
          </Typography>
          {details}
        </Paper>
        <ChangePasswordForm />
      </Box>
    </Box>
  );
}

function ChangePasswordForm() {
  const [change, { isLoading }] = useChangePasswordMutation();
  const { register, handleSubmit, formState, reset } = useForm({
    resolver: zodResolver(passwordForm),
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
  });
  const onSubmit = handleSubmit(async ({ currentPassword, newPassword }) => {
    try {
      const answer = await change({ currentPassword, newPassword }).unwrap();
      notify.success(answer.message || PASSWORD_CHANGED_MESSAGE);
      reset();
    } catch (err) {
      notify.error(errorMessage(err, CHANGE_PASSWORD_FAILED));
    }
  });
  const e = formState.errors;
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
          helperText={e.newPassword?.message ?? 'At least 8 characters, with a letter and a number'}
        />
        <PasswordField
          label="Confirm new password"
          autoComplete="new-password"
          {...muiField(register('confirmPassword'))}
          error={Boolean(e.confirmPassword)}
          helperText={e.confirmPassword?.message}
        />
        <Typography variant="caption" color="text.secondary">
          Your other signed-in devices will be signed out.
        </Typography>
        <Button type="submit" variant="contained" disabled={isLoading} sx={{ alignSelf: 'flex-start' }}>
          Change password
        </Button>
      </Stack>
    </Paper>
  );
}

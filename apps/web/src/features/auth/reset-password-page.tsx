// /reset-password: the code from /forgot-password and a new password (twice).
import { zodResolver } from '@hookform/resolvers/zod';
import { resetPasswordBody } from '@portal/shared/auth/auth.schemas';
import { useForm } from 'react-hook-form';
import { Navigate, useNavigate } from 'react-router';
import { z } from 'zod';
import { useAppSelector } from '../../app/hooks';
import { Button } from '../../components/ui/button';
import { PasswordField } from '../../components/ui/text-field';
import { AuthShell } from '../../layouts/auth-shell';
import { errorMessage } from '../../lib/api';
import { notify } from '../../lib/notify';
import { AuthFooterText, AuthLink } from './auth-links';
import { useResetPasswordMutation } from './auth.api';
import { OtpFormField } from './otp-field';
import { ResendButton } from './resend-button';

const resetForm = resetPasswordBody
  .extend({ confirmPassword: z.string() })
  .refine((v) => v.password === v.confirmPassword, { path: ['confirmPassword'], message: 'Passwords do not match' });

export function ResetPasswordPage() {
  const emailPhone = useAppSelector((s) => s.auth.emailPhone);
  if (!emailPhone) return <Navigate to="/forgot-password" replace />;
  return <ResetForm emailPhone={emailPhone} />;
}

function ResetForm({ emailPhone }: { emailPhone: string }) {
  const navigate = useNavigate();
  const [reset, { isLoading }] = useResetPasswordMutation();
  const { control, register, handleSubmit, formState } = useForm({
    resolver: zodResolver(resetForm),
    defaultValues: { email_phone: emailPhone, otp: '', password: '', confirmPassword: '' },
  });

  const onSubmit = handleSubmit(async ({ email_phone, otp, password }) => {
    try {
      const answer = await reset({ email_phone, otp, password }).unwrap();
      notify.success(answer.message || 'Password reset successfully');
      await navigate('/loginPassword', { replace: true });
    } catch (err) {
      notify.error(errorMessage(err, 'Failed to reset password'));
    }
  });

  return (
    <AuthShell
      title="Set a new password"
      subtitle={
        <>
          Enter the code we sent to <strong>{emailPhone}</strong> and choose a new password.
        </>
      }
      footer={
        <AuthFooterText>
          <AuthLink to="/forgot-password">Use another email or phone</AuthLink>
        </AuthFooterText>
      }
    >
      <form className="auth__form" noValidate onSubmit={(e) => void onSubmit(e)}>
        <OtpFormField control={control} />
        <PasswordField
          label="New password"
          autoComplete="new-password"
          {...register('password')}
          error={Boolean(formState.errors.password)}
          helperText={formState.errors.password?.message ?? 'At least 8 characters, with a letter and a number'}
        />
        <PasswordField
          label="Confirm new password"
          autoComplete="new-password"
          {...register('confirmPassword')}
          error={Boolean(formState.errors.confirmPassword)}
          helperText={formState.errors.confirmPassword?.message}
        />
        <Button type="submit" variant="contained" size="large" loading={isLoading}>
          Reset password
        </Button>
        <div className="auth__center">
          <ResendButton emailPhone={emailPhone} />
        </div>
      </form>
    </AuthShell>
  );
}

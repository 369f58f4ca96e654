// /forgot-password: sends a reset code, then /reset-password sets the new password.
import { zodResolver } from '@hookform/resolvers/zod';
import { forgotPasswordBody } from '@portal/shared/auth/auth.schemas';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { useAppDispatch } from '../../app/hooks';
import { Button } from '../../components/ui/button';
import { TextField } from '../../components/ui/text-field';
import { AuthShell } from '../../layouts/auth-shell';
import { errorMessage } from '../../lib/api';
import { notify } from '../../lib/notify';
import { AuthFooterText, AuthLink } from './auth-links';
import { useForgotPasswordMutation } from './auth.api';
import { otpRequested } from './auth.slice';

export function ForgotPasswordPage() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [forgot, { isLoading }] = useForgotPasswordMutation();
  const { register, handleSubmit, formState } = useForm({
    resolver: zodResolver(forgotPasswordBody),
    defaultValues: { email_phone: '' },
  });

  const onSubmit = handleSubmit(async ({ email_phone }) => {
    try {
      await forgot({ email_phone }).unwrap();
      notify.success('OTP sent successfully');
      dispatch(otpRequested(email_phone));
      await navigate('/reset-password');
    } catch (err) {
      notify.error(errorMessage(err, 'Failed to send OTP'));
    }
  });

  return (
    <AuthShell
      title="Forgot password"
      subtitle="Enter your email or phone number and we will send you a code to set a new password."
      footer={
        <AuthFooterText>
          Remembered it? <AuthLink to="/loginPassword">Back to sign in</AuthLink>
        </AuthFooterText>
      }
    >
      <form className="auth__form" noValidate onSubmit={(e) => void onSubmit(e)}>
        <TextField
          label="Email or phone number"
          autoComplete="username"
          autoFocus
          {...register('email_phone')}
          error={Boolean(formState.errors.email_phone)}
          helperText={formState.errors.email_phone?.message}
        />
        <Button type="submit" variant="contained" size="large" loading={isLoading}>
          Send code
        </Button>
      </form>
    </AuthShell>
  );
}

// /login: sign in with a one-time code. Step 1 asks for the e-mail or phone and sends the code.
import type { RequestOtpBody } from '@portal/shared/auth/auth.schemas';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { useAppDispatch } from '../../app/hooks';
import { Button, Divider } from '../../components/ui/button';
import { TextField } from '../../components/ui/text-field';
import { AuthShell } from '../../layouts/auth-shell';
import { errorMessage } from '../../lib/api';
import { lazyZodResolver } from '../../lib/lazy-resolver';
import { notify } from '../../lib/notify';
import { AuthFooterText, AuthLink } from './auth-links';
import { useRequestOtpMutation } from './auth.api';
import { otpRequested } from './auth.slice';
import { useReturnPath } from './use-return-path';

// The first screen most users see: its schema loads on the first submit, not before it can render.
const resolver = lazyZodResolver<RequestOtpBody>(() => import('@portal/shared/auth/auth.schemas').then((m) => m.requestOtpBody));

export function LoginPage() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const from = useReturnPath();
  const [requestOtp, { isLoading }] = useRequestOtpMutation();
  const { register, handleSubmit, formState } = useForm<RequestOtpBody>({
    resolver,
    defaultValues: { email_phone: '' },
  });

  const onSubmit = handleSubmit(async ({ email_phone }) => {
    try {
      await requestOtp({ email_phone }).unwrap();
      notify.success('OTP sent successfully');
      dispatch(otpRequested(email_phone));
      await navigate('/otp-verification', { state: { from } });
    } catch (err) {
      notify.error(errorMessage(err, 'Failed to send OTP'));
    }
  });

  return (
    <AuthShell
      title="Sign in"
      subtitle="Enter your email or phone number and we will send you a one-time code."
      footer={
        <AuthFooterText>
          New store? <AuthLink to="/signup">Create an account</AuthLink>
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
          Send OTP
        </Button>
      </form>
      <Divider>or</Divider>
      <div className="auth__stack">
        <Button variant="outlined" size="large" onClick={() => void navigate('/loginPassword', { state: { from } })}>
          Sign in with password
        </Button>
        <Button inherit onClick={() => void navigate('/sales-login', { state: { from } })}>
          Sales representative sign in
        </Button>
      </div>
    </AuthShell>
  );
}

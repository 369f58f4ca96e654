// /signupOtp: confirms the sign-up request with the code sent to the store's e-mail. The request then
// waits for the distributor's approval; there is no session yet.
import { zodResolver } from '@hookform/resolvers/zod';
import { verifyOtpBody } from '@portal/shared/auth/auth.schemas';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Navigate } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { Button, ButtonLink } from '../../components/ui/button';
import { Icon } from '../../components/ui/icons';
import { AuthShell } from '../../layouts/auth-shell';
import { errorMessage } from '../../lib/api';
import { notify } from '../../lib/notify';
import { useVerifyRetailerOtpMutation } from './auth.api';
import { setSignUpData } from './auth.slice';
import { OtpFormField } from './otp-field';
import { ResendButton } from './resend-button';

export function SignupOtpPage() {
  const signUpData = useAppSelector((s) => s.auth.signUpData);
  const [done, setDone] = useState(false);
  if (done) return <SignupDone />;
  if (!signUpData) return <Navigate to="/signup" replace />;
  return <SignupOtpForm email={signUpData.email} onDone={() => setDone(true)} />;
}

function SignupOtpForm({ email, onDone }: { email: string; onDone: () => void }) {
  const dispatch = useAppDispatch();
  const [verify, { isLoading }] = useVerifyRetailerOtpMutation();
  const { control, handleSubmit } = useForm({
    resolver: zodResolver(verifyOtpBody),
    defaultValues: { email_phone: email, otp: '' },
  });

  const onSubmit = handleSubmit(async (body) => {
    try {
      await verify(body).unwrap();
      notify.success('OTP verified successfully');
      dispatch(setSignUpData(null));
      onDone();
    } catch (err) {
      notify.error(errorMessage(err, 'Failed to verify OTP'));
    }
  });

  return (
    <AuthShell
      title="Confirm your email"
      subtitle={
        <>
          We sent a 6-digit code to <strong>{email}</strong>.
        </>
      }
    >
      <form className="auth__form" noValidate onSubmit={(e) => void onSubmit(e)}>
        <OtpFormField control={control} />
        <Button type="submit" variant="contained" size="large" loading={isLoading}>
          Confirm
        </Button>
        <div className="auth__center">
          <ResendButton emailPhone={email} />
        </div>
      </form>
    </AuthShell>
  );
}

function SignupDone() {
  return (
    <AuthShell title="Request sent">
      <div className="auth__done">
        <Icon name="markEmailRead" style={{ fontSize: 56, color: 'var(--ui-primary)' }} />
        <p>Thank you. Your distributor will review your request; you can sign in once it is approved.</p>
        <ButtonLink to="/login" variant="contained" size="large" fullWidth>
          Back to sign in
        </ButtonLink>
      </div>
    </AuthShell>
  );
}

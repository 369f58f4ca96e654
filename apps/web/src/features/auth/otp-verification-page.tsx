// /otp-verification: step 2 of code sign-in. Verifying signs the user in (spec §4).
import { zodResolver } from '@hookform/resolvers/zod';
import { verifyOtpBody } from '@portal/shared/auth/auth.schemas';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Navigate, useNavigate } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { Button } from '../../components/ui/button';
import { AuthShell } from '../../layouts/auth-shell';
import { errorMessage } from '../../lib/api';
import { notify } from '../../lib/notify';
import { AuthFooterText, AuthLink } from './auth-links';
import { useVerifyOtpMutation } from './auth.api';
import { OtpFormField } from './otp-field';
import { ResendButton } from './resend-button';
import { afterSignInPath, completeSignIn } from './session';
import { useReturnPath } from './use-return-path';

export function OtpVerificationPage() {
  const emailPhone = useAppSelector((s) => s.auth.emailPhone);
  const otpSent = useAppSelector((s) => s.auth.otpSent);
  // Checked on arrival only: signing in clears otpSent while this page navigates away.
  const [arrivedWith] = useState(() => (otpSent ? emailPhone : null));
  if (!arrivedWith) return <Navigate to="/login" replace />;
  return <OtpForm emailPhone={arrivedWith} />;
}

function OtpForm({ emailPhone }: { emailPhone: string }) {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const from = useReturnPath();
  const [verify, { isLoading }] = useVerifyOtpMutation();
  const { control, handleSubmit } = useForm({
    resolver: zodResolver(verifyOtpBody),
    defaultValues: { email_phone: emailPhone, otp: '' },
  });

  const onSubmit = handleSubmit(async (body) => {
    try {
      const { data } = await verify(body).unwrap();
      notify.success('OTP verified successfully');
      completeSignIn(dispatch, data);
      await navigate(afterSignInPath(data, from), { replace: true });
    } catch (err) {
      notify.error(errorMessage(err, 'Failed to verify OTP'));
    }
  });

  return (
    <AuthShell
      title="Enter your code"
      subtitle={
        <>
          We sent a 6-digit code to <strong>{emailPhone}</strong>. It is valid for 5 minutes.
        </>
      }
      footer={
        <AuthFooterText>
          Wrong address?{' '}
          <AuthLink to="/login" state={{ from }}>
            Change email or phone
          </AuthLink>
        </AuthFooterText>
      }
    >
      <form className="auth__form" noValidate onSubmit={(e) => void onSubmit(e)}>
        <OtpFormField control={control} />
        <Button type="submit" variant="contained" size="large" loading={isLoading}>
          Verify and sign in
        </Button>
        <div className="auth__center">
          <ResendButton emailPhone={emailPhone} />
        </div>
      </form>
    </AuthShell>
  );
}

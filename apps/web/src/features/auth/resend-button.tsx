// "Resend OTP", available again 30 s after the last code (the server allows one resend per 30 s).
import { useEffect, useState } from 'react';
import { Button } from '../../components/ui/button';
import { errorMessage } from '../../lib/api';
import { notify } from '../../lib/notify';
import { useResendOtpMutation } from './auth.api';

export const RESEND_WAIT_SECONDS = 30;

export function ResendButton({ emailPhone }: { emailPhone: string }) {
  const [resend, { isLoading }] = useResendOtpMutation();
  const [wait, setWait] = useState(RESEND_WAIT_SECONDS);
  useEffect(() => {
    if (wait <= 0) return;
    const timer = setTimeout(() => setWait((w) => w - 1), 1000);
    return () => clearTimeout(timer);
  }, [wait]);

  const onClick = async () => {
    try {
      await resend({ email_phone: emailPhone }).unwrap();
      notify.success('OTP sent successfully');
      setWait(RESEND_WAIT_SECONDS);
    } catch (err) {
      notify.error(errorMessage(err, 'Failed to send OTP'));
    }
  };

  return (
    <Button onClick={() => void onClick()} disabled={wait > 0 || isLoading} size="small">
      {wait > 0 ? `Resend OTP in ${wait}s` : 'Resend OTP'}
    </Button>
  );
}

// /loginPassword and /sales-login: sign in with e-mail or phone and password.
import { zodResolver } from '@hookform/resolvers/zod';
import { passwordLoginBody } from '@portal/shared/auth/auth.schemas';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { useAppDispatch } from '../../app/hooks';
import { Button } from '../../components/ui/button';
import { PasswordField, TextField } from '../../components/ui/text-field';
import { AuthShell } from '../../layouts/auth-shell';
import { errorMessage } from '../../lib/api';
import { notify } from '../../lib/notify';
import { AuthFooterText, AuthLink } from './auth-links';
import { useLoginWithPasswordMutation, useSalesLoginMutation } from './auth.api';
import { afterSignInPath, completeSignIn } from './session';
import { useReturnPath } from './use-return-path';

export function PasswordLoginPage({ sales = false }: { sales?: boolean }) {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const from = useReturnPath();
  const [loginWithPassword, passwordState] = useLoginWithPasswordMutation();
  const [salesLogin, salesState] = useSalesLoginMutation();
  const { register, handleSubmit, formState } = useForm({
    resolver: zodResolver(passwordLoginBody),
    defaultValues: { email_phone: '', password: '' },
  });

  const onSubmit = handleSubmit(async (body) => {
    try {
      const { data } = await (sales ? salesLogin(body) : loginWithPassword(body)).unwrap();
      completeSignIn(dispatch, data);
      await navigate(afterSignInPath(data, from), { replace: true });
    } catch (err) {
      notify.error(errorMessage(err, sales ? 'Sales login failed' : 'Login failed'));
    }
  });

  return (
    <AuthShell
      title={sales ? 'Sales representative sign in' : 'Sign in with password'}
      subtitle={sales ? 'Sign in to order for your retailers.' : 'Use the email or phone number your distributor has on file.'}
      footer={
        sales ? (
          <AuthFooterText>
            Ordering for your own store? <AuthLink to="/login">Retailer sign in</AuthLink>
          </AuthFooterText>
        ) : (
          <AuthFooterText>
            New store? <AuthLink to="/signup">Create an account</AuthLink>
          </AuthFooterText>
        )
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
        <PasswordField
          label="Password"
          autoComplete="current-password"
          {...register('password')}
          error={Boolean(formState.errors.password)}
          helperText={formState.errors.password?.message}
        />
        <div className="auth__right">
          <AuthLink to="/forgot-password">Forgot password?</AuthLink>
        </div>
        <Button type="submit" variant="contained" size="large" loading={passwordState.isLoading || salesState.isLoading}>
          Sign in
        </Button>
        {sales ? null : (
          <Button variant="outlined" size="large" onClick={() => void navigate('/login', { state: { from } })}>
            Sign in with a one-time code
          </Button>
        )}
      </form>
    </AuthShell>
  );
}

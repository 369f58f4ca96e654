// /signup: a store asks for an account; a code goes to its e-mail, confirmed on /signupOtp.
import { zodResolver } from '@hookform/resolvers/zod';
import { signupBody } from '@portal/shared/auth/auth.schemas';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { useAppDispatch } from '../../app/hooks';
import { Button } from '../../components/ui/button';
import { PasswordField, TextField, type TextFieldProps } from '../../components/ui/text-field';
import { AuthShell } from '../../layouts/auth-shell';
import { errorMessage } from '../../lib/api';
import { notify } from '../../lib/notify';
import { AuthFooterText, AuthLink } from './auth-links';
import { useSignupMutation } from './auth.api';
import { setSignUpData } from './auth.slice';

const EMPTY = { storeName: '', ownerName: '', email: '', phone: '', password: '', address: '', city: '', state: '', zip: '' };

export function SignupPage() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [signup, { isLoading }] = useSignupMutation();
  const { register, handleSubmit, formState } = useForm({ resolver: zodResolver(signupBody), defaultValues: EMPTY });
  const errors = formState.errors;

  const onSubmit = handleSubmit(async (values) => {
    // Optional address fields left empty are not sent.
    const body = Object.fromEntries(Object.entries(values).filter(([, v]) => v !== '' && v !== undefined)) as typeof values;
    try {
      const answer = await signup(body).unwrap();
      if (answer.message) notify.success(answer.message);
      dispatch(setSignUpData({ email: values.email, phone: values.phone, storeName: values.storeName }));
      await navigate('/signupOtp');
    } catch (err) {
      // Spec §8: a failed sign-up shows the server's message only.
      const message = errorMessage(err, '');
      if (message) notify.error(message);
    }
  });

  const field = (name: keyof typeof EMPTY, label: string, extra: Partial<TextFieldProps> = {}) => (
    <TextField label={label} {...register(name)} error={Boolean(errors[name])} helperText={errors[name]?.message} {...extra} />
  );

  return (
    <AuthShell
      title="Create your store account"
      subtitle="Your distributor reviews each request. We will send a code to your email to confirm it."
      footer={
        <AuthFooterText>
          Already have an account? <AuthLink to="/login">Sign in</AuthLink>
        </AuthFooterText>
      }
    >
      <form className="auth__form" noValidate onSubmit={(e) => void onSubmit(e)}>
        {field('storeName', 'Store name', { autoComplete: 'organization', autoFocus: true })}
        {field('ownerName', 'Owner name', { autoComplete: 'name' })}
        {field('email', 'Email', { type: 'email', autoComplete: 'email' })}
        {field('phone', 'Phone', { type: 'tel', autoComplete: 'tel' })}
        <PasswordField
          label="Password"
          autoComplete="new-password"
          {...register('password')}
          error={Boolean(errors.password)}
          helperText={errors.password?.message ?? 'At least 8 characters, with a letter and a number'}
        />
        <p className="auth__section">Store address (optional)</p>
        {field('address', 'Street address', { autoComplete: 'street-address' })}
        <div className="auth__row">
          {field('city', 'City', { autoComplete: 'address-level2' })}
          {field('state', 'State', { autoComplete: 'address-level1' })}
          {field('zip', 'ZIP', { autoComplete: 'postal-code', inputMode: 'numeric' })}
        </div>
        <Button type="submit" variant="contained" size="large" loading={isLoading}>
          Sign up
        </Button>
      </form>
    </AuthShell>
  );
}

import { errorMessage } from '@cinema/api-client';
import { RETURN_PARAM, safeReturnPath, useAuthStore } from '@cinema/auth';
import { AuthCard, Button, FIRST_SCREEN_TEXTS, Form, TextField, useSchemaForm } from '@cinema/ui';
import type { FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { toast } from 'react-toastify';
import { TextLink } from '../../components/TextLink';
import { useLogin } from './api/login';
import { homeForRole } from './homeForRole';
import styles from './LoginPage.module.css';
import { loginSchema } from './schema';

export function LoginPage() {
  const navigate = useNavigate();
  // Where a login prompt sent the visitor from: back there afterwards, if it is on this site.
  const [searchParams] = useSearchParams();
  const returnTo = safeReturnPath(searchParams.get(RETURN_PARAM));
  const form = useSchemaForm({ email_or_username: '', password: '' });
  const login = useLogin();

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const input = form.validate(loginSchema);
    if (!input) return;
    login.mutate(input, {
      onSuccess: () => {
        toast.success('Logged in successfully');
        navigate(returnTo ?? homeForRole(useAuthStore.getState().user?.role), { replace: true });
      },
      onError: (error) =>
        toast.error(errorMessage(error, 'Login failed. Please check your credentials.')),
    });
  }

  return (
    <AuthCard
      title={FIRST_SCREEN_TEXTS.login.title}
      intro={FIRST_SCREEN_TEXTS.login.intro}
      footer={
        <p>
          Don't have an account? <TextLink to="/auth/signup">Signup</TextLink>
        </p>
      }
    >
      <Form onSubmit={handleSubmit} aria-label="Login">
        <TextField
          {...form.field('email_or_username')}
          label="Email"
          hint="Your email address or username."
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
        />
        <TextField
          {...form.field('password')}
          label="Password"
          type="password"
          autoComplete="current-password"
          passwordToggle
        />
        <div className={styles.forgot}>
          <TextLink to="/auth/otp/request">Forgot Password?</TextLink>
        </div>
        <Button type="submit" fullWidth busy={login.isPending} busyLabel="Login...">
          Login
        </Button>
      </Form>
    </AuthCard>
  );
}

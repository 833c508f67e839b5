import { errorMessage } from '@cinema/api-client';
import { AuthCard, Button, Form, TextField, useSchemaForm } from '@cinema/ui';
import type { FormEvent } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { toast } from 'react-toastify';
import { TextLink } from '../../components/TextLink';
import { VerifiedEmail } from '../../components/VerifiedEmail';
import { emailFromState } from '../../lib/navigationState';
import { useResetPassword } from './api/resetPassword';
import { resetTokenFromState } from './resetState';
import { passwordResetSchema } from './schemas';

export function PasswordResetPage() {
  const navigate = useNavigate();
  const { state } = useLocation();
  const verifiedEmail = emailFromState(state);
  // Reached without verifying a code in this browser there is none, and the server says so.
  const resetToken = resetTokenFromState(state);
  const form = useSchemaForm({
    email: verifiedEmail ?? '',
    new_password: '',
    confirm_password: '',
  });
  const resetPassword = useResetPassword();

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const input = form.validate(passwordResetSchema);
    if (!input) return;
    resetPassword.mutate(
      {
        email: input.email,
        new_password: input.new_password,
        ...(resetToken ? { reset_token: resetToken } : {}),
      },
      {
        onSuccess: () => {
          toast.success('Password reset successful');
          navigate('/auth/login');
        },
        onError: (error) => toast.error(errorMessage(error, 'Password reset failed. Try again.')),
      },
    );
  }

  return (
    <AuthCard
      title="Reset Password"
      intro="Choose a new password for your account."
      footer={
        <p>
          <TextLink to="/auth/login">Back to Login</TextLink>
        </p>
      }
    >
      <Form onSubmit={handleSubmit} aria-label="Reset password">
        {verifiedEmail !== null ? (
          // The code was verified for this address; another one would be refused.
          <VerifiedEmail email={verifiedEmail} error={form.field('email').error ?? null} />
        ) : (
          <TextField {...form.field('email')} label="Email" type="email" autoComplete="email" />
        )}
        <TextField
          {...form.field('new_password')}
          label="New Password"
          type="password"
          autoComplete="new-password"
          hint="At least 6 characters."
          passwordToggle
        />
        <TextField
          {...form.field('confirm_password')}
          label="Confirm Password"
          type="password"
          autoComplete="new-password"
          passwordToggle
        />
        <Button type="submit" fullWidth busy={resetPassword.isPending} busyLabel="Reseting...">
          Reset password
        </Button>
      </Form>
    </AuthCard>
  );
}

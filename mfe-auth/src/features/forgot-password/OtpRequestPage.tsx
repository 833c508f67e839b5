import { errorMessage } from '@cinema/api-client';
import { AuthCard, Button, Form, TextField, useSchemaForm } from '@cinema/ui';
import type { FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { toast } from 'react-toastify';
import { TextLink } from '../../components/TextLink';
import type { EmailState } from '../../lib/navigationState';
import { useRequestOtp } from './api/requestOtp';
import { otpRequestSchema } from './schemas';

export function OtpRequestPage() {
  const navigate = useNavigate();
  const form = useSchemaForm({ email: '' });
  const requestOtp = useRequestOtp();

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const input = form.validate(otpRequestSchema);
    if (!input) return;
    requestOtp.mutate(input, {
      onSuccess: () => {
        toast.success('OTP sent!');
        const state: EmailState = { email: input.email };
        navigate('/auth/otp/verify', { state });
      },
      onError: (error) => toast.error(errorMessage(error, 'Error sending OTP')),
    });
  }

  return (
    <AuthCard
      title="Forgot Password"
      intro="Enter the email of your account and we will send you a code to reset your password."
      footer={
        <p>
          Remembered it? <TextLink to="/auth/login">Back to Login</TextLink>
        </p>
      }
    >
      <Form onSubmit={handleSubmit} aria-label="Request a reset code">
        <TextField {...form.field('email')} label="Email" type="email" autoComplete="email" />
        <Button type="submit" fullWidth busy={requestOtp.isPending} busyLabel="Sending...">
          Send OTP
        </Button>
      </Form>
    </AuthCard>
  );
}

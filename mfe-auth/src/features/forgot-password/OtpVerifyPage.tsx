import { AuthCard, Button, Form, TextField, useSchemaForm } from '@cinema/ui';
import { type FormEvent, useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { toast } from 'react-toastify';
import { TextLink } from '../../components/TextLink';
import { rejectionMessage } from '../../lib/errors';
import { emailFromState } from '../../lib/navigationState';
import { onEnterWhenBlocked } from '../../lib/onEnterWhenBlocked';
import { useVerifyOtp } from './api/verifyOtp';
import type { ResetState } from './resetState';
import { OTP_LENGTH, otpVerifySchema } from './schemas';

export function OtpVerifyPage() {
  const navigate = useNavigate();
  const email = emailFromState(useLocation().state);
  const form = useSchemaForm({ code: '' });
  const verifyOtp = useVerifyOtp();
  const canVerify = form.values.code.trim().length === OTP_LENGTH;

  // Reached without going through the request screen: there is nothing to verify against.
  useEffect(() => {
    if (email !== null) return;
    toast.error('No email found. Please request OTP again.', { toastId: 'otp-verify-no-email' });
    navigate('/auth/otp/request', { replace: true });
  }, [email, navigate]);

  function verify() {
    const input = form.validate(otpVerifySchema);
    if (!input || !canVerify || email === null) return;
    verifyOtp.mutate(
      { email, code: input.code },
      {
        onSuccess: (response) => {
          toast.success('OTP Verified');
          const state: ResetState = { email, reset_token: response?.reset_token ?? '' };
          navigate('/auth/password/reset', { state });
        },
        onError: (error) => toast.error(rejectionMessage(error, 'Invalid OTP')),
      },
    );
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    verify();
  }

  if (email === null) return null;

  return (
    <AuthCard
      title="Verify OTP"
      intro={`Enter the ${OTP_LENGTH}-digit code we sent to ${email}.`}
      footer={
        <p>
          Didn't get a code? <TextLink to="/auth/otp/request">Request a new one</TextLink>
        </p>
      }
    >
      <Form onSubmit={handleSubmit} aria-label="Verify the reset code">
        <TextField
          {...form.field('code')}
          label="OTP"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={OTP_LENGTH}
          onKeyDown={onEnterWhenBlocked(!canVerify, verify)}
        />
        <Button
          type="submit"
          fullWidth
          disabled={!canVerify}
          busy={verifyOtp.isPending}
          busyLabel="Verifying..."
        >
          Verify
        </Button>
      </Form>
    </AuthCard>
  );
}

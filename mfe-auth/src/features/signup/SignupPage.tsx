import { ApiError, errorMessage } from '@cinema/api-client';
import {
  AuthCard,
  Button,
  Form,
  FormActions,
  SelectField,
  TextField,
  useSchemaForm,
} from '@cinema/ui';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { toast } from 'react-toastify';
import { TextLink } from '../../components/TextLink';
import { VerifiedEmail } from '../../components/VerifiedEmail';
import { looksLikeEmail } from '../../lib/email';
import { rejectionMessage } from '../../lib/errors';
import { onEnterWhenBlocked } from '../../lib/onEnterWhenBlocked';
import { useRequestEmailOtp } from './api/requestEmailOtp';
import { useSignup } from './api/signup';
import { useVerifyEmailOtp } from './api/verifyEmailOtp';
import { emailStepSchema, OTP_LENGTH, otpStepSchema, ROLE_OPTIONS, signupSchema } from './schema';

/** email: enter the address; otp: code sent, enter it; details: address verified, the rest. */
type Step = 'email' | 'otp' | 'details';

export function SignupPage() {
  const navigate = useNavigate();
  const [step, setStep] = useState<Step>('email');
  // What email/verify gave this page for the address: signup/ accepts the address only with it.
  // Component state only, so it dies with the page.
  const [signupToken, setSignupToken] = useState<string | null>(null);
  const form = useSchemaForm({ email: '', code: '', username: '', password: '', role: '' });
  const requestOtp = useRequestEmailOtp();
  const verifyOtp = useVerifyEmailOtp();
  const createAccount = useSignup();

  const canSendOtp = looksLikeEmail(form.values.email);
  const canVerify = form.values.code.trim().length === OTP_LENGTH;

  function sendOtp() {
    const input = form.validate(emailStepSchema);
    if (!input) return;
    requestOtp.mutate(input, {
      onSuccess: (response) => {
        toast.success(response?.message || 'OTP sent successfully.');
        setStep('otp');
      },
      onError: (error) => toast.error(errorMessage(error, 'Failed to send OTP.')),
    });
  }

  function verify() {
    const input = form.validate(otpStepSchema);
    if (!input || !canVerify) return;
    verifyOtp.mutate(input, {
      onSuccess: (response) => {
        toast.success('Email verified successfully.');
        setSignupToken(response?.signup_token ?? null);
        setStep('details');
      },
      onError: (error) => toast.error(rejectionMessage(error, 'Invalid OTP.')),
    });
  }

  function submitAccount() {
    const input = form.validate(signupSchema);
    if (!input) return;
    createAccount.mutate(
      { ...input, ...(signupToken ? { signup_token: signupToken } : {}) },
      {
        onSuccess: () => {
          toast.success('Signup successful! Login now.', { autoClose: 3000 });
          navigate('/auth/login');
        },
        onError: (error) => {
          if (error instanceof ApiError) form.showFieldErrors(error.fields);
          toast.error(errorMessage(error, 'Signup failed. Please try again.'));
        },
      },
    );
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (step === 'email') sendOtp();
    else if (step === 'otp') verify();
    else submitAccount();
  }

  // A code was sent to the old address: a new address starts over at Send OTP.
  function changeEmail(email: string) {
    form.setValue('email', email);
    if (step === 'otp') {
      form.setValue('code', '');
      setStep('email');
    }
  }

  return (
    <AuthCard
      title="Create Your Account"
      intro={
        step === 'details'
          ? 'Your email is verified. Finish setting up your account.'
          : 'Verify your email to get started.'
      }
      footer={
        <p>
          Already have an account? <TextLink to="/auth/login">Login</TextLink>
        </p>
      }
    >
      <Form onSubmit={handleSubmit} aria-label="Signup">
        {step === 'details' ? (
          <VerifiedEmail email={form.values.email} error={form.field('email').error ?? null} />
        ) : (
          <TextField
            {...form.field('email')}
            onChange={(event) => changeEmail(event.target.value)}
            label="Email"
            type="email"
            autoComplete="email"
            onKeyDown={step === 'email' ? onEnterWhenBlocked(!canSendOtp, sendOtp) : undefined}
          />
        )}

        {step === 'email' && (
          <Button
            type="submit"
            fullWidth
            disabled={!canSendOtp}
            busy={requestOtp.isPending}
            busyLabel="Sending..."
          >
            Send OTP
          </Button>
        )}

        {step === 'otp' && (
          <>
            <TextField
              {...form.field('code')}
              label="OTP"
              hint={`Enter the ${OTP_LENGTH}-digit code sent to your email.`}
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={OTP_LENGTH}
              autoFocus
              onKeyDown={onEnterWhenBlocked(!canVerify, verify)}
            />
            <FormActions>
              <Button
                type="submit"
                disabled={!canVerify}
                busy={verifyOtp.isPending}
                busyLabel="Verifying..."
              >
                Verify
              </Button>
              <Button variant="secondary" onClick={() => changeEmail(form.values.email)}>
                Change email
              </Button>
            </FormActions>
          </>
        )}

        {step === 'details' && (
          <>
            <TextField {...form.field('username')} label="Name" autoComplete="username" autoFocus />
            <TextField
              {...form.field('password')}
              label="Password"
              type="password"
              autoComplete="new-password"
              hint="At least 6 characters."
              passwordToggle
            />
            <SelectField
              {...form.field('role')}
              label="Select Role"
              placeholder="Choose a role"
              options={ROLE_OPTIONS}
            />
            <Button
              type="submit"
              fullWidth
              busy={createAccount.isPending}
              busyLabel="Signing Up..."
            >
              Signup
            </Button>
          </>
        )}
      </Form>
    </AuthCard>
  );
}

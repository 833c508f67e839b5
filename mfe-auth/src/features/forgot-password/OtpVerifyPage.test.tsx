import { currentState, deferred, expectPath, fakeApi, json } from '@cinema/test-utils';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../test/renderApp';

const EMAIL = 'asha@example.com';
const otpField = () => screen.getByLabelText('OTP');
const verifyButton = () => screen.getByRole('button', { name: 'Verify' });

function renderVerify() {
  return renderApp('/auth/otp/verify', { state: { email: EMAIL } });
}

describe('OtpVerifyPage', () => {
  it('without an email toasts No email found. Please request OTP again. and goes back', async () => {
    fakeApi({});
    renderApp('/auth/otp/verify');

    expect(await screen.findByText('No email found. Please request OTP again.')).toBeVisible();
    await expectPath('/auth/otp/request');
    expect(screen.getByRole('heading', { level: 1, name: 'Forgot Password' })).toBeVisible();
  });

  it('names the email and enables Verify only at exactly 6 characters', async () => {
    const { user } = renderVerify();
    expect(screen.getByText(`Enter the 6-digit code we sent to ${EMAIL}.`)).toBeVisible();
    expect(otpField()).toHaveAttribute('maxLength', '6');
    expect(verifyButton()).toBeDisabled();

    await user.type(otpField(), '12345');
    expect(verifyButton()).toBeDisabled();
    await user.type(otpField(), '6');
    expect(verifyButton()).toBeEnabled();
    await user.type(otpField(), '7');
    expect(otpField()).toHaveValue('123456');
  });

  it('explains a missing or short code on Enter, and clears the message on edit', async () => {
    const api = fakeApi({});
    const { user } = renderVerify();

    await user.type(otpField(), '{Enter}');
    expect(screen.getByText('OTP is required.')).toBeVisible();

    await user.type(otpField(), '12');
    expect(screen.queryByText('OTP is required.')).toBeNull();

    await user.type(otpField(), '{Enter}');
    expect(screen.getByText('OTP must be at least 4 digits.')).toBeVisible();

    await user.type(otpField(), '3');
    expect(screen.queryByText('OTP must be at least 4 digits.')).toBeNull();
    expect(api.calls).toEqual([]);
  });

  it('shows Verifying..., toasts OTP Verified and passes the email and reset token on', async () => {
    const answer = deferred<Response>();
    const api = fakeApi({ 'POST otp/verify/': () => answer.promise });
    const { user } = renderVerify();

    await user.type(otpField(), '123456');
    await user.click(verifyButton());

    expect(screen.getByRole('button', { name: 'Verifying...' })).toBeDisabled();
    expect(api.callsTo('POST otp/verify/')[0]?.body).toEqual({ email: EMAIL, code: '123456' });

    answer.resolve(json(200, { message: 'OTP Verified', reset_token: 'reset-token-1' }));
    expect(await screen.findByText('OTP Verified')).toBeVisible();
    await expectPath('/auth/password/reset');
    // Only this browser holds the token: the reset screen proves with it that the code was
    // verified here.
    expect(currentState()).toEqual({ email: EMAIL, reset_token: 'reset-token-1' });
    expect(screen.getByText(`${EMAIL} (Verified)`)).toBeVisible();
  });

  it('toasts Invalid OTP for a wrong code', async () => {
    fakeApi({ 'POST otp/verify/': () => json(400, { detail: 'Invalid or expired code.' }) });
    const { user } = renderVerify();

    await user.type(otpField(), '000000');
    await user.click(verifyButton());

    expect(await screen.findByText('Invalid OTP')).toBeVisible();
    await expectPath('/auth/otp/verify');
  });

  it('says what happened when the code could not be checked at all', async () => {
    fakeApi({ 'POST otp/verify/': () => json(429, { detail: 'Too many attempts.' }) });
    const { user } = renderVerify();

    await user.type(otpField(), '000000');
    await user.click(verifyButton());

    expect(await screen.findByText('Too many attempts.')).toBeVisible();
  });
});

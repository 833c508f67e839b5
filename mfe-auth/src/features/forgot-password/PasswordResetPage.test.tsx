import { deferred, expectPath, fakeApi, json } from '@cinema/test-utils';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../test/renderApp';

const EMAIL = 'asha@example.com';
const TOKEN = 'reset-token-1';
const newPassword = () => screen.getByLabelText('New Password');
const confirmPassword = () => screen.getByLabelText('Confirm Password');
const resetButton = () => screen.getByRole('button', { name: 'Reset password' });

function renderReset() {
  return renderApp('/auth/password/reset', { state: { email: EMAIL, reset_token: TOKEN } });
}

async function fillPasswords(user: ReturnType<typeof renderApp>['user'], confirm = 'newpass1') {
  await user.type(newPassword(), 'newpass1');
  await user.type(confirmPassword(), confirm);
}

describe('PasswordResetPage', () => {
  it('prefills the email from the navigation state and toggles each password', async () => {
    const { user } = renderReset();

    // The verified address as text (whole on a phone), no field to change it.
    expect(screen.getByText(`${EMAIL} (Verified)`)).toBeVisible();
    expect(screen.queryByLabelText('Email')).toBeNull();
    expect(newPassword()).toHaveAttribute('type', 'password');
    expect(confirmPassword()).toHaveAttribute('type', 'password');

    const [showNew, showConfirm] = screen.getAllByRole('button', { name: 'Show password' });
    if (!showNew || !showConfirm) throw new Error('expected two toggles');
    await user.click(showNew);
    expect(newPassword()).toHaveAttribute('type', 'text');
    expect(confirmPassword()).toHaveAttribute('type', 'password');
    await user.click(showConfirm);
    expect(confirmPassword()).toHaveAttribute('type', 'text');
  });

  it('requires every field, and an email can be typed when none was passed', async () => {
    const api = fakeApi({});
    const { user } = renderApp('/auth/password/reset');

    await user.click(resetButton());
    expect(screen.getByText('Email is required.')).toBeVisible();
    expect(screen.getByText('New password is required.')).toBeVisible();
    expect(screen.getByText('Please confirm your new password.')).toBeVisible();
    expect(api.calls).toEqual([]);

    await user.type(screen.getByLabelText('Email'), EMAIL);
    expect(screen.queryByText('Email is required.')).toBeNull();
  });

  it('says Passwords do not match until the confirmation is edited', async () => {
    const api = fakeApi({});
    const { user } = renderReset();

    await fillPasswords(user, 'newpass2');
    await user.click(resetButton());

    expect(screen.getByText('Passwords do not match')).toBeVisible();
    expect(confirmPassword()).toHaveAttribute('aria-invalid', 'true');
    expect(api.calls).toEqual([]);

    await user.type(confirmPassword(), '{Backspace}1');
    expect(screen.queryByText('Passwords do not match')).toBeNull();
  });

  it('asks for at least 6 characters, like signup', async () => {
    const { user } = renderReset();

    await user.type(newPassword(), 'abc');
    await user.type(confirmPassword(), 'abc');
    await user.click(resetButton());

    expect(screen.getByText('Password must be at least 6 characters.')).toBeVisible();
  });

  it('shows Reseting..., toasts Password reset successful and goes to login', async () => {
    const answer = deferred<Response>();
    const api = fakeApi({ 'POST password/reset/': () => answer.promise });
    const { user } = renderReset();

    await fillPasswords(user);
    await user.click(resetButton());

    expect(screen.getByRole('button', { name: 'Reseting...' })).toBeDisabled();
    expect(api.callsTo('POST password/reset/')[0]?.body).toEqual({
      email: EMAIL,
      new_password: 'newpass1',
      reset_token: TOKEN,
    });

    answer.resolve(json(200, { message: 'Password reset.' }));
    expect(await screen.findByText('Password reset successful')).toBeVisible();
    await expectPath('/auth/login');
  });

  it("toasts the server's error text when the reset is refused", async () => {
    fakeApi({ 'POST password/reset/': () => json(400, { error: 'OTP not verified.' }) });
    const { user } = renderReset();

    await fillPasswords(user);
    await user.click(resetButton());

    expect(await screen.findByText('OTP not verified.')).toBeVisible();
    await expectPath('/auth/password/reset');
  });

  it('reached without a verified code, sends no token and toasts why the server refused', async () => {
    const api = fakeApi({
      'POST password/reset/': () =>
        json(400, {
          detail: 'Please verify the OTP sent to your email first.',
          error: 'Please verify the OTP sent to your email first.',
          code: 'otp_not_verified',
        }),
    });
    const { user } = renderApp('/auth/password/reset', { state: { email: EMAIL } });

    await fillPasswords(user);
    await user.click(resetButton());

    expect(
      await screen.findByText('Please verify the OTP sent to your email first.'),
    ).toBeVisible();
    expect(api.callsTo('POST password/reset/')[0]?.body).toEqual({
      email: EMAIL,
      new_password: 'newpass1',
    });
  });

  it('toasts Password reset failed. Try again. when the server gives no reason', async () => {
    fakeApi({ 'POST password/reset/': () => json(500) });
    const { user } = renderReset();

    await fillPasswords(user);
    await user.click(resetButton());

    expect(await screen.findByText('Password reset failed. Try again.')).toBeVisible();
  });
});

import { deferred, expectPath, fakeApi, json } from '@cinema/test-utils';
import { screen, within } from '@testing-library/react';
import { toast } from 'react-toastify';
import { describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../test/renderApp';

const EMAIL = 'asha@example.com';
const SIGNUP_TOKEN = 'signup-token-1';

const emailField = () => screen.getByLabelText('Email');
const otpField = () => screen.getByLabelText('OTP');
const sendOtpButton = () => screen.getByRole('button', { name: 'Send OTP' });
const verifyButton = () => screen.getByRole('button', { name: 'Verify' });

function happyApi(overrides: Parameters<typeof fakeApi>[0] = {}) {
  return fakeApi({
    'POST email/request/': () => json(200, { message: 'OTP sent successfully.' }),
    'POST email/verify/': () =>
      json(200, { message: 'Email verified successfully.', signup_token: SIGNUP_TOKEN }),
    'POST signup/': () => json(201, { id: 1, username: 'asha', email: EMAIL, role: 'user' }),
    ...overrides,
  });
}

/** Steps 1 and 2: sends the code and verifies it. */
async function verifyEmail(user: ReturnType<typeof renderApp>['user']) {
  await user.type(emailField(), EMAIL);
  await user.click(sendOtpButton());
  await user.type(await screen.findByLabelText('OTP'), '123456');
  await user.click(verifyButton());
  await screen.findByLabelText('Name');
}

/** Fills the last step as a person would and presses Signup. */
async function submitDetails(
  user: ReturnType<typeof renderApp>['user'],
  { name = 'asha', role = 'user' }: { name?: string; role?: string } = {},
) {
  await user.type(screen.getByLabelText('Name'), name);
  await user.type(screen.getByLabelText('Password'), 'secret1');
  await user.selectOptions(screen.getByLabelText('Select Role'), role);
  await user.click(screen.getByRole('button', { name: 'Signup' }));
}

describe('SignupPage', () => {
  it('is titled Create Your Account and links to Login', () => {
    renderApp('/auth/signup');

    expect(screen.getByRole('heading', { level: 1, name: 'Create Your Account' })).toBeVisible();
    expect(document.title).toBe('Create Your Account · CineBook');
    expect(screen.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/auth/login');
  });

  describe('step 1: send the code', () => {
    it('keeps Send OTP disabled until the email looks like x@y.z', async () => {
      const { user } = renderApp('/auth/signup');
      expect(sendOtpButton()).toBeDisabled();

      await user.type(emailField(), 'asha@example');
      expect(sendOtpButton()).toBeDisabled();

      await user.type(emailField(), '.com');
      expect(sendOtpButton()).toBeEnabled();
      expect(screen.queryByLabelText('OTP')).toBeNull();
      expect(screen.queryByLabelText('Name')).toBeNull();
    });

    it('says what is missing when Enter is pressed on an empty or invalid email', async () => {
      const { user } = renderApp('/auth/signup');

      await user.type(emailField(), '{Enter}');
      expect(screen.getByText('Please enter your email.')).toBeVisible();
      expect(emailField()).toHaveAttribute('aria-invalid', 'true');

      await user.type(emailField(), 'asha');
      expect(screen.queryByText('Please enter your email.')).toBeNull();

      await user.type(emailField(), '{Enter}');
      expect(screen.getByText('Enter a valid email.')).toBeVisible();
    });

    it('shows Sending... while the code is sent, then the server message and the OTP field', async () => {
      const answer = deferred<Response>();
      const api = happyApi({ 'POST email/request/': () => answer.promise });
      const { user } = renderApp('/auth/signup');

      await user.type(emailField(), ` ${EMAIL} `);
      await user.click(sendOtpButton());

      expect(screen.getByRole('button', { name: 'Sending...' })).toBeDisabled();
      expect(api.callsTo('POST email/request/')[0]?.body).toEqual({ email: EMAIL });

      answer.resolve(json(200, { message: 'Check your inbox.' }));
      expect(await screen.findByText('Check your inbox.')).toBeVisible();
      expect(otpField()).toHaveAttribute('maxLength', '6');
      expect(screen.queryByRole('button', { name: 'Send OTP' })).toBeNull();
    });

    it('falls back to OTP sent successfully. when the server says nothing', async () => {
      happyApi({ 'POST email/request/': () => json(200, {}) });
      const { user } = renderApp('/auth/signup');

      await user.type(emailField(), EMAIL);
      await user.click(sendOtpButton());

      expect(await screen.findByText('OTP sent successfully.')).toBeVisible();
    });

    it("toasts the server's error when sending fails, else Failed to send OTP.", async () => {
      happyApi({
        'POST email/request/': () =>
          json(400, { detail: 'Email already registered.', error: 'Email already registered.' }),
      });
      const { user } = renderApp('/auth/signup');
      await user.type(emailField(), EMAIL);
      await user.click(sendOtpButton());
      expect(await screen.findByText('Email already registered.')).toBeVisible();
      expect(sendOtpButton()).toBeEnabled();
      expect(screen.queryByLabelText('OTP')).toBeNull();
    });

    it('toasts Failed to send OTP. when the server gives no reason', async () => {
      happyApi({ 'POST email/request/': () => json(502, '<html>Bad gateway</html>') });
      const { user } = renderApp('/auth/signup');
      await user.type(emailField(), EMAIL);
      await user.click(sendOtpButton());
      expect(await screen.findByText('Failed to send OTP.')).toBeVisible();
    });
  });

  describe('step 2: verify the code', () => {
    async function atOtpStep() {
      const rendered = renderApp('/auth/signup');
      await rendered.user.type(emailField(), EMAIL);
      await rendered.user.click(sendOtpButton());
      await screen.findByLabelText('OTP');
      return rendered;
    }

    it('enables Verify only at exactly 6 characters, and takes no more', async () => {
      happyApi();
      const { user } = await atOtpStep();
      expect(verifyButton()).toBeDisabled();

      await user.type(otpField(), '12345');
      expect(verifyButton()).toBeDisabled();

      await user.type(otpField(), '6');
      expect(verifyButton()).toBeEnabled();

      await user.type(otpField(), '7');
      expect(otpField()).toHaveValue('123456');
    });

    it('says Please enter the OTP. on Enter with no code, until a code is typed', async () => {
      happyApi();
      const { user } = await atOtpStep();

      await user.type(otpField(), '{Enter}');
      expect(screen.getByText('Please enter the OTP.')).toBeVisible();

      await user.type(otpField(), '1');
      expect(screen.queryByText('Please enter the OTP.')).toBeNull();
    });

    it('shows Verifying..., then locks the email and shows the remaining fields', async () => {
      const answer = deferred<Response>();
      const api = happyApi({ 'POST email/verify/': () => answer.promise });
      const { user } = await atOtpStep();

      await user.type(otpField(), '123456');
      await user.click(verifyButton());
      expect(screen.getByRole('button', { name: 'Verifying...' })).toBeDisabled();
      expect(api.callsTo('POST email/verify/')[0]?.body).toEqual({ email: EMAIL, code: '123456' });

      answer.resolve(
        json(200, { message: 'Email verified successfully.', signup_token: SIGNUP_TOKEN }),
      );
      expect(await screen.findByText('Email verified successfully.')).toBeVisible();
      // The verified address is text now, whole at any width, no longer a field to edit.
      expect(screen.getByText(`${EMAIL} (Verified)`)).toBeVisible();
      expect(screen.queryByRole('textbox', { name: 'Email' })).toBeNull();
      expect(screen.getByLabelText('Name')).toBeVisible();
      expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'password');
      const role = screen.getByLabelText('Select Role');
      expect(
        within(role)
          .getAllByRole('option')
          .map((option) => option.textContent),
      ).toEqual(['Choose a role', 'User', 'Owner']);
      expect(role).toHaveValue('');
      expect(screen.getByRole('button', { name: 'Signup' })).toBeEnabled();
      expect(screen.queryByLabelText('OTP')).toBeNull();
    });

    it('toasts Invalid OTP. for a wrong code and stays on the code', async () => {
      happyApi({ 'POST email/verify/': () => json(400, { detail: 'Invalid or expired code.' }) });
      const { user } = await atOtpStep();

      await user.type(otpField(), '000000');
      await user.click(verifyButton());

      expect(await screen.findByText('Invalid OTP.')).toBeVisible();
      expect(otpField()).toBeVisible();
      expect(screen.queryByLabelText('Name')).toBeNull();
    });

    it('goes back to Send OTP when the email is changed', async () => {
      happyApi();
      const { user } = await atOtpStep();

      await user.clear(emailField());

      expect(screen.queryByLabelText('OTP')).toBeNull();
      expect(sendOtpButton()).toBeDisabled();

      await user.type(emailField(), 'ravi@example.com');
      await user.click(sendOtpButton());
      expect(await screen.findByLabelText('OTP')).toHaveValue('');
    });
  });

  it('Change email goes back to Send OTP with the same address, to send a new code', async () => {
    const api = happyApi();
    const { user } = renderApp('/auth/signup');
    await user.type(emailField(), EMAIL);
    await user.click(sendOtpButton());
    await user.type(await screen.findByLabelText('OTP'), '12');

    await user.click(screen.getByRole('button', { name: 'Change email' }));
    expect(screen.queryByLabelText('OTP')).toBeNull();
    expect(emailField()).toHaveValue(EMAIL);

    await user.click(sendOtpButton());
    expect(await screen.findByLabelText('OTP')).toHaveValue('');
    expect(api.callsTo('POST email/request/')).toHaveLength(2);
  });

  describe('step 3: create the account', () => {
    it('shows every field message, and clears each when its field is edited', async () => {
      happyApi();
      const { user } = renderApp('/auth/signup');
      await verifyEmail(user);

      await user.click(screen.getByRole('button', { name: 'Signup' }));
      expect(screen.getByText('Name is required.')).toBeVisible();
      expect(screen.getByText('Password is required.')).toBeVisible();
      expect(screen.getByText('Please select a role.')).toBeVisible();

      await user.type(screen.getByLabelText('Name'), 'asha');
      expect(screen.queryByText('Name is required.')).toBeNull();

      await user.type(screen.getByLabelText('Password'), 'abc');
      expect(screen.queryByText('Password is required.')).toBeNull();
      await user.click(screen.getByRole('button', { name: 'Signup' }));
      expect(screen.getByText('Password must be at least 6 characters.')).toBeVisible();

      await user.selectOptions(screen.getByLabelText('Select Role'), 'owner');
      expect(screen.queryByText('Please select a role.')).toBeNull();
      expect(screen.getByText('Password must be at least 6 characters.')).toBeVisible();
    });

    it('signs up with Signing Up..., toasts for 3 s and goes to login', async () => {
      const answer = deferred<Response>();
      const api = happyApi({ 'POST signup/': () => answer.promise });
      const success = vi.spyOn(toast, 'success');
      const { user } = renderApp('/auth/signup');
      await verifyEmail(user);

      await submitDetails(user, { name: ' asha ', role: 'owner' });

      expect(screen.getByRole('button', { name: 'Signing Up...' })).toBeDisabled();
      // The token email/verify gave this page proves the address was verified here.
      expect(api.callsTo('POST signup/')[0]?.body).toEqual({
        username: 'asha',
        email: EMAIL,
        password: 'secret1',
        role: 'owner',
        signup_token: SIGNUP_TOKEN,
      });

      answer.resolve(json(201, { id: 1, username: 'asha', email: EMAIL, role: 'owner' }));
      await expectPath('/auth/login');
      expect(await screen.findByText('Signup successful! Login now.')).toBeVisible();
      expect(success).toHaveBeenCalledWith('Signup successful! Login now.', { autoClose: 3000 });
    });

    it("toasts the server's detail and shows its field errors under the fields", async () => {
      happyApi({
        'POST signup/': () =>
          json(400, {
            detail: 'Username already taken.',
            code: 'validation_error',
            fields: { username: 'Username already taken.' },
          }),
      });
      const { user } = renderApp('/auth/signup');
      await verifyEmail(user);

      await submitDetails(user);

      expect(await screen.findAllByText('Username already taken.')).toHaveLength(2);
      expect(screen.getByLabelText('Name')).toHaveAttribute('aria-invalid', 'true');
      expect(screen.getByRole('button', { name: 'Signup' })).toBeEnabled();

      await user.type(screen.getByLabelText('Name'), '2');
      expect(screen.getByLabelText('Name')).not.toHaveAttribute('aria-invalid');
    });

    it('shows the server’s word on a verified address taken meanwhile under it', async () => {
      const taken = 'A user with this email already exists.';
      happyApi({
        'POST signup/': () =>
          json(400, { detail: taken, code: 'validation_error', fields: { email: taken } }),
      });
      const { user } = renderApp('/auth/signup');
      await verifyEmail(user);

      await submitDetails(user);

      // The toast, and the same words under the address (as under a field).
      expect(await screen.findAllByText(taken)).toHaveLength(2);
    });

    it('toasts the first field error when there is no detail', async () => {
      happyApi({ 'POST signup/': () => json(400, { password: ['This password is too common.'] }) });
      const { user } = renderApp('/auth/signup');
      await verifyEmail(user);

      await submitDetails(user);

      expect(await screen.findAllByText('This password is too common.')).toHaveLength(2);
    });

    it('toasts Signup failed. Please try again. when the server gives no reason', async () => {
      happyApi({ 'POST signup/': () => json(500) });
      const { user } = renderApp('/auth/signup');
      await verifyEmail(user);

      await submitDetails(user);

      expect(await screen.findByText('Signup failed. Please try again.')).toBeVisible();
      await expectPath('/auth/signup');
    });
  });
});

import { currentState, deferred, expectPath, fakeApi, json } from '@cinema/test-utils';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../test/renderApp';

const emailField = () => screen.getByLabelText('Email');
const sendButton = () => screen.getByRole('button', { name: 'Send OTP' });

describe('OtpRequestPage', () => {
  it('requires a valid email, and clears the message when the email is edited', async () => {
    const api = fakeApi({});
    const { user } = renderApp('/auth/otp/request');
    expect(screen.getByRole('heading', { level: 1, name: 'Forgot Password' })).toBeVisible();

    await user.click(sendButton());
    expect(screen.getByText('Email is required.')).toBeVisible();

    await user.type(emailField(), 'asha@example');
    expect(screen.queryByText('Email is required.')).toBeNull();

    await user.click(sendButton());
    expect(screen.getByText('Enter a valid email address.')).toBeVisible();
    expect(api.calls).toEqual([]);

    await user.type(emailField(), '.com');
    expect(screen.queryByText('Enter a valid email address.')).toBeNull();
  });

  it('shows Sending..., toasts OTP sent! and passes the email to the verify screen', async () => {
    const answer = deferred<Response>();
    const api = fakeApi({ 'POST otp/request/': () => answer.promise });
    const { user } = renderApp('/auth/otp/request');

    await user.type(emailField(), 'asha@example.com');
    await user.click(sendButton());

    expect(screen.getByRole('button', { name: 'Sending...' })).toBeDisabled();
    expect(api.callsTo('POST otp/request/')[0]?.body).toEqual({ email: 'asha@example.com' });

    answer.resolve(json(200, { message: 'OTP sent to your email.' }));
    expect(await screen.findByText('OTP sent!')).toBeVisible();
    await expectPath('/auth/otp/verify');
    expect(currentState()).toEqual({ email: 'asha@example.com' });
  });

  it("toasts the server's error when sending fails", async () => {
    fakeApi({ 'POST otp/request/': () => json(404, { error: 'User not found' }) });
    const { user } = renderApp('/auth/otp/request');

    await user.type(emailField(), 'nobody@example.com');
    await user.click(sendButton());

    expect(await screen.findByText('User not found')).toBeVisible();
    await expectPath('/auth/otp/request');
  });

  it('toasts Error sending OTP when the server gives no reason', async () => {
    fakeApi({ 'POST otp/request/': () => json(500) });
    const { user } = renderApp('/auth/otp/request');

    await user.type(emailField(), 'asha@example.com');
    await user.click(sendButton());

    expect(await screen.findByText('Error sending OTP')).toBeVisible();
  });
});

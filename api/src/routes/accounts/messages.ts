// The texts the client shows (docs/spec-notes.md: validation, messages), in one place for handlers
// and tests.
export const OTP_SENT = 'OTP sent successfully.';
export const EMAIL_VERIFIED = 'Email verified successfully.';
export const INVALID_SIGNUP_CODE = 'Invalid OTP.';
export const OTP_VERIFIED = 'OTP Verified';
export const INVALID_RESET_CODE = 'Invalid OTP';

export const VERIFY_EMAIL_FIRST = 'Please verify your email first.';
export const EMAIL_TAKEN = 'A user with this email already exists.';
export const USERNAME_TAKEN = 'A user with this name already exists.';

export const INVALID_CREDENTIALS = 'Invalid credentials.';
export const DOOR_STAFF_REMOVED =
  'This door staff account was removed by the theater owner. Ask them to invite you again.';
export const TOO_MANY_LOGINS = 'Too many failed login attempts. Please try again in {minutes}.';
export const INVALID_REFRESH = 'Invalid or expired refresh token.';

export const VERIFY_OTP_FIRST = 'Please verify the OTP sent to your email first.';
export const PASSWORD_RESET_DONE = 'Password reset successful';
export const TOO_MANY_RESETS_ACCOUNT =
  'Too many password reset attempts for this account. Please try again in {minutes}.';
export const TOO_MANY_RESETS_IP =
  'Too many password reset attempts from your network. Please try again in {minutes}.';

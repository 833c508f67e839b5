// The accounts resource, mounted at /api: signup with email verification, login, tokens,
// profile, logout and the forgotten-password flow. Paths as the spec names them
// (docs/decisions/0011-route-names-kept-from-the-spec.md).
import { Hono } from 'hono';
import type { AppEnv } from '../../http/context.ts';
import { getProfile } from './get-profile.ts';
import { getSignup } from './get-signup.ts';
import { postEmailRequest } from './post-email-request.ts';
import { postEmailVerify } from './post-email-verify.ts';
import { postLogin } from './post-login.ts';
import { postLogout } from './post-logout.ts';
import { postOtpRequest } from './post-otp-request.ts';
import { postOtpVerify } from './post-otp-verify.ts';
import { postPasswordReset } from './post-password-reset.ts';
import { postSignup } from './post-signup.ts';
import { postTokenRefresh } from './post-token-refresh.ts';

export const accountsRoutes = new Hono<AppEnv>()
  .post('/email/request', ...postEmailRequest)
  .post('/email/verify', ...postEmailVerify)
  .post('/signup', ...postSignup)
  .get('/signup', ...getSignup)
  .post('/login', ...postLogin)
  .post('/token/refresh', ...postTokenRefresh)
  .post('/logout', ...postLogout)
  .get('/profile', ...getProfile)
  .post('/otp/request', ...postOtpRequest)
  .post('/otp/verify', ...postOtpVerify)
  .post('/password/reset', ...postPasswordReset);

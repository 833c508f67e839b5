// The app with the real Resend SDK talking to a local fake Resend, a hand-moved clock, and
// shortcuts for the accounts flows, for the accounts tests and later features' tests.
import { hashPassword } from '../auth/passwords.ts';
import type { AuthUser, Role } from '../auth/tokens.ts';
import { insertUser } from '../users/sql.ts';
import {
  createTestApp,
  type TestApp,
  type TestAppOptions,
  type TestClock,
  testClock,
} from './app.ts';
import { type FakeResend, startFakeResend } from './fake-resend.ts';

export const TEST_EMAIL_FROM = 'CineBook <no-reply@cinebook.test>';
export const TEST_PASSWORD = 'Popcorn#Night7';

export interface RequestOptions {
  /** Sent as X-Forwarded-For (the accounts test app trusts one proxy). */
  ip?: string;
  /** Sent as `Authorization: Bearer <token>`. */
  token?: string;
}

export interface LoginResult {
  access: string;
  refresh: string;
  user: AuthUser;
  role: Role;
}

export interface AccountsTestApp extends TestApp {
  resend: FakeResend;
  clock: TestClock;
  post(path: string, body: unknown, options?: RequestOptions): Promise<Response>;
  get(path: string, options?: RequestOptions): Promise<Response>;
  /** The code in the newest email to `email` (after the app's background sends finished). */
  codeFor(email: string): Promise<string>;
  /** A user straight in the database (no verification, no request). */
  createUser(user: {
    username: string;
    email: string;
    password?: string;
    role?: Role;
  }): Promise<AuthUser>;
  /** email/request + email/verify through the API: the signup_token that lets this address sign up. */
  verifyEmail(email: string): Promise<string>;
  /** login/ through the API; fails the test unless it answers 200. */
  login(emailOrUsername: string, password?: string): Promise<LoginResult>;
}

// Hashing costs ~20 ms by design; tests reuse one hash per password.
const hashes = new Map<string, Promise<string>>();
export function cachedHash(password: string): Promise<string> {
  let hash = hashes.get(password);
  if (!hash) {
    hash = hashPassword(password);
    hashes.set(password, hash);
  }
  return hash;
}

export async function createAccountsTestApp(
  options: TestAppOptions = {},
): Promise<AccountsTestApp> {
  const resend = await startFakeResend();
  const clock = testClock();
  let t: TestApp;
  try {
    t = await createTestApp({
      clock,
      connectionIp: () => '127.0.0.1',
      ...options,
      config: {
        resendApiKey: 're_test_key',
        emailFrom: TEST_EMAIL_FROM,
        resendBaseUrl: resend.url,
        trustProxyHops: 1,
        ...options.config,
      },
    });
  } catch (error) {
    await resend.close();
    throw error;
  }
  const request = async (
    method: string,
    path: string,
    body: unknown,
    opts: RequestOptions = {},
  ) => {
    const headers: Record<string, string> = {};
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    if (opts.ip) headers['X-Forwarded-For'] = opts.ip;
    if (opts.token) headers.Authorization = `Bearer ${opts.token}`;
    return await t.app.request(path, {
      method,
      headers,
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  };
  const post = (path: string, body: unknown, opts?: RequestOptions) =>
    request('POST', path, body, opts);
  const close = async () => {
    try {
      await t.close();
    } finally {
      await resend.close();
    }
  };
  const app: AccountsTestApp = {
    ...t,
    resend,
    clock,
    post,
    get: (path, opts) => request('GET', path, undefined, opts),
    async codeFor(email) {
      await t.settled();
      return resend.codeFor(email);
    },
    async createUser({ username, email, password = TEST_PASSWORD, role = 'user' }) {
      const passwordHash = await cachedHash(password);
      return await insertUser(t.db, { username, email, passwordHash, role, now: clock() });
    },
    async verifyEmail(email) {
      const sent = await post('/api/email/request/', { email });
      if (sent.status !== 200)
        throw new Error(`email/request: ${sent.status} ${await sent.text()}`);
      const code = await app.codeFor(email);
      const verified = await post('/api/email/verify/', { email, code });
      if (verified.status !== 200)
        throw new Error(`email/verify: ${verified.status} ${await verified.text()}`);
      return ((await verified.json()) as { signup_token: string }).signup_token;
    },
    async login(emailOrUsername, password = TEST_PASSWORD) {
      const res = await post('/api/login/', { email_or_username: emailOrUsername, password });
      if (res.status !== 200) throw new Error(`login: ${res.status} ${await res.text()}`);
      return (await res.json()) as LoginResult;
    },
    close,
    [Symbol.asyncDispose]: close,
  };
  return app;
}

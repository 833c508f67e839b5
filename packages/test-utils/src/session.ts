import { type Role, useAuthStore } from '@cinema/auth';

/** An unsigned JWT; the browser never checks signatures. */
export function makeJwt(claims: Record<string, unknown>): string {
  const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode(claims)}.signature`;
}

/** An access token valid for another hour, for user 7 unless `claims` says otherwise. */
export function accessToken(claims: Record<string, unknown> = {}): string {
  return makeJwt({ sub: '7', exp: Math.floor(Date.now() / 1000) + 3600, ...claims });
}

/** Who a test is signed in as. */
export interface TestAccount {
  id: number;
  username: string;
  email: string;
  role: Role;
}

/** Signs in as `account`, with an access token valid for another hour that names its id and role. */
export function signIn(account: TestAccount) {
  useAuthStore.getState().login({
    access: makeJwt({
      sub: String(account.id),
      role: account.role,
      exp: Math.floor(Date.now() / 1000) + 3600,
    }),
    refresh: 'refresh-token',
    user: account,
  });
}

export function signOut() {
  useAuthStore.getState().logout();
}

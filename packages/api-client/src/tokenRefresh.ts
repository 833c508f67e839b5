import { secondsUntilExpiry, useAuthStore } from '@cinema/auth';
import { now } from './config';
import { ApiError, sessionExpiredError, toApiError } from './errors';
import { readBody, send } from './http';

/** Refresh when the access token has less than this left (DESIGN: "less than 60 s left, or expired"). */
export const REFRESH_MARGIN_SECONDS = 60;

/** Statuses with which the server says the refresh token itself is no good. */
const REFRESH_REJECTED = new Set([400, 401, 403]);

type LogoutListener = () => void;
const logoutListeners = new Set<LogoutListener>();

/**
 * Calls `listener` whenever the client ends the session on its own (refresh token rejected, or a
 * fresh token still refused), so the shell can tell the user and go to login. A logout the user
 * asked for goes through the auth store and does not fire this.
 */
export function onLogout(listener: LogoutListener): () => void {
  logoutListeners.add(listener);
  return () => {
    logoutListeners.delete(listener);
  };
}

export function endSession(): void {
  useAuthStore.getState().logout();
  for (const listener of logoutListeners) listener();
}

/** The Web Lock every tab of the origin takes before it refreshes: one refresh at a time. */
export const REFRESH_LOCK_NAME = 'cinema-token-refresh';
/**
 * How long a tab waits for another tab's refresh before refreshing anyway (a tab frozen mid-refresh
 * must not block the others for good; the server answers a refresh token presented again within
 * a few seconds with the same successor, so a late second refresh is harmless).
 */
export const REFRESH_LOCK_WAIT_MS = 15_000;

let refreshInFlight: Promise<string> | null = null;

/**
 * Trades the refresh token (in its HttpOnly cookie) for a new access token and stores it. Single-flight: callers arriving while a refresh is under way
 * share it, and across tabs only one refreshes at a time (Web Locks); a tab that waited for
 * another tab's refresh takes the tokens it stored instead of refreshing again. Rejects with an
 * ApiError; when the server rejects the refresh token the session is ended first and the error
 * has code `session_expired`.
 */
export function refreshAccessToken(): Promise<string> {
  refreshInFlight ??= refreshInTurn().finally(() => {
    refreshInFlight = null;
  });
  return refreshInFlight;
}

async function refreshInTurn(): Promise<string> {
  const before = useAuthStore.getState();
  if (before.refresh === null) {
    throw new ApiError({
      status: 401,
      code: 'no_refresh_token',
      message: 'No refresh token found. Please login.',
    });
  }
  return await withRefreshLock(async () => {
    // Another tab may have refreshed (or logged out) while this one waited: its tokens are in
    // localStorage, possibly before the storage event has reached this tab.
    await useAuthStore.persist.rehydrate();
    const current = useAuthStore.getState();
    if (current.refresh === null && current.access === null) throw sessionExpiredError();
    // The refresh token is out of reach (an HttpOnly cookie), so another tab's refresh shows as
    // a new access token.
    if (current.access !== null && current.access !== before.access) return current.access;
    return await runRefresh();
  });
}

/**
 * Runs `fn` holding the cross-tab refresh lock. Without Web Locks (very old browsers), or after
 * REFRESH_LOCK_WAIT_MS of waiting, `fn` runs unlocked: tabs may then refresh together, which the
 * server's grace for a refresh token presented again turns into one rotation.
 */
async function withRefreshLock<T>(fn: () => Promise<T>): Promise<T> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  if (typeof locks?.request !== 'function') return await fn();
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), REFRESH_LOCK_WAIT_MS);
  let acquired = false;
  try {
    return await locks.request(REFRESH_LOCK_NAME, { signal: controller.signal }, () => {
      acquired = true;
      clearTimeout(timer);
      return fn();
    });
  } catch (error) {
    // Gave up waiting for the lock (the only way it aborts): refresh without it.
    if (!acquired && controller.signal.aborted) return await fn();
    throw error;
  } finally {
    clearTimeout(timer);
  }
}

async function runRefresh(): Promise<string> {
  const before = useAuthStore.getState();
  if (before.refresh === null) {
    throw new ApiError({
      status: 401,
      code: 'no_refresh_token',
      message: 'No refresh token found. Please login.',
    });
  }

  // No token in the body: the browser sends the HttpOnly cookie login set (same site, with
  // credentials), and the API rotates it there, answering only the access token
  // (docs/decisions/0028-refresh-token-in-an-httponly-cookie.md).
  const response = await send({ method: 'POST', path: 'token/refresh/', body: {} }, null);
  const body = await readBody(response);

  const current = useAuthStore.getState();
  if (current.refresh === null || current.access !== before.access) {
    // The session changed meanwhile: a logout, a new login, or another tab that already
    // refreshed. Its tokens win over whatever this answer says.
    if (current.access !== null) return current.access;
    throw sessionExpiredError();
  }

  if (response.ok && isObject(body) && typeof body.access === 'string' && body.access !== '') {
    current.setTokens(body.access);
    return body.access;
  }
  if (REFRESH_REJECTED.has(response.status)) {
    endSession();
    throw sessionExpiredError(body);
  }
  throw response.ok
    ? new ApiError({
        status: response.status,
        message: 'The token refresh answer had no access token.',
        body,
      })
    : toApiError(response.status, body);
}

/**
 * The access token to send, refreshed first when it is expired or about to expire.
 * If the refresh token is rejected the session is over and this throws `session_expired`
 * rather than sending the call without a token: a screen that asked for the user's data should
 * not silently get an anonymous answer. If the refresh fails for another reason (network, 5xx),
 * a token that has not yet expired is still used; an expired one means the refresh error is thrown.
 */
export async function accessTokenForRequest(): Promise<string | null> {
  const { access, refresh } = useAuthStore.getState();
  if (access === null) return null;
  const secondsLeft = secondsUntilExpiry(access, now());
  // Without a refresh token, or with a token whose expiry we cannot read, the server decides.
  if (refresh === null || secondsLeft === null || secondsLeft >= REFRESH_MARGIN_SECONDS)
    return access;

  try {
    return await refreshAccessToken();
  } catch (error) {
    const sessionOver = error instanceof ApiError && error.code === 'session_expired';
    if (sessionOver || secondsLeft <= 0) throw error;
    return access;
  }
}

/**
 * After a 401 to a call sent with `sentToken`: the token to retry with, or null when there is
 * nothing better to try and the 401 stands.
 */
export async function accessTokenAfterUnauthorized(sentToken: string): Promise<string | null> {
  const { access, refresh } = useAuthStore.getState();
  // Another call refreshed while this one was on the wire.
  if (access !== null && access !== sentToken) return access;
  if (refresh === null) return null;
  try {
    return await refreshAccessToken();
  } catch (error) {
    if (error instanceof ApiError && error.code === 'session_expired') throw error;
    return null;
  }
}

/**
 * Refreshes, as soon as the network is back (`online`), an access token that expired or is about
 * to while it was gone: a door scanner offline for an hour syncs with a fresh token rather than
 * first meeting a 401. A refresh that fails for lack of network never ends the session (only the
 * server refusing the refresh token does, runRefresh), so a signed-in scanner stays signed in
 * offline; this is the refresh that then runs (docs/decisions/0044-offline-app-shell.md).
 * Returns the function that stops listening.
 */
export function refreshWhenBackOnline(
  target: Pick<Window, 'addEventListener' | 'removeEventListener'> = window,
): () => void {
  const onOnline = () => {
    const { access, refresh } = useAuthStore.getState();
    if (access === null || refresh === null) return;
    const secondsLeft = secondsUntilExpiry(access, now());
    if (secondsLeft === null || secondsLeft >= REFRESH_MARGIN_SECONDS) return;
    // A refusal has already ended the session and told the shell; anything else waits for the
    // next call, which tries again.
    refreshAccessToken().catch(() => {});
  };
  target.addEventListener('online', onOnline);
  return () => target.removeEventListener('online', onOnline);
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

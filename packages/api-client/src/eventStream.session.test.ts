// The stream's access token: refreshed when it expires or is refused, and the session ended when
// the refresh token is refused too.
import { useAuthStore } from '@cinema/auth';
import { describe, expect, it, vi } from 'vitest';
import { openEventStream } from './eventStream';
import { accessToken, BASE_URL, fakeFetch, jsonResponse } from './test/fakeApi';
import {
  eventStreamResponse,
  loginWith,
  logoutListener,
  open,
  STREAM_URL,
  settle,
  setUpConnectionTests,
} from './test/fakeEventStream';

setUpConnectionTests();

describe('openEventStream', () => {
  it('on 401 refreshes the token once and reconnects at once with the new one', async () => {
    const stale = accessToken(600, { jti: 'old' });
    const fresh = accessToken(900, { jti: 'new' });
    loginWith(stale);
    const server = eventStreamResponse();
    const api = fakeFetch(({ url }) => {
      if (url === `${BASE_URL}/token/refresh/`) return jsonResponse(200, { access: fresh });
      return api.calls.filter((call) => call.url === STREAM_URL).length === 1
        ? jsonResponse(401, { detail: 'Token expired', code: 'token_not_valid' })
        : server.response;
    });
    const onOpen = vi.fn();
    const stream = openEventStream('shows/12/seats/events/', { onEvent: () => {}, onOpen });
    await settle();

    const streamCalls = api.calls.filter((call) => call.url === STREAM_URL);
    expect(streamCalls.map((call) => call.headers.get('Authorization'))).toEqual([
      `Bearer ${stale}`,
      `Bearer ${fresh}`,
    ]);
    expect(api.callsTo('token/refresh/')).toHaveLength(1);
    expect(onOpen).toHaveBeenCalledTimes(1);
    expect(useAuthStore.getState().access).toBe(fresh);
    stream.close();
  });

  it('refreshes a token about to expire before connecting', async () => {
    loginWith(accessToken(30));
    const fresh = accessToken(900, { jti: 'new' });
    const api = fakeFetch(({ url }) =>
      url === `${BASE_URL}/token/refresh/`
        ? jsonResponse(200, { access: fresh })
        : eventStreamResponse().response,
    );
    const stream = openEventStream('shows/12/seats/events/', { onEvent: () => {} });
    await settle();
    expect(api.calls.map((call) => call.url)).toEqual([`${BASE_URL}/token/refresh/`, STREAM_URL]);
    expect(api.calls[1]?.headers.get('Authorization')).toBe(`Bearer ${fresh}`);
    stream.close();
  });

  it('ends the session and gives up when the refresh token is refused', async () => {
    loginWith(accessToken(600));
    const api = fakeFetch(({ url }) =>
      url === `${BASE_URL}/token/refresh/`
        ? jsonResponse(401, { detail: 'Token is blacklisted', code: 'token_not_valid' })
        : jsonResponse(401, { detail: 'Session ended' }),
    );
    const errors: { error: unknown; retryInMs: number | null }[] = [];
    openEventStream('shows/12/seats/events/', {
      onEvent: () => {},
      onError: (error, { retryInMs }) => errors.push({ error, retryInMs }),
    });
    await settle();

    expect(errors).toEqual([
      { error: expect.objectContaining({ code: 'session_expired' }), retryInMs: null },
    ]);
    expect(useAuthStore.getState().access).toBeNull();
    expect(logoutListener).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(api.calls.filter((call) => call.url === STREAM_URL)).toHaveLength(1);
  });

  it('a stream ended with its session reconnects once, is refused, signs out and stops', async () => {
    // The API ends a logged-out session's streams with this bye; the reconnect gets 401 and the
    // refresh token of that session is refused too.
    loginWith(accessToken(600));
    const first = eventStreamResponse();
    const api = fakeFetch(({ url }) => {
      if (url === `${BASE_URL}/token/refresh/`) {
        return jsonResponse(401, { detail: 'Token is blacklisted', code: 'token_not_valid' });
      }
      return api.calls.filter((call) => call.url === STREAM_URL).length === 1
        ? first.response
        : jsonResponse(401, { detail: 'Token is invalid or expired', code: 'token_not_valid' });
    });
    const errors: { error: unknown; retryInMs: number | null }[] = [];
    openEventStream('shows/12/seats/events/', {
      onEvent: () => {},
      onError: (error, { retryInMs }) => errors.push({ error, retryInMs }),
    });
    await settle();
    first.send('event: bye\ndata: {"reason":"session_ended"}\n\n');
    first.end();
    await settle();
    await vi.advanceTimersByTimeAsync(2000);
    await settle();

    expect(errors.at(-1)).toEqual({
      error: expect.objectContaining({ code: 'session_expired' }),
      retryInMs: null,
    });
    expect(useAuthStore.getState().access).toBeNull();
    expect(logoutListener).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(api.calls.filter((call) => call.url === STREAM_URL)).toHaveLength(2);
  });

  it('ends the session when even a freshly refreshed token is refused', async () => {
    loginWith(accessToken(600));
    const api = fakeFetch(({ url }) =>
      url === `${BASE_URL}/token/refresh/`
        ? jsonResponse(200, { access: accessToken(900, { jti: 'new' }) })
        : jsonResponse(401, { detail: 'Session ended' }),
    );
    const errors: (number | null)[] = [];
    openEventStream('shows/12/seats/events/', {
      onEvent: () => {},
      onError: (_error, { retryInMs }) => errors.push(retryInMs),
    });
    await settle();

    expect(errors).toEqual([null]);
    expect(useAuthStore.getState().access).toBeNull();
    expect(logoutListener).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(api.calls.filter((call) => call.url === STREAM_URL)).toHaveLength(2);
  });

  it('keeps trying when the refresh fails for a reason that may pass (network, 5xx)', async () => {
    loginWith(accessToken(600));
    const { errors, stream } = open([() => jsonResponse(401, { detail: 'Token expired' })]);
    await settle();
    expect(errors).toEqual([{ error: expect.objectContaining({ status: 401 }), retryInMs: 2000 }]);
    expect(useAuthStore.getState().access).not.toBeNull();
    stream.close();
  });
});

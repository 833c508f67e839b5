import { useAuthStore } from '@cinema/auth';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { api, apiFetch } from './client';
import { configureApi, DEFAULT_API_BASE_URL, getApiBaseUrl } from './config';
import { ApiError } from './errors';
import { accessToken, BASE_URL, fakeFetch, jsonResponse, NOW_MS } from './test/fakeApi';

beforeEach(() => {
  configureApi({ baseUrl: BASE_URL, now: () => NOW_MS });
  useAuthStore.getState().logout();
});

afterEach(() => {
  configureApi({ baseUrl: DEFAULT_API_BASE_URL });
});

describe('requests', () => {
  it('joins the runtime base URL and the path without a double slash', async () => {
    configureApi({ baseUrl: 'https://cinema.example/api/' });
    const { calls } = fakeFetch(() => jsonResponse(200, []));

    await api.get('/theaters/');
    await api.get('movies/', { query: { theater: 3, language: undefined } });

    expect(getApiBaseUrl()).toBe('https://cinema.example/api');
    expect(calls.map((call) => call.url)).toEqual([
      'https://cinema.example/api/theaters/',
      'https://cinema.example/api/movies/?theater=3',
    ]);
  });

  it('falls back to the local API when nothing is configured', () => {
    configureApi({ baseUrl: DEFAULT_API_BASE_URL });
    expect(getApiBaseUrl()).toBe('http://127.0.0.1:8000/api');
  });

  it('sends credentials, Accept and no Authorization when logged out', async () => {
    const { calls } = fakeFetch(() => jsonResponse(200, [{ id: 1, name: 'Regal' }]));

    const theaters = await api.get<{ id: number; name: string }[]>('theaters/');

    expect(theaters).toEqual([{ id: 1, name: 'Regal' }]);
    expect(calls[0]?.credentials).toBe('include');
    expect(calls[0]?.headers.get('Accept')).toBe('application/json');
    expect(calls[0]?.headers.has('Authorization')).toBe(false);
    expect(calls[0]?.headers.has('Content-Type')).toBe(false);
  });

  it('sends the Bearer token when logged in, and JSON bodies', async () => {
    const token = accessToken(3600);
    useAuthStore.getState().login({ access: token, refresh: 'refresh-1', role: 'user' });
    const { calls } = fakeFetch(() => jsonResponse(201, { id: 9 }));

    const created = await api.post('bookings/', { show_id: 4, row: 1, column: 2 });

    expect(created).toEqual({ id: 9 });
    expect(calls[0]?.method).toBe('POST');
    expect(calls[0]?.headers.get('Authorization')).toBe(`Bearer ${token}`);
    expect(calls[0]?.headers.get('Content-Type')).toBe('application/json');
    expect(calls[0]?.body).toEqual({ show_id: 4, row: 1, column: 2 });
  });

  it('leaves the token off calls made with auth: false', async () => {
    useAuthStore.getState().login({ access: accessToken(3600), refresh: 'r' });
    const { calls } = fakeFetch(() => jsonResponse(200, {}));

    await api.post('login/', { email_or_username: 'a', password: 'b' }, { auth: false });

    expect(calls[0]?.headers.has('Authorization')).toBe(false);
  });

  it('resolves with undefined for an empty answer', async () => {
    fakeFetch(() => new Response(null, { status: 204 }));

    await expect(
      apiFetch('seats/3/', { method: 'PATCH', body: { is_booked: true } }),
    ).resolves.toBe(undefined);
  });

  it('passes a cancellation through as an AbortError', async () => {
    fakeFetch(() => {
      throw new DOMException('The operation was aborted.', 'AbortError');
    });

    await expect(api.get('theaters/')).rejects.toMatchObject({ name: 'AbortError' });
  });
});

describe('error normalisation', () => {
  async function failureFor(response: Response | Error): Promise<ApiError> {
    fakeFetch(() => {
      if (response instanceof Error) throw response;
      return response;
    });
    const error = await api.post('signup/', {}).catch((caught: unknown) => caught);
    if (!(error instanceof ApiError)) throw new Error('expected an ApiError');
    return error;
  }

  it('uses detail first, and keeps code and fields', async () => {
    const error = await failureFor(
      jsonResponse(400, {
        detail: 'Check the highlighted fields.',
        code: 'validation_error',
        fields: { email: 'Enter a valid email.' },
      }),
    );

    expect(error).toMatchObject({
      status: 400,
      message: 'Check the highlighted fields.',
      code: 'validation_error',
      fields: { email: 'Enter a valid email.' },
      isGenericMessage: false,
    });
  });

  it('uses the error field when there is no detail', async () => {
    const error = await failureFor(jsonResponse(400, { error: 'Invalid or expired OTP' }));

    expect(error.message).toBe('Invalid or expired OTP');
    expect(error.fields).toEqual({});
  });

  it('uses the first field error of a plain error object', async () => {
    const error = await failureFor(jsonResponse(400, { email: 'Email already registered.' }));

    expect(error.message).toBe('Email already registered.');
    expect(error.fields).toEqual({ email: 'Email already registered.' });
  });

  it('reads DRF-style arrays of messages', async () => {
    const error = await failureFor(
      jsonResponse(400, {
        username: ['A user with that username already exists.'],
        password: ['This password is too short.', 'This password is too common.'],
      }),
    );

    expect(error.message).toBe('A user with that username already exists.');
    expect(error.fields).toEqual({
      username: 'A user with that username already exists.',
      password: 'This password is too short.',
    });
  });

  it('falls back to a generic message, flagged as such, when the body says nothing', async () => {
    const error = await failureFor(new Response('<html>Bad gateway</html>', { status: 502 }));

    expect(error.status).toBe(502);
    expect(error.isGenericMessage).toBe(true);
    expect(error.body).toBe('<html>Bad gateway</html>');
  });

  it('turns a network failure into status 0', async () => {
    const error = await failureFor(new TypeError('Failed to fetch'));

    expect(error).toMatchObject({
      status: 0,
      code: 'network_error',
      message: 'Network error. Please check your connection.',
    });
  });
});

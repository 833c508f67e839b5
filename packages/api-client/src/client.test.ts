import { useAuthStore } from '@cinema/auth';
import { afterEach, beforeEach, describe, expect, expectTypeOf, it, vi } from 'vitest';
import type { Hold, Seat } from './apiTypes';
import { api, apiFetch, listOf, pageOf, specPath } from './client';
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

    await apiFetch('/theaters/');
    await api.get('/api/movies', { query: { theater: 3, q: undefined } });

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

    const theaters = await api.get('/api/theaters');

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

    const created = await api.post('/api/bookings', {
      body: { movie_id: 1, theater_id: 2, show_id: 4, row: 1, column: 2 },
    });

    expect(created).toEqual({ id: 9 });
    expect(calls[0]?.method).toBe('POST');
    expect(calls[0]?.headers.get('Authorization')).toBe(`Bearer ${token}`);
    expect(calls[0]?.headers.get('Content-Type')).toBe('application/json');
    expect(calls[0]?.body).toEqual({ movie_id: 1, theater_id: 2, show_id: 4, row: 1, column: 2 });
  });

  it('sends a file as it is, typed as the file is (a poster upload)', async () => {
    const { calls } = fakeFetch(() => jsonResponse(200, { src: '/api/posters/4/x/320.webp' }));
    const file = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'dune.png', {
      type: 'image/png',
    });

    await apiFetch('movies/4/poster/', { method: 'PUT', body: file });

    expect(calls[0]?.method).toBe('PUT');
    expect(calls[0]?.headers.get('Content-Type')).toBe('image/png');
    expect(calls[0]?.body).toBe(file);
  });

  it('starts a new sampled W3C trace for each request, which the API continues', async () => {
    const { calls } = fakeFetch(() => jsonResponse(200, []));

    await api.get('/api/theaters');
    await api.get('/api/theaters');

    const sent = calls.map((call) => call.headers.get('traceparent'));
    for (const header of sent) {
      expect(header).toMatch(/^00-(?!0{32})[0-9a-f]{32}-(?!0{16})[0-9a-f]{16}-01$/);
    }
    expect(sent[0]?.slice(3, 35)).not.toBe(sent[1]?.slice(3, 35));
  });

  it('leaves the token off calls made with auth: false', async () => {
    useAuthStore.getState().login({ access: accessToken(3600), refresh: 'r' });
    const { calls } = fakeFetch(() => jsonResponse(200, {}));

    await api.post('/api/login', {
      body: { email_or_username: 'a', password: 'b' },
      auth: false,
    });

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

    await expect(api.get('/api/theaters')).rejects.toMatchObject({ name: 'AbortError' });
  });
});

describe('error normalisation', () => {
  async function failureFor(response: Response | Error): Promise<ApiError> {
    fakeFetch(() => {
      if (response instanceof Error) throw response;
      return response;
    });
    const error = await apiFetch('signup/', { method: 'POST', body: {} }).catch(
      (caught: unknown) => caught,
    );
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

describe('calls typed by path', () => {
  it('write the OpenAPI path in the spec form, filling its parameters', async () => {
    expect(specPath('/api/shows/{id}/seats', { id: 12 })).toBe('shows/12/seats/');
    expect(specPath('/api/releases/{remote}/canary', { remote: 'mfe user' })).toBe(
      'releases/mfe%20user/canary/',
    );
    expect(() => specPath('/api/holds/{id}')).toThrow('no value for {id}');

    const { calls } = fakeFetch(() => jsonResponse(200, []));
    await api.get('/api/holds', { query: { show: 4 } });
    expect(calls[0]?.url).toBe('https://api.test/api/holds/?show=4');
  });

  it('answer with the type the API describes, and refuse what it does not serve', () => {
    // Checked by the type checker only: none of these calls is made.
    const typeOnly = () => {
      expectTypeOf(api.get('/api/shows/{id}/seats', { path: { id: 1 } })).resolves.toEqualTypeOf<
        Seat[]
      >();
      expectTypeOf(
        api.post('/api/holds', { body: { show_id: 1, seat_ids: [2] } }),
      ).resolves.toEqualTypeOf<Hold>();
      expectTypeOf(
        api.delete('/api/holds/{id}', { path: { id: 1 } }),
      ).resolves.toEqualTypeOf<undefined>();
      // @ts-expect-error: the API has no such path.
      void api.get('/api/tickets');
      // @ts-expect-error: a path parameter is required.
      void api.get('/api/shows/{id}');
      // @ts-expect-error: `POST holds/` takes `seat_ids`, not `seats`.
      void api.post('/api/holds', { body: { show_id: 1, seats: [2] } });
      // @ts-expect-error: `GET my-tickets/` takes no query.
      void api.get('/api/my-tickets', { query: { page: 1 } });
      // @ts-expect-error: `theaters/` is not deleted.
      void api.delete('/api/theaters');
    };
    expect(typeof typeOnly).toBe('function');
  });

  it('narrow a list answer to the form the call asked for', () => {
    const page = { results: [1], count: 1, page: 1, page_size: 20 };
    expect(pageOf<number[] | typeof page>(page)).toBe(page);
    expect(listOf<number[] | typeof page>([1])).toEqual([1]);
    expect(() => pageOf([1])).toThrow('Expected a page');
    expect(() => listOf(page)).toThrow('Expected a list');
  });
});

describe('a 503 with Retry-After (no database for a moment, or no instance behind the balancer)', () => {
  const unavailable = () =>
    new Response(
      JSON.stringify({ detail: 'The database is unavailable.', code: 'database_unavailable' }),
      {
        status: 503,
        headers: { 'Content-Type': 'application/json', 'Retry-After': '2' },
      },
    );

  afterEach(() => {
    vi.useRealTimers();
  });

  it('sends a read again after the wait it names, and resolves with the answer that came', async () => {
    vi.useFakeTimers();
    let calls = 0;
    fakeFetch(() => (++calls <= 2 ? unavailable() : jsonResponse(200, [{ id: 1 }])));

    const theaters = api.get('/api/theaters');
    await vi.advanceTimersByTimeAsync(1999);
    expect(calls).toBe(1);
    await vi.advanceTimersByTimeAsync(2001);
    expect(await theaters).toEqual([{ id: 1 }]);
    expect(calls).toBe(3);
  });

  it('sends a call with an Idempotency-Key again, with the same key', async () => {
    vi.useFakeTimers();
    useAuthStore
      .getState()
      .login({ access: accessToken(3600), refresh: 'refresh-1', role: 'user' });
    let count = 0;
    const { calls } = fakeFetch(() =>
      ++count === 1 ? unavailable() : jsonResponse(201, [{ id: 9 }]),
    );

    const confirmed = apiFetch('holds/4/confirm/', {
      method: 'POST',
      headers: { 'Idempotency-Key': 'pay-1' },
    });
    await vi.advanceTimersByTimeAsync(2000);
    expect(await confirmed).toEqual([{ id: 9 }]);
    expect(calls.map((call) => call.headers.get('Idempotency-Key'))).toEqual(['pay-1', 'pay-1']);
  });

  it('never sends again a call that could run twice: a POST without a key fails at once', async () => {
    const { calls } = fakeFetch(() => unavailable());

    const held = api.post('/api/holds', { body: { show_id: 4, seat_ids: [1] } });

    await expect(held).rejects.toMatchObject({ status: 503 });
    expect(calls).toHaveLength(1);
  });

  it('gives up after about 20 s of waiting and rejects with the 503', async () => {
    vi.useFakeTimers();
    const { calls } = fakeFetch(() => unavailable());

    const theaters = api.get('/api/theaters');
    const settled = expect(theaters).rejects.toMatchObject({ status: 503 });
    await vi.advanceTimersByTimeAsync(25_000);
    await settled;
    expect(calls).toHaveLength(11);
  });

  it('a 503 without Retry-After is not waited on', async () => {
    const { calls } = fakeFetch(() => jsonResponse(503, { detail: 'Down', code: 'down' }));

    await expect(api.get('/api/theaters')).rejects.toMatchObject({ status: 503 });
    expect(calls).toHaveLength(1);
  });
});

// The release registry's HTTP API as the CLI uses it: with RELEASE_KEY, a deploy key scoped to
// one remote (docs/decisions/0035-deploy-keys.md) sent as the Bearer credential, no sign-in;
// otherwise signs in as an admin once and calls /api/releases/... with the access token. Every
// failure becomes a ReleaseError with the API's own message.
import { ReleaseError } from './errors.mjs';

/** A ReleaseError saying the credentials do not get an admin session (`error.signIn` is true). */
function signInError(message) {
  const error = new ReleaseError(message);
  error.signIn = true;
  return error;
}

/**
 * `{apiUrl, credentials: {email, password}, env, reason, fetch}` -> `{get(path), post(path,
 * body), delete(path)}`, paths relative to `<apiUrl>/releases/`. `env.RELEASE_KEY` wins over the
 * credentials; `reason` (the CLI's --reason) joins every POST's body, for the audit trail.
 * @param {{apiUrl: string, credentials: {email: string, password: string},
 *   env?: Record<string, string | undefined>, reason?: string, fetch?: typeof globalThis.fetch}} options
 */
export function releasesApi({ apiUrl, credentials, env = {}, reason, fetch = globalThis.fetch }) {
  const base = apiUrl.replace(/\/+$/, '');
  let token = env.RELEASE_KEY?.trim() || null;

  async function call(method, pathname, body, auth = true) {
    const headers = { Accept: 'application/json' };
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    if (auth) headers.Authorization = `Bearer ${await signIn()}`;
    let response;
    try {
      response = await fetch(`${base}/${pathname}`, {
        method,
        headers,
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
    } catch (error) {
      const reason = error?.cause?.code ?? error?.cause?.message ?? error?.message ?? error;
      throw new ReleaseError(
        `Cannot reach the API at ${base} (${reason}). Is it running? (npm start, or set API_URL)`,
      );
    }
    const text = await response.text();
    let json = null;
    try {
      json = text ? JSON.parse(text) : null;
    } catch {}
    if (!response.ok) {
      const detail = json?.detail ?? (text.slice(0, 200) || response.statusText);
      const error = new ReleaseError(detail);
      error.status = response.status;
      error.code = json?.code;
      throw error;
    }
    return json;
  }

  async function signIn() {
    if (token) return token;
    const { email, password } = credentials;
    let session;
    try {
      session = await call('POST', 'login/', { email_or_username: email, password }, false);
    } catch (error) {
      if (error.status === undefined) throw error;
      throw signInError(
        `Could not sign in to the API as ${email}: ${error.message} (set RELEASE_EMAIL and RELEASE_PASSWORD to an admin account)`,
      );
    }
    if (session.user?.role !== 'admin') {
      throw signInError(
        `${email} is not an admin; releases need an admin account (RELEASE_EMAIL, RELEASE_PASSWORD)`,
      );
    }
    token = session.access;
    return token;
  }

  return {
    get: (pathname) => call('GET', `releases/${pathname}`),
    post: (pathname, body = {}) =>
      call('POST', `releases/${pathname}`, reason === undefined ? body : { ...body, reason }),
    delete: (pathname) => call('DELETE', `releases/${pathname}`),
  };
}

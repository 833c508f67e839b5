/** Used only when the shell has not configured the client, e.g. an app running standalone in dev. */
export const DEFAULT_API_BASE_URL = 'http://127.0.0.1:8000/api';

export interface ApiConfig {
  /** Where the API lives, e.g. `https://api.example.com/api`. Read by the shell from its runtime manifest. */
  baseUrl: string;
  /** Current time in milliseconds; tests pass a fake clock. */
  now: () => number;
}

let config: ApiConfig = { baseUrl: DEFAULT_API_BASE_URL, now: () => Date.now() };

/** Sets runtime configuration; the shell calls it at boot, before any request. */
export function configureApi(options: Partial<ApiConfig>): void {
  config = {
    baseUrl: options.baseUrl !== undefined ? options.baseUrl.replace(/\/+$/, '') : config.baseUrl,
    now: options.now ?? config.now,
  };
}

export function getApiBaseUrl(): string {
  return config.baseUrl;
}

export function now(): number {
  return config.now();
}

export type QueryParams = Record<string, string | number | boolean | null | undefined>;

/** Joins the base URL and a path as the spec writes it (`shows/12/seats/`), with no double slash. */
export function apiUrl(path: string, query?: QueryParams): string {
  const url = /^https?:\/\//.test(path) ? path : `${config.baseUrl}/${path.replace(/^\/+/, '')}`;
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query ?? {})) {
    if (value !== null && value !== undefined) search.append(name, String(value));
  }
  const queryString = search.toString();
  if (queryString === '') return url;
  return `${url}${url.includes('?') ? '&' : '?'}${queryString}`;
}

export type StaticServer = { port: number; close: () => Promise<void> };

/** A folder to serve; `immutable` files (versioned releases) are cached for a year. */
export type StaticRoot = string | { dir: string; immutable?: boolean };

export function startStaticServer(options: {
  /** The folder to serve (searched before `roots`). */
  root?: StaticRoot;
  /** Folders searched in order for each path, after `root`. */
  roots?: StaticRoot[];
  port: number;
  host?: string;
  cors?: boolean;
  json?: Record<string, unknown>;
  /** Sent on every response, e.g. the security headers of scripts/security-headers.mjs. */
  headers?: Record<string, string>;
  /** Path -> headers sent in place of `headers`' same names there (the service worker's policy). */
  pathHeaders?: Record<string, Record<string, string>>;
  /** Everything under /api/ is passed on to the API on this port (scripts/api-proxy.mjs). */
  apiPort?: number | null;
}): Promise<StaticServer>;

/** The codings of an Accept-Encoding header with their q weights, or null without a header. */
export function parseAcceptEncoding(header: string | undefined): Map<string, number> | null;

/** The coding to send ('br', 'gzip', 'identity'), or null when nothing acceptable exists. */
export function chooseEncoding(
  acceptEncoding: string | undefined,
  available: Set<string>,
): 'br' | 'gzip' | 'identity' | null;

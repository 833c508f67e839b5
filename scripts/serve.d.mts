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
}): Promise<StaticServer>;

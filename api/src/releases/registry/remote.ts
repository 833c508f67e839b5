// The remote a request names: in its body or its path. An unknown one is a 404, not a 400.
import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import { notFound } from '../../http/errors.ts';
import { isRemote, type Remote, UNKNOWN_REMOTE } from './rules.ts';

/** The remote a body or path names; 404 'Unknown remote.' for anything else. */
export function knownRemote(value: unknown): Remote {
  if (!isRemote(value)) notFound(UNKNOWN_REMOTE, { code: 'unknown_remote' });
  return value;
}

/** `:remote` of the path. */
export function remoteParam(c: Context): Remote {
  return knownRemote(c.req.param('remote'));
}

/**
 * Answers 404 for an unknown `:remote` before the body is validated (handlers then read it with
 * remoteParam).
 */
export const knownRemoteParam = createMiddleware(async (c, next) => {
  remoteParam(c);
  await next();
});

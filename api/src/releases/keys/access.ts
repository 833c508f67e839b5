// Who may call a release route (docs/decisions/0035-deploy-keys.md): `releaseAccess(operation)`
// stands where `requireRole('admin')` stood. An admin's access token works as it always did; a
// deploy key (`Bearer cdk_...`) works when it exists (by its hash), is neither revoked nor
// expired (by the app's clock), belongs to the remote the request names and lists the action.
// The actor it sets (`c.var.actor`) is what the handler and the audit log name: the admin, or
// the key (no user: the label `key:<name>`).
import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import { currentActor } from '../../audit/rules.ts';
import { sha256Hex } from '../../auth/secrets.ts';
import {
  type AuthUser,
  authenticate,
  bearerOf,
  DEPLOY_KEY_PREFIX,
  PERMISSION_DENIED,
} from '../../http/auth.ts';
import type { AppEnv } from '../../http/context.ts';
import { ApiError } from '../../http/errors.ts';
import { isRemote, type Remote } from '../registry/rules.ts';
import {
  isKeyAction,
  KEY_EXPIRED,
  KEY_REVOKED,
  KEY_UNKNOWN,
  type KeyAction,
  keyLabel,
  keyOtherAction,
  keyOtherRemote,
} from './rules.ts';
import { findKeyBySecret, type PresentedKey } from './sql.ts';

export interface ReleaseActor {
  kind: 'user' | 'key';
  /** The user's id; null for a key. */
  id: number | null;
  /** The username, or `key:<name>`: what reasons and records name. */
  username: string;
  /** The key, when a key acts. */
  key: PresentedKey | null;
}

export type ReleaseEnv = {
  Variables: AppEnv['Variables'] & { actor: ReleaseActor; user?: AuthUser };
};

/**
 * What a route does, for a key's scope: one of the key actions (on the path's remote; for
 * 'publish' the body's), 'read' (the path remote's versions and health: any action),
 * 'status' (every remote's status: any live key) or 'audit' (the `?remote=` asked, which must be
 * the key's own; the handler limits an unfiltered read to it).
 */
export type ReleaseOperation = KeyAction | 'read' | 'status' | 'audit';

const denied = (detail: string) => new ApiError(403, detail, 'permission_denied');
const unauthenticated = (detail: string) =>
  new ApiError(401, detail, 'token_not_valid', {}, { 'WWW-Authenticate': 'Bearer realm="api"' });

/** The remote the request names for `operation`, or null when it names none. */
async function remoteAsked(c: Context, operation: ReleaseOperation): Promise<string | null> {
  if (operation === 'status') return null;
  if (operation === 'audit') return c.req.query('remote') ?? null;
  if (operation !== 'publish') return c.req.param('remote') ?? null;
  // Read from the body the route's validator reads next (Hono keeps the parsed body).
  const type = c.req.header('Content-Type') ?? '';
  if (!/^application\/json\b/i.test(type)) return null;
  const body: unknown = await c.req.json().catch(() => null);
  const remote = (body as { remote?: unknown } | null)?.remote;
  return typeof remote === 'string' ? remote : null;
}

/** The live key presented, scoped to the request, or a 401/403 ApiError. */
async function keyActor<E extends AppEnv>(
  c: Context<E>,
  secret: string,
  operation: ReleaseOperation,
): Promise<ReleaseActor> {
  const now = c.var.clock();
  const key = await findKeyBySecret(c.var.db, sha256Hex(secret), now);
  if (!key) throw unauthenticated(KEY_UNKNOWN);
  if (key.revoked_at !== null) throw unauthenticated(KEY_REVOKED);
  if (key.expires_at.getTime() <= now.getTime()) throw unauthenticated(KEY_EXPIRED);
  const remote = await remoteAsked(c, operation);
  // The status reads every remote; the audit trail asked for none is limited to the key's own
  // remote by its handler (keyRemote).
  const anyRemote = operation === 'status' || (operation === 'audit' && remote === null);
  if (!anyRemote && remote !== key.remote) throw denied(keyOtherRemote(key.name, key.remote));
  if (isKeyAction(operation) && !key.actions.includes(operation)) {
    throw denied(keyOtherAction(key.name, operation));
  }
  return { kind: 'key', id: null, username: keyLabel(key.name), key };
}

/** The reason the route's validated body gives, if any (recorded with the audit records). */
function reasonOf(c: Context): string | null {
  const body = (c.req.valid as (target: 'json') => unknown)('json') as { reason?: unknown };
  return typeof body?.reason === 'string' ? body.reason : null;
}

/** The access check of a release admin route; sets `c.var.actor` (and `c.var.user` for a user). */
export function releaseAccess(operation: ReleaseOperation) {
  return createMiddleware<ReleaseEnv>(async (c, next) => {
    const bearer = bearerOf(c);
    let actor: ReleaseActor;
    if (bearer?.startsWith(DEPLOY_KEY_PREFIX)) {
      actor = await keyActor(c, bearer, operation);
    } else {
      const user = await authenticate(c);
      if (user.role !== 'admin') throw denied(PERMISSION_DENIED);
      c.set('user', user);
      actor = { kind: 'user', id: user.id, username: user.username, key: null };
    }
    c.set('actor', actor);
    await currentActor.run(
      { actorId: actor.id, label: actor.username, reason: () => reasonOf(c) },
      next,
    );
  });
}

/** The key's remote when a key reads, else null (an admin reads every remote). */
export function keyRemote(c: Context<ReleaseEnv>): Remote | null {
  const remote = c.var.actor.key?.remote ?? null;
  return remote !== null && isRemote(remote) ? remote : null;
}

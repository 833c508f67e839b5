// Deploy keys' rules (docs/decisions/0035-deploy-keys.md): what a key may be scoped to, how a key
// looks, and the messages of the keys routes and of the access check.

/** What a key may do on its remote; pause, resume and abort of a rollout are 'rollout'. */
export const KEY_ACTIONS = [
  'publish',
  'preview',
  'canary',
  'rollout',
  'promote',
  'rollback',
] as const;
export type KeyAction = (typeof KEY_ACTIONS)[number];
export const isKeyAction = (value: string): value is KeyAction =>
  (KEY_ACTIONS as readonly string[]).includes(value);

/** Every key starts with it (http/auth.ts, which refuses keys outside the release routes). */
export { DEPLOY_KEY_PREFIX as KEY_PREFIX } from '../../http/auth.ts';

export const NAME_PATTERN = /^[a-z0-9._-]{1,60}$/;
export const NAME_INVALID = 'Use 1 to 60 characters: a-z, 0-9, dot, dash or underscore.';
export const ACTIONS_INVALID = `Choose one or more of: ${KEY_ACTIONS.join(', ')}, each once.`;
export const EXPIRES_INVALID = 'A whole number of days from 1 to 365.';
export const REASON_INVALID = 'At most 200 characters.';
export const REASON_MAX = 200;

export const nameTaken = (name: string) => `A deploy key named ${name} exists already.`;
export const KEY_NOT_FOUND = 'No such deploy key.';
export const alreadyRevoked = (name: string) => `The deploy key ${name} is revoked already.`;

export const KEY_UNKNOWN = 'Unknown deploy key.';
export const KEY_EXPIRED = 'Deploy key expired.';
export const KEY_REVOKED = 'Deploy key revoked.';
export const keyOtherRemote = (name: string, remote: string) =>
  `The deploy key ${name} is for mfe-${remote} only.`;
export const keyOtherAction = (name: string, action: string) =>
  `The deploy key ${name} may not ${action}.`;

/** How a key's use is named in the audit log's actor label (audit/rules.ts). */
export const KEY_LABEL_PREFIX = 'key:';
export const keyLabel = (name: string) => `${KEY_LABEL_PREFIX}${name}`;

/** Used no more often than this is written to last_used_at (one write a minute at most). */
export const LAST_USED_GRAIN_SECONDS = 60;

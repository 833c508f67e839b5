// POST /api/tickets/signing-keys/rotate/ (owners only): retires the caller's active ticket
// signing key and makes the next one (docs/decisions/0041-signed-ticket-passes.md). Passes signed
// from now on carry the new kid; those already issued keep verifying with the retired key, which
// stays listed and in the door's offline data. An audit record names both keys. At most
// MAX_KEYS_PER_WINDOW keys a day (429 with Retry-After): every key travels to every door device.
// The body names the key the caller saw active: rotations of one owner take turns, and one that
// finds another key active (a double click, a second tab) is a 409 that changes nothing.
import { requireRole } from '../../http/auth.ts';
import { factory } from '../../http/context.ts';
import { conflict, tooManyRequests, validate } from '../../http/errors.ts';
import { answer, describe } from '../../http/openapi.ts';
import { MAX_KEYS_PER_WINDOW, rotateSigningKey } from '../../tickets/signing.ts';
import { postSigningKeyRotationSchema, SigningKeyRotationSchema } from './schemas.ts';

export const keysChanged = (active: string | null) =>
  `The active signing key is now ${active ?? 'none'}: reload the keys and try again.`;
export const TOO_MANY_ROTATIONS = `At most ${MAX_KEYS_PER_WINDOW} signing keys a day. Please try again later.`;

export const postSigningKeyRotation = factory.createHandlers(
  describe({
    summary: 'Rotate the caller’s ticket signing key',
    tags: ['tickets'],
    auth: true,
    answers: {
      201: answer('The new active key, and the key it retired', SigningKeyRotationSchema),
    },
    errors: [
      'validation_error',
      'permission_denied',
      ['conflict', 'Another key is active than the one `retire` names.'],
      'too_many_requests',
    ],
  }),
  requireRole('owner'),
  validate('json', postSigningKeyRotationSchema),
  async (c) => {
    const { db, user, clock, config } = c.var;
    const rotation = await rotateSigningKey(db, {
      ownerId: user.id,
      actorId: user.id,
      retire: c.req.valid('json').retire,
      signer: { secret: config.jwtSecret, now: clock() },
    });
    if (!rotation.ok && 'activeKid' in rotation) {
      conflict(keysChanged(rotation.activeKid), { code: 'conflict' });
    }
    if (!rotation.ok) tooManyRequests(TOO_MANY_ROTATIONS, rotation.retryAfterSeconds);
    return c.json({ key: rotation.key, retired_kid: rotation.retired_kid }, 201);
  },
);

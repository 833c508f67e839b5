// POST /api/releases/keys/ (admin user; never a deploy key) {name, remote, actions,
// expires_in_days}: creates a deploy key for one remote and some actions
// (docs/decisions/0035-deploy-keys.md). 201 with the key itself (`cdk_...`), shown this once:
// only its SHA-256 is kept. 409 when the name is taken (a revoked key keeps its name).
import { requireRole } from '../../http/auth.ts';
import { factory } from '../../http/context.ts';
import { validate } from '../../http/errors.ts';
import { answer, describe } from '../../http/openapi.ts';
import { createKey, keyJson } from '../../releases/keys/keys.ts';
import { CreatedKeySchema, postKeySchema } from '../../releases/keys/schemas.ts';

export const postKey = factory.createHandlers(
  describe({
    summary: 'Create a deploy key for one remote (the key is shown once)',
    tags: ['releases'],
    auth: true,
    answers: { 201: answer('The key, with its secret', CreatedKeySchema) },
    errors: ['permission_denied', 'validation_error', 'deploy_key_name_taken'],
  }),
  requireRole('admin'),
  validate('json', postKeySchema),
  async (c) => {
    const { db, clock, user } = c.var;
    const body = c.req.valid('json');
    const now = clock();
    const { row, key } = await createKey(db, {
      name: body.name,
      remote: body.remote,
      actions: body.actions,
      expiresInDays: body.expires_in_days,
      adminId: user.id,
      now,
    });
    return c.json({ ...keyJson(row, now), key }, 201);
  },
);

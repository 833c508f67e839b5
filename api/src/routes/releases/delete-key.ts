// DELETE /api/releases/keys/{id}/ (admin user; never a deploy key): revokes a deploy key at once
// (its next call is refused with 401 'Deploy key revoked.'); the row stays for the audit trail.
// 404 for an unknown id, 409 when it is revoked already.
import { requireRole } from '../../http/auth.ts';
import { factory } from '../../http/context.ts';
import { validate } from '../../http/errors.ts';
import { answer, describe } from '../../http/openapi.ts';
import { idParams } from '../../http/params.ts';
import { keyJson, revokeDeployKey } from '../../releases/keys/keys.ts';
import { KeySchema } from '../../releases/keys/schemas.ts';

export const deleteKey = factory.createHandlers(
  describe({
    summary: 'Revoke a deploy key',
    tags: ['releases'],
    auth: true,
    answers: { 200: answer('The key, revoked', KeySchema) },
    errors: ['permission_denied', 'deploy_key_not_found', 'deploy_key_revoked'],
  }),
  requireRole('admin'),
  validate('param', idParams),
  async (c) => {
    const { db, clock, user } = c.var;
    const now = clock();
    const row = await revokeDeployKey(db, { id: c.req.valid('param').id, adminId: user.id, now });
    return c.json(keyJson(row, now));
  },
);

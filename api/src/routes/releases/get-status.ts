// GET /api/releases/ (admin): the state of every remote's channel, reports, rollout plan and
// health, with the audit log and the rules (api/src/releases/status/status.ts
// says what is in it).
import { factory } from '../../http/context.ts';
import { answer, describe } from '../../http/openapi.ts';
import { releaseAccess } from '../../releases/keys/access.ts';
import { StatusSchema } from '../../releases/status/schemas.ts';
import { releaseStatus } from '../../releases/status/status.ts';

export const getStatus = factory.createHandlers(
  describe({
    summary: 'Every remote’s channels, reports and the audit log',
    tags: ['releases'],
    auth: true,
    answers: { 200: answer('The registry', StatusSchema) },
    errors: ['permission_denied'],
  }),
  releaseAccess('status'),
  async (c) => {
    const { db, clock } = c.var;
    return c.json(await releaseStatus(db, clock()));
  },
);

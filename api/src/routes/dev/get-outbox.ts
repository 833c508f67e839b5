// GET /api/dev/outbox/?email=a@b.c&limit=10: the newest emails the dev mailer wrote to
// <DATA_DIR>/outbox/, so a developer (or an end-to-end test) can read a code. Mounted only outside
// production and without RESEND_API_KEY.
import { z } from 'zod';
import { factory } from '../../http/context.ts';
import { validate } from '../../http/errors.ts';
import { answer, describe } from '../../http/openapi.ts';
import { outboxDir, readOutbox } from '../../mail/outbox.ts';
import { OutboxSchema } from './schemas.ts';

const schema = z.object({
  email: z.string().trim().toLowerCase().optional(),
  limit: z.coerce
    .number({ error: 'limit must be a number from 1 to 50' })
    .int('limit must be a number from 1 to 50')
    .min(1, 'limit must be a number from 1 to 50')
    .max(50, 'limit must be a number from 1 to 50')
    .default(10),
});

export const getOutbox = factory.createHandlers(
  describe({
    summary: 'The dev outbox (outside production, without Resend)',
    tags: ['dev'],
    answers: { 200: answer('The newest emails', OutboxSchema) },
    errors: [],
  }),
  validate('query', schema),
  async (c) => {
    const { email, limit } = c.req.valid('query');
    const emails = await readOutbox(outboxDir(c.var.config.dataDir), {
      ...(email ? { email } : {}),
      limit,
    });
    return c.json({ emails });
  },
);

// GET /api/admin/email-queue/ (admins only): the email queue's figures (mail/queue.ts): how many
// emails wait, how long the oldest has waited, how many were given up and why. Read on the
// primary: it is the sender's own table, and a replica's lag would hide the newest.
import { requireRole } from '../../http/auth.ts';
import { factory } from '../../http/context.ts';
import { answer, describe } from '../../http/openapi.ts';
import { emailQueueFigures } from '../../mail/queue.ts';
import { EmailQueueSchema } from './schemas.ts';

export const getEmailQueue = factory.createHandlers(
  describe({
    summary: 'The email queue: depth, oldest wait, given-up emails',
    tags: ['admin'],
    auth: true,
    answers: { 200: answer('The figures now', EmailQueueSchema) },
    errors: ['permission_denied'],
  }),
  requireRole('admin'),
  async (c) => c.json(await emailQueueFigures(c.var.db, c.var.clock())),
);

// The holds resource, mounted at /api/holds: hold seats, read one or the active ones, release
// and pay for a hold.
import { Hono } from 'hono';
import type { AppEnv } from '../../http/context.ts';
import { deleteHold } from './delete-hold.ts';
import { getHold } from './get-hold.ts';
import { getHolds } from './get-holds.ts';
import { postHold } from './post-hold.ts';
import { postHoldConfirm } from './post-hold-confirm.ts';

export const holdsRoutes = new Hono<AppEnv>()
  .get('/', ...getHolds)
  .post('/', ...postHold)
  .get('/:id', ...getHold)
  .delete('/:id', ...deleteHold)
  .post('/:id/confirm', ...postHoldConfirm);

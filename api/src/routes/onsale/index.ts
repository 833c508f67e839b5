// The on-sale resource, mounted at /api/onsale: a show's sale settings, its waiting line and the
// waitlist of a sold-out show
// (docs/decisions/0031-on-sale-waiting-room.md).
import { Hono } from 'hono';
import type { AppEnv } from '../../http/context.ts';
import { deleteLine } from './delete-line.ts';
import { deleteWaitlist } from './delete-waitlist.ts';
import { getLengths } from './get-lengths.ts';
import { getLine } from './get-line.ts';
import { getSale } from './get-sale.ts';
import { getWaitlist } from './get-waitlist.ts';
import { patchSale } from './patch-sale.ts';
import { postLine } from './post-line.ts';
import { postWaitlist } from './post-waitlist.ts';

export const onsaleRoutes = new Hono<AppEnv>()
  // Before '/:id', which would take 'lengths' for an id.
  .get('/lengths', ...getLengths)
  .get('/:id', ...getSale)
  .patch('/:id', ...patchSale)
  .post('/:id/line', ...postLine)
  .get('/:id/line', ...getLine)
  .delete('/:id/line', ...deleteLine)
  .post('/:id/waitlist', ...postWaitlist)
  .get('/:id/waitlist', ...getWaitlist)
  .delete('/:id/waitlist', ...deleteWaitlist);

// Tickets. `ticketsRoutes`, mounted at /api/my-tickets: the customer's tickets and each one's
// calendar file. `checkInRoutes`, mounted at /api/tickets: admitting tickets at the door (online,
// and synced from an offline scanner), letting holders out, the day's shows to admit, a show's
// offline data and its scans summary. (The rows are bookings: booking/sql.ts and
// booking/door.ts write them.)
import { Hono } from 'hono';
import type { AppEnv } from '../../http/context.ts';
import { getCheckInShows } from './get-check-in-shows.ts';
import { getMyTickets } from './get-my-tickets.ts';
import { getOfflineShow } from './get-offline-show.ts';
import { getShowScans } from './get-show-scans.ts';
import { getSigningKeys } from './get-signing-keys.ts';
import { getTicketCalendar } from './get-ticket-calendar.ts';
import { postCheckIn } from './post-check-in.ts';
import { postCheckInSync } from './post-check-in-sync.ts';
import { postCheckOut } from './post-check-out.ts';
import { postSigningKeyRotation } from './post-signing-key-rotation.ts';

export const ticketsRoutes = new Hono<AppEnv>()
  .get('/', ...getMyTickets)
  .get('/:id/calendar.ics', ...getTicketCalendar);

/** The sync's path, which app.ts leaves to the route's own body limit. */
export const CHECK_IN_SYNC_PATH = /^\/api\/tickets\/check-in\/sync\/?$/;

export const checkInRoutes = new Hono<AppEnv>()
  .post('/check-in', ...postCheckIn)
  .post('/check-in/exit', ...postCheckOut)
  .post('/check-in/sync', ...postCheckInSync)
  .get('/check-in/shows', ...getCheckInShows)
  .get('/check-in/shows/:id/offline', ...getOfflineShow)
  .get('/check-in/shows/:id/scans', ...getShowScans)
  .get('/signing-keys', ...getSigningKeys)
  .post('/signing-keys/rotate', ...postSigningKeyRotation);

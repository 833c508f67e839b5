// Tickets. `ticketsRoutes`, mounted at /api/my-tickets: the customer's tickets and each one's
// calendar file. `checkInRoutes`, mounted at /api/tickets: admitting tickets at the door and the
// day's shows to admit. (The rows are bookings: booking/sql.ts writes them.)
import { Hono } from 'hono';
import type { AppEnv } from '../../http/context.ts';
import { getCheckInShows } from './get-check-in-shows.ts';
import { getMyTickets } from './get-my-tickets.ts';
import { getTicketCalendar } from './get-ticket-calendar.ts';
import { postCheckIn } from './post-check-in.ts';

export const ticketsRoutes = new Hono<AppEnv>()
  .get('/', ...getMyTickets)
  .get('/:id/calendar.ics', ...getTicketCalendar);

export const checkInRoutes = new Hono<AppEnv>()
  .post('/check-in', ...postCheckIn)
  .get('/check-in/shows', ...getCheckInShows);

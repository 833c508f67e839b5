// The customer's tickets, mounted at /api/my-tickets (the rows are bookings: bookings/sql.ts).
import { Hono } from 'hono';
import type { AppEnv } from '../../http/context.ts';
import { getMyTickets } from './get-my-tickets.ts';

export const ticketsRoutes = new Hono<AppEnv>().get('/', ...getMyTickets);

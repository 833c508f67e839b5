// Request bodies of the holds resource.
import { z } from 'zod';
import { bodyId } from '../../http/params.ts';
import { DUPLICATE_SEATS, MAX_TICKETS, MIN_TICKETS, TICKET_COUNT } from '../bookings/rules.ts';

export const postHoldSchema = z.object({
  show_id: bodyId('Invalid show id.'),
  seat_ids: z
    .array(bodyId('Invalid seat id.'), { error: 'seat_ids must be a list of seat ids.' })
    .min(MIN_TICKETS, TICKET_COUNT)
    .max(MAX_TICKETS, TICKET_COUNT)
    .refine((ids) => new Set(ids).size === ids.length, DUPLICATE_SEATS),
});

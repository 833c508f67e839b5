// Request and response schemas of the tickets resource (my-tickets, the calendar file, check-in at
// the door): what /api/openapi.json documents and the tests check real answers against.
import { z } from 'zod';
import { Timestamp } from '../../http/openapi.ts';
import { bodyId } from '../../http/params.ts';
import { requiredText } from '../../http/validators.ts';

export const CODE_REQUIRED = 'Enter the ticket code.';
export const CODE_TOO_LONG = 'A ticket code is at most 100 characters.';

export const postCheckInSchema = z.object({
  // What a scanner read or a person typed; its form is checked by the handler (an unreadable code
  // is simply unknown, a 404, like a well-formed one that names no ticket).
  code: requiredText(CODE_REQUIRED, 'Code').max(100, CODE_TOO_LONG),
  // The show being admitted: a ticket of another show is refused, not checked in.
  show_id: bodyId('Invalid show id.').nullish(),
});

const Counts = z
  .object({
    show_id: z.number().int(),
    checked_in: z.number().int().meta({ description: 'Tickets of the show admitted so far.' }),
    sold: z.number().int().meta({ description: 'Live (not cancelled) tickets of the show.' }),
  })
  .meta({ id: 'CheckInCounts' });

/** A ticket as the door sees it: whose, which seat, which show. */
export const DoorTicketSchema = z
  .object({
    id: z.number().int(),
    movie_name: z.string(),
    theater_name: z.string(),
    show_id: z.number().int(),
    show: z.string().meta({ description: "'{movie} · {date} · {start_time}'" }),
    date: z.string(),
    start_time: z.string(),
    end_time: z.string(),
    seat: z.object({ id: z.number().int(), row: z.string(), column: z.number().int() }),
    seat_label: z.string(),
    user_name: z.string(),
    is_cancelled: z.boolean(),
    checked_in_at: Timestamp.nullable(),
  })
  .meta({ id: 'DoorTicket' });

export const CheckInSchema = z
  .object({
    ticket: DoorTicketSchema,
    checked_in_at: Timestamp,
    counts: Counts,
  })
  .meta({ id: 'CheckIn' });

export const CheckInShowSchema = z
  .object({
    id: z.number().int(),
    movie_name: z.string(),
    theater_id: z.number().int(),
    theater_name: z.string(),
    date: z.string(),
    start_time: z.string(),
    end_time: z.string(),
    starts_at: Timestamp,
    ends_at: Timestamp,
    opens_at: Timestamp.meta({ description: 'When check-in opens (60 minutes before the start).' }),
    opens_time: z.string().meta({ description: 'opens_at as a local time, HH:MM' }),
    sold: z.number().int(),
    checked_in: z.number().int(),
  })
  .meta({ id: 'CheckInShow' });

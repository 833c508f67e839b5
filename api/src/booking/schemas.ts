// Response schemas of what the booking paths send, shared by the holds, bookings, shows, seats
// and tickets resources (what /api/openapi.json documents; tests check real answers against them).
import { z } from 'zod';

import { Timestamp } from '../http/openapi.ts';

const SeatRef = z.object({ id: z.number().int(), row: z.string(), column: z.number().int() });

/** A booking as the customer sees it (booking/reads.ts Ticket). */
export const TicketSchema = z
  .object({
    id: z.number().int(),
    movie_name: z.string(),
    theater_name: z.string(),
    seat: SeatRef,
    show: z.string().meta({
      description: "'{movie} · {date} · {start_time}', e.g. 'Dune · Fri, 21 Nov 2026 · 18:00'",
    }),
    show_id: z.number().int(),
    date: z.string(),
    start_time: z.string(),
    end_time: z.string(),
    starts_at: Timestamp,
    ends_at: Timestamp,
    order_id: z.number().int().nullable().meta({
      description:
        'The order it was bought in (the hold it was paid through): the seats paid together share it. Null for a single seat booked without a hold, an order of its own.',
    }),
    is_cancelled: z.boolean(),
    total_price: z.number(),
    can_cancel: z.boolean(),
    code: z.string().meta({
      description: 'What the ticket’s QR code carries and the door checks in (a UUID).',
    }),
    checked_in_at: Timestamp.nullable().meta({ description: 'When it was admitted at the door.' }),
  })
  .meta({ id: 'Ticket' });

/** One seat as the seat map shows it (shows/{id}/seats/, PATCH seats/{id}/). */
export const SeatSchema = z
  .object({
    id: z.number().int(),
    row: z.string(),
    column: z.number().int(),
    label: z.string(),
    // Where it stands and what it is (docs/decisions/0045-screens-and-seat-layouts.md).
    row_pos: z.number().int().meta({ description: 'Its row from the front, 1..' }),
    x: z
      .number()
      .int()
      .meta({ description: 'Its place across the row, gaps (aisles) counted, 1..' }),
    kind: z.enum(['seat', 'wheelchair', 'companion', 'blocked']).meta({
      description: 'A blocked seat is never sold (its status stays available: draw it as blocked)',
    }),
    category: z.string(),
    price: z.number().int().meta({ description: 'Whole rupees' }),
    partner_x: z.number().int().nullable().meta({
      description:
        'A wheelchair space: the x of its companion seat (its own x when it has none); a companion seat: the x of its space; else null',
    }),
    status: z.enum(['available', 'booked', 'mine', 'held', 'my_hold']),
    is_booked: z.boolean(),
    booked_by: z
      .string()
      .nullable()
      .meta({ description: 'Only for an admin or the theater’s owner.' }),
    checked_in: z.boolean().optional().meta({
      description:
        'Only for an admin or the theater’s owner, on every seat: its booking was checked in at the door.',
    }),
    duplicate: z.literal(true).optional().meta({
      description:
        'Only for an admin or the theater’s owner, and only when true: the ticket was scanned again while its holder was inside.',
    }),
  })
  .meta({ id: 'Seat' });

/** A booking in the owner's and admin's lists. */
export const ListedBookingSchema = z
  .object({
    id: z.number().int(),
    user_name: z.string(),
    movie_name: z.string(),
    theater_name: z.string(),
    seat: SeatRef,
    show: z.string(),
    show_id: z.number().int(),
    date: z.string(),
    time: z.string(),
    total_price: z.number(),
    is_cancelled: z.boolean(),
    created_at: Timestamp,
  })
  .meta({ id: 'ListedBooking' });

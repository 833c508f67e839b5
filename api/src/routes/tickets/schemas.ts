// Request and response schemas of the tickets resource (my-tickets, the calendar file, check-in at
// the door): what /api/openapi.json documents and the tests check real answers against.
import { z } from 'zod';
import { TicketSchema } from '../../booking/schemas.ts';
import { Timestamp } from '../../http/openapi.ts';
import { bodyId } from '../../http/params.ts';
import { requiredText } from '../../http/validators.ts';

export const CODE_REQUIRED = 'Enter the ticket code.';
export const CODE_TOO_LONG = 'A ticket code is at most 100 characters.';
/** A scanned text: a typed code (at most 100) or a signed pass (about 150; C2). */
export const SCAN_TEXT_MAX = 300;
export const PASS_TOO_LONG = `A ticket pass is at most ${SCAN_TEXT_MAX} characters.`;
export const DEVICE_NAME_MAX = 60;

/** A typed code (at most 100 characters) or a pass ('CB1.'..., at most SCAN_TEXT_MAX). */
const scanText = requiredText(CODE_REQUIRED, 'Code')
  .max(SCAN_TEXT_MAX, PASS_TOO_LONG)
  .refine((text) => text.startsWith('CB1.') || text.length <= 100, CODE_TOO_LONG);

/** The scanner that sent a scan: an id it made once, and the name its staff gave it. */
export const deviceId = z.uuid('Invalid device id.');
export const deviceName = requiredText('Device name is required.', 'Device name').max(
  DEVICE_NAME_MAX,
  `A device name is at most ${DEVICE_NAME_MAX} characters.`,
);

export const postCheckInSchema = z.object({
  // What a scanner read or a person typed; its form is checked by the handler (an unreadable code
  // is simply unknown, a 404, like a well-formed one that names no ticket; a pass whose signature
  // fails is forged, a 409).
  code: scanText,
  // The show being admitted: a ticket of another show is refused, not checked in.
  show_id: bodyId('Invalid show id.').nullish(),
  device_id: deviceId.nullish(),
  device_name: deviceName.nullish(),
});

/** POST check-in/exit/: the ticket of a holder leaving (to come back: re-entry). */
export const postCheckOutSchema = z.object({
  code: scanText,
  show_id: bodyId('Invalid show id.'),
  device_id: deviceId.nullish(),
  device_name: deviceName.nullish(),
});

export const Counts = z
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
    user_name: z.string().nullable().meta({ description: 'Null for a door staff account.' }),
    is_cancelled: z.boolean(),
    checked_in_at: Timestamp.nullable(),
  })
  .meta({ id: 'DoorTicket' });

export const CheckInSchema = z
  .object({
    ticket: DoorTicketSchema,
    checked_in_at: Timestamp,
    readmitted: z
      .literal(true)
      .optional()
      .meta({ description: 'Admitted again after leaving (an exit scan).' }),
    counts: Counts,
  })
  .meta({ id: 'CheckIn' });

export const CheckOutSchema = z
  .object({ ticket: DoorTicketSchema, left_at: Timestamp, counts: Counts })
  .meta({ id: 'CheckOut' });

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

/** A ticket in the customer's list: with its signed pass (docs/decisions/0041-signed-ticket-passes.md). */
export const MyTicketSchema = TicketSchema.extend({
  pass: z.string().nullable().meta({
    description:
      "What the ticket's QR code carries: 'CB1.<kid>.<show_id>.<seat>.<code>.<sig>', signed by the show's owner (packages/contract ticket-pass.js). Null for a cancelled ticket.",
  }),
}).meta({ id: 'MyTicket' });

/** One of an owner's ticket signing keys (tickets/signing.ts). */
export const SigningKeySchema = z
  .object({
    kid: z.string().meta({ description: 'The key id passes name (8 base64url characters).' }),
    public_key: z.string().meta({ description: 'base64url of the 32 raw Ed25519 bytes.' }),
    created_at: Timestamp,
    retired_at: Timestamp.nullable().meta({
      description: 'When a rotation replaced it; passes it signed still verify.',
    }),
  })
  .meta({ id: 'SigningKey' });

export const SigningKeyListSchema = z
  .object({ results: z.array(SigningKeySchema) })
  .meta({ id: 'SigningKeyList' });

export const postSigningKeyRotationSchema = z
  .object({
    retire: z
      .string()
      .regex(/^[A-Za-z0-9_-]{8}$/, 'Enter a key id.')
      .nullable()
      .meta({
        description:
          'The kid of the active key, as GET signing-keys/ lists it (null when there is none yet): a rotation that finds another key active changes nothing (409).',
      }),
  })
  .meta({ id: 'SigningKeyRotationRequest' });

export const SigningKeyRotationSchema = z
  .object({
    key: SigningKeySchema,
    retired_kid: z.string().nullable().meta({ description: 'The key it replaced, if any.' }),
  })
  .meta({ id: 'SigningKeyRotation' });

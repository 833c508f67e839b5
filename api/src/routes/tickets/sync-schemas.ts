// The offline door's requests and answers (C3, C4, C6; docs/decisions/0042-door-scans-merged-across-devices.md):
// the show's data a scanner keeps to decide alone, the batch of scans it syncs, the show's scans
// summary.
import { z } from 'zod';
import { Timestamp } from '../../http/openapi.ts';
import { bodyId } from '../../http/params.ts';
import { isStorableText, notAllowedMessage } from '../../http/validators.ts';
import {
  CheckInShowSchema,
  Counts,
  DEVICE_NAME_MAX,
  deviceId,
  deviceName,
  SCAN_TEXT_MAX,
} from './schemas.ts';

/** Scans in one sync at most; a device with more sends several. */
export const SYNC_MAX_SCANS = 500;
/**
 * The sync's body limit (app.ts leaves this path to it): 500 scans of a 300-character text with
 * their JSON, about 250 kB; the other routes keep BODY_LIMIT_BYTES.
 */
export const SYNC_BODY_MAX_BYTES = 512 * 1024;
/** How far the device's clock may be from the server's (a phone reset to 1970 is within). */
export const MAX_CLOCK_OFFSET_MS = 80 * 365.25 * 24 * 60 * 60_000;

const isoTime = (label: string) =>
  z.iso
    .datetime({ offset: true, error: `${label} must be an ISO 8601 time.` })
    .transform((text) => new Date(text))
    .refine((d) => !Number.isNaN(d.getTime()), `${label} must be an ISO 8601 time.`);

export const SyncScanSchema = z.object({
  id: z.uuid('Invalid scan id.'),
  show_id: bodyId('Invalid show id.'),
  text: z
    .string({ error: 'Enter the scanned text.' })
    .min(1, 'Enter the scanned text.')
    .max(SCAN_TEXT_MAX, `A scanned text is at most ${SCAN_TEXT_MAX} characters.`)
    .refine(isStorableText, notAllowedMessage('Text')),
  kind: z.enum(['entry', 'exit'], { error: "kind is 'entry' or 'exit'." }),
  // PostgreSQL has no year 0 (JavaScript has): such a time could not even be recorded as refused.
  scanned_at: isoTime('scanned_at').refine(
    (d) => d.getUTCFullYear() >= 1,
    'scanned_at is not a possible time.',
  ),
});

export const postCheckInSyncSchema = z.object({
  device_id: deviceId,
  device_name: deviceName,
  sent_at: isoTime('sent_at'),
  scans: z
    .array(SyncScanSchema, { error: 'scans must be a list.' })
    .min(1, 'Send at least one scan.')
    .max(SYNC_MAX_SCANS, `At most ${SYNC_MAX_SCANS} scans per sync.`),
});

const FirstSchema = z.object({
  device_id: z.uuid().nullable(),
  device_name: z.string().max(DEVICE_NAME_MAX).nullable(),
  at: Timestamp,
});

export const SyncAnswerSchema = z
  .object({
    server_time: Timestamp,
    offset_ms: z.number().int().meta({ description: 'server time minus sent_at' }),
    results: z.array(
      z.object({
        id: z.uuid(),
        outcome: z.enum(['admitted', 'readmitted', 'duplicate', 'exited', 'refused']),
        code: z.string().optional().meta({ description: 'The refusal’s error code.' }),
        seat_label: z.string().optional(),
        first: FirstSchema.optional().meta({
          description: 'For a duplicate: the admission it came after.',
        }),
      }),
    ),
    counts: z.array(Counts),
  })
  .meta({ id: 'CheckInSync' });

export const OfflineShowSchema = z
  .object({
    show: CheckInShowSchema,
    server_time: Timestamp,
    keys: z.array(z.object({ kid: z.string(), public_key: z.string() })),
    tickets: z.array(
      z.object({
        hash: z.string().meta({
          description:
            'base64url SHA-256 of the code (UUID with dashes, lowercase); never the code',
        }),
        seat_label: z.string(),
        status: z.enum(['live', 'cancelled']),
        checked_in: z.boolean(),
      }),
    ),
  })
  .meta({ id: 'CheckInOfflineShow' });

export const ShowScansSchema = z
  .object({
    counts: Counts.extend({
      inside: z.number().int().meta({ description: 'Admitted and not out (exit scans).' }),
    }),
    devices: z.array(
      z.object({
        device_id: z.uuid(),
        device_name: z.string(),
        admitted: z.number().int(),
        duplicates: z.number().int(),
        last_scan_at: Timestamp,
      }),
    ),
    duplicates: z.array(
      z.object({ seat_label: z.string(), first: FirstSchema, again: FirstSchema }),
    ),
  })
  .meta({ id: 'CheckInShowScans' });

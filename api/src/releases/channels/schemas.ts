// The channels' schemas: a canary's body, the manifest's query, and the answers showing a
// channel or the manifest.
import { z } from 'zod';
import { Timestamp } from '../../http/openapi.ts';
import { REMOTES } from '../registry/rules.ts';
import {
  CheckedEntry,
  perRemote,
  Release,
  ReleaseRowSchema,
  versionField,
} from '../registry/schemas.ts';
import { BUCKET_RANGE, PERCENT_RANGE } from './rules.ts';

/** A whole number from 0 to 100; '10' (a string) and 2.5 are refused like 101. */
export const percentField = z
  .number({ error: PERCENT_RANGE })
  .int(PERCENT_RANGE)
  .min(0, PERCENT_RANGE)
  .max(100, PERCENT_RANGE);

export const postCanarySchema = z.object({ version: versionField, percent: percentField });

/** The browser's bucket (0 to 99, see the shell's bucket.ts); without it the manifest has no
 *  report tickets. */
export const getManifestQuery = z.object({
  bucket: z
    .string({ error: BUCKET_RANGE })
    .regex(/^\d{1,2}$/, BUCKET_RANGE)
    .transform(Number)
    .optional(),
});

export const Canary = Release.extend({ percent: z.number().int(), since: Timestamp });

/** A remote's channel (channels.ts channelJson); all null before its first release. */
export const ChannelSchema = z
  .object({
    remote: z.enum(REMOTES),
    stable: Release.nullable(),
    previous_stable: Release.nullable(),
    canary: Canary.nullable(),
    rolled_back_reason: z.string().nullable(),
    rolled_back_at: Timestamp.nullable(),
    updated_at: Timestamp.nullable(),
  })
  .meta({ id: 'Channel' });

export const ChannelAnswerSchema = z.object({ channel: ChannelSchema });

export const ManifestSchema = z
  .object({
    remotes: perRemote(
      z.object({
        stable: CheckedEntry.nullable(),
        canary: CheckedEntry.extend({ percent: z.number().int() }).nullable(),
        ticket: z
          .object({ version: z.string(), value: z.string(), expires_at: Timestamp })
          .nullable()
          .meta({
            description: 'With ?bucket=N: a report ticket for the version that bucket loads',
          }),
      }),
    ),
  })
  .meta({ id: 'Manifest' });

export const PublishedSchema = z.object({
  release: ReleaseRowSchema,
  created: z.boolean(),
  stable: z.boolean(),
  channel: ChannelSchema,
});

// The previews' schemas: the body asking for a preview link, and the answers.
import { z } from 'zod';
import { Timestamp } from '../../http/openapi.ts';
import { isStorableText, notAllowedMessage } from '../../http/validators.ts';
import { REMOTES } from '../registry/rules.ts';
import { versionField } from '../registry/schemas.ts';
import {
  isLoopbackEntry,
  PREVIEW_DEFAULT_MINUTES,
  PREVIEW_MAX_MINUTES,
  PREVIEW_MIN_MINUTES,
} from './links.ts';

export const MINUTES_RANGE = `Expires in minutes must be a whole number from ${PREVIEW_MIN_MINUTES} to ${PREVIEW_MAX_MINUTES}.`;
export const LOOPBACK_ONLY =
  'Entry must be a dev server’s remoteEntry.js on this machine: http://localhost:<port>/…/remoteEntry.js or http://127.0.0.1:<port>/…/remoteEntry.js.';
export const VERSION_OR_ENTRY = 'Give either a version or an entry, not both.';

const entryField = z
  .string({ error: LOOPBACK_ONLY })
  .refine(isStorableText, notAllowedMessage('Entry'))
  .trim()
  .max(2000, LOOPBACK_ONLY)
  .refine(isLoopbackEntry, LOOPBACK_ONLY);

export const postPreviewSchema = z
  .object({
    version: versionField.optional(),
    entry: entryField.optional(),
    expires_in_minutes: z
      .number({ error: MINUTES_RANGE })
      .int(MINUTES_RANGE)
      .min(PREVIEW_MIN_MINUTES, MINUTES_RANGE)
      .max(PREVIEW_MAX_MINUTES, MINUTES_RANGE)
      .default(PREVIEW_DEFAULT_MINUTES),
  })
  .superRefine((body, ctx) => {
    if ((body.version === undefined) === (body.entry === undefined)) {
      ctx.addIssue({ code: 'custom', path: ['version'], message: VERSION_OR_ENTRY });
    }
  });

const previewFields = {
  remote: z.enum(REMOTES),
  version: z.string().nullable().meta({ description: 'null: a dev server’s entry' }),
  entry: z.string(),
  integrity: z.string().nullable(),
  expires_at: Timestamp,
};

export const PreviewSchema = z.object(previewFields).meta({ id: 'Preview' });

export const PreviewLinkSchema = z
  .object({ url: z.string(), token: z.string(), ...previewFields })
  .meta({ id: 'PreviewLink' });

// The registry's schemas: the fields naming a remote and a version, the body of a publish, and
// the answers about releases. Remotes are checked by the handlers (an unknown one is a 404, not a
// 400).
import { z } from 'zod';
import { Timestamp } from '../../http/openapi.ts';
import { isStorableText, notAllowedMessage, requiredText } from '../../http/validators.ts';
import { REMOTES } from './rules.ts';

/** Safe in a URL path segment and a folder name: `0.1.0-1a2b3c4d`, `2.0.0-rc.1+abc`. */
export const VERSION_PATTERN = /^[0-9A-Za-z][0-9A-Za-z.+_-]{0,63}$/;
export const VERSION_REQUIRED = 'Version is required.';
export const VERSION_INVALID =
  'Version must be 1 to 64 letters, digits, dots, dashes, underscores or pluses.';

export const versionField = z
  .string({ error: VERSION_REQUIRED })
  .trim()
  .min(1, VERSION_REQUIRED)
  .regex(VERSION_PATTERN, VERSION_INVALID);

export const remoteField = requiredText('Remote is required.');

export const ENTRY_INVALID = 'Entry must be an http(s) URL of the remote entry.';

const entryField = z
  .string({ error: ENTRY_INVALID })
  // The URL parser would accept a NUL in the path; PostgreSQL would not store it.
  .refine(isStorableText, notAllowedMessage('Entry'))
  .trim()
  .max(2000, ENTRY_INVALID)
  .refine((value) => {
    try {
      const url = new URL(value);
      return url.protocol === 'http:' || url.protocol === 'https:';
    } catch {
      return false;
    }
  }, ENTRY_INVALID);

export const SHARED_INVALID = 'Shared must map each shared package to the version built with.';

const sharedField = z
  .record(z.string().min(1).max(214), z.string().min(1).max(64), { error: SHARED_INVALID })
  .refine((shared) => Object.keys(shared).length <= 100, SHARED_INVALID)
  .refine(
    (shared) => Object.entries(shared).every(([k, v]) => isStorableText(k) && isStorableText(v)),
    notAllowedMessage('Shared'),
  );

/** The entry's Subresource Integrity: SHA-384 only (what publishing computes), 48 bytes base64. */
export const INTEGRITY_PATTERN = /^sha384-[A-Za-z0-9+/]{64}$/;
export const INTEGRITY_INVALID =
  'Integrity must be the SHA-384 of the entry as sha384-<64 base64 characters>.';

const integrityField = z
  .string({ error: INTEGRITY_INVALID })
  .regex(INTEGRITY_PATTERN, INTEGRITY_INVALID);

/** The entry's integrity in an answer: null for releases recorded before it was kept. */
const Integrity = z.string().nullable().meta({
  description: "The entry's Subresource Integrity (sha384-...); null for older releases",
});

export const postReleaseSchema = z.object({
  remote: remoteField,
  version: versionField,
  entry: entryField,
  // Optional for clients from before it existed; the release CLI always sends it.
  integrity: integrityField.optional(),
  shared: sharedField.default({}),
  make_stable: z.boolean({ error: 'make_stable must be true or false.' }).default(false),
});

/** One entry per remote, every remote always present (a record would leave them optional). */
export function perRemote<Entry extends z.ZodType>(entry: Entry) {
  return z.object({ auth: entry, user: entry, owner: entry, admin: entry });
}

export const Release = z.object({
  version: z.string(),
  entry: z.string(),
  published_at: Timestamp,
});
export const Entry = z.object({ version: z.string(), entry: z.string() });
/** A release as the manifest hands it to the shell: with the integrity its entry must have. */
export const CheckedEntry = Entry.extend({ integrity: Integrity });

export const ReleaseRowSchema = z.object({
  remote: z.enum(REMOTES),
  version: z.string(),
  entry: z.string(),
  integrity: Integrity,
  shared: z.record(z.string(), z.string()),
  published_at: Timestamp,
  published_by: z.object({ id: z.number().int(), username: z.string().nullable() }).nullable(),
});

export const VersionsSchema = z.object({
  remote: z.enum(REMOTES),
  versions: z.array(ReleaseRowSchema.extend({ stable: z.boolean(), canary: z.boolean() })),
});

// The field validators every resource's schemas share, so that nothing reaches PostgreSQL that it
// would refuse with an error (a 500): text it can store, dates in a sane range, times of day.
// PostgreSQL refuses NUL in text and in JSON ("invalid byte sequence", "unsupported Unicode
// escape sequence"), a lone UTF-16 surrogate has no UTF-8 form at all, and PostgreSQL has no year
// 0 where JavaScript has one ('0000-01-01' parses in JavaScript, then fails in SQL).
import { z } from 'zod';

// ---- text ---------------------------------------------------------------------------------------

/** Text PostgreSQL can store as sent: no NUL, no lone half of a surrogate pair. */
export function isStorableText(text: string): boolean {
  return !text.includes('\u0000') && text.isWellFormed();
}

/** The field message for text that is not storable. */
export const notAllowedMessage = (label: string) =>
  `${label} contains characters that are not allowed.`;

/** 'Title is required.' -> 'Title'; a message of another shape gives 'This field'. */
function labelOf(requiredMessage: string): string {
  return /^(.+?) is required\.?$/.exec(requiredMessage)?.[1] ?? 'This field';
}

/**
 * Line breaks of every kind: LF, CR, VT, FF, NEL and the line and paragraph separators. A title
 * or a name is shown on one line and goes into email subjects, where a break would start a header.
 */
const LINE_BREAK = /[\n\r\v\f\u0085\u2028\u2029]/;

/** Whether `text` has no line break (see LINE_BREAK). */
export function isSingleLine(text: string): boolean {
  return !LINE_BREAK.test(text);
}

/** The field message for a line break in a single-line field. */
export const oneLineMessage = (label: string) => `${label} must be on one line.`;

/**
 * A string that must be present, storable, on one line, and non-blank after trimming. A missing
 * value, a non-string or blank text gets `message`; NUL or a lone surrogate gets '<label> contains
 * characters that are not allowed.' (label from the message: 'Title is required.' -> 'Title'); a
 * line break inside it (surrounding ones are trimmed) '<label> must be on one line.'.
 */
export const requiredText = (message: string, label = labelOf(message)) =>
  z
    .string({ error: message })
    .refine(isStorableText, notAllowedMessage(label))
    .trim()
    .refine(isSingleLine, oneLineMessage(label))
    .min(1, message);

/** requiredText that keeps line breaks: for free text written in paragraphs (a description). */
export const requiredMultilineText = (message: string, label = labelOf(message)) =>
  z
    .string({ error: message })
    .refine(isStorableText, notAllowedMessage(label))
    .trim()
    .min(1, message);

/** An optional string (null and absent are null), storable, cut to `max` characters, never inside
 *  a surrogate pair: for free text that is kept short rather than refused. */
export const optionalCutText = (label: string, max: number) =>
  z
    .string({ error: `${label} must be text.` })
    .refine(isStorableText, notAllowedMessage(label))
    .nullish()
    .transform((text) => (text ? cutText(text, max) : null));

/** The first `max` UTF-16 units of `text`, one fewer when that would split a surrogate pair. */
export function cutText(text: string, max: number): string {
  if (text.length <= max) return text;
  const code = text.charCodeAt(max - 1);
  const splitsPair = code >= 0xd800 && code <= 0xdbff;
  return text.slice(0, splitsPair ? max - 1 : max);
}

/**
 * Control (Cc), format (Cf: zero-width space and joiners, BOM, direction overrides, soft hyphen),
 * line and paragraph separator (Zl, Zp) characters and lone surrogates (Cs): invisible or
 * misleading in a name shown to other people ('admin\u200b' displays as 'admin').
 */
const INVISIBLE = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Cs}]/u;

/** Whether `text` has no control, format, separator or lone surrogate characters. */
export function isVisibleText(text: string): boolean {
  return !INVISIBLE.test(text);
}

/**
 * Every string in a parsed input, with its path, that is not storable (see isStorableText): the
 * last check of `validate()`, for any field (or record key) whose schema does not refuse it itself.
 */
export function unstorableStrings(value: unknown, path: string[] = []): string[][] {
  if (typeof value === 'string') return isStorableText(value) ? [] : [path];
  if (Array.isArray(value))
    return value.flatMap((item, i) => unstorableStrings(item, [...path, String(i)]));
  if (value !== null && typeof value === 'object') {
    return Object.entries(value).flatMap(([key, item]) =>
      // A bad key (in a record) is reported on the record itself, not under an unprintable name.
      isStorableText(key) ? unstorableStrings(item, [...path, key]) : [path],
    );
  }
  return [];
}

/** 'email_or_username' -> 'Email or username': a label for a field known only by its name. */
export function labelOfField(name: string): string {
  const words = name.replaceAll('_', ' ').trim();
  return words ? words[0]?.toUpperCase() + words.slice(1) : 'This field';
}

// ---- dates and times ----------------------------------------------------------------------------

/** The years a date may have anywhere in the product (release dates, report ranges, shows). */
export const MIN_YEAR = 1900;
export const MAX_YEAR = 2100;
export const DATE_INVALID = 'Enter a valid date (YYYY-MM-DD).';
export const DATE_RANGE = `Enter a date from ${MIN_YEAR} to ${MAX_YEAR}.`;

/** A real calendar date written 'YYYY-MM-DD' (any year JavaScript can represent). */
export function isIsoDate(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const d = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === text;
}

/** A 'YYYY-MM-DD' date whose year is MIN_YEAR..MAX_YEAR (false for anything else). */
export function isDateInRange(text: string): boolean {
  const year = Number(text.slice(0, 4));
  return isIsoDate(text) && year >= MIN_YEAR && year <= MAX_YEAR;
}

/**
 * A required 'YYYY-MM-DD' date, trimmed: `required` when missing or blank, `invalid` when not a
 * real date, `range` when its year is outside MIN_YEAR..MAX_YEAR.
 */
export const isoDate = ({
  required,
  invalid = DATE_INVALID,
  range = DATE_RANGE,
}: {
  required: string;
  invalid?: string;
  range?: string;
}) =>
  z
    .string({ error: required })
    .trim()
    .min(1, required)
    // Each check only where the one before passed, so a field gets one clear message.
    .refine((v) => v === '' || isIsoDate(v), invalid)
    .refine((v) => !isIsoDate(v) || isDateInRange(v), range);

/** An optional date in the query string: empty or absent is null; else as isoDate. */
export const optionalIsoDate = ({
  invalid = DATE_INVALID,
  range = DATE_RANGE,
}: {
  invalid?: string;
  range?: string;
} = {}) =>
  z
    .string({ error: invalid })
    .optional()
    .transform((v) => v?.trim() || null)
    .refine((v) => v === null || isIsoDate(v), invalid)
    .refine((v) => v === null || !isIsoDate(v) || isDateInRange(v), range);

export const TIME_INVALID = 'Enter a valid time (HH:MM).';
export const TIME_PATTERN = /^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/;

/** A required time of day 'HH:MM' (seconds, if sent, are dropped). */
export const timeOfDay = (required: string, invalid = TIME_INVALID) =>
  z
    .string({ error: required })
    .trim()
    .min(1, required)
    .regex(TIME_PATTERN, invalid)
    .transform((t) => t.slice(0, 5));

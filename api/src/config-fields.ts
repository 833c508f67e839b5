// The zod pieces config.ts builds the environment's schema from (pure: no environment read here).
import { z } from 'zod';
import type { LogFormat } from './logger.ts';

// Empty strings count as unset: `FOO=` in a shell or .env file means "no value".
export const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
    schema.optional(),
  );

export const intInRange = (name: string, min: number, max: number) =>
  z
    .string()
    .trim()
    .regex(/^\d+$/, `${name} must be a whole number`)
    .transform(Number)
    .refine((n) => n >= min && n <= max, `${name} must be between ${min} and ${max}`);

export const boolFlag = (name: string) =>
  z
    .string()
    .trim()
    .toLowerCase()
    .refine((v) => ['1', '0', 'true', 'false', 'yes', 'no', 'on', 'off'].includes(v), {
      message: `${name} must be true or false`,
    })
    .transform((v) => ['1', 'true', 'yes', 'on'].includes(v));

/** True for a time zone name both the JS runtime and PostgreSQL know, like 'Asia/Kolkata'. */
export function isTimeZone(name: string): boolean {
  // Only IANA-style names (Area/City, or UTC): PostgreSQL also takes POSIX strings like 'EST5EDT'
  // and reads '+05:30' with the opposite sign, which would silently shift every show.
  if (!/^(UTC|[A-Za-z]+(\/[A-Za-z0-9_+-]+)+)$/.test(name)) return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

/** LOG_FORMAT: text (the default, for a person) or json (one object per line, for a collector). */
export const logFormat = z
  .string()
  .trim()
  .toLowerCase()
  .refine((v) => v === 'text' || v === 'json', { message: 'LOG_FORMAT must be text or json' })
  .transform((v) => v as LogFormat);

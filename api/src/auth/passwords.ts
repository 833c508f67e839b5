// Password hashing: argon2id with OWASP's parameters (m=19 MiB, t=2, p=1), native @node-rs/argon2.
import { type Algorithm, hash, verify } from '@node-rs/argon2';

export const ARGON2_OPTIONS = {
  // Algorithm.Argon2id; the package's const enum cannot be read under isolatedModules.
  algorithm: 2 as Algorithm,
  memoryCost: 19456,
  timeCost: 2,
  parallelism: 1,
} as const;

/** Every hash made with the current parameters starts like this. */
const CURRENT_PREFIX = '$argon2id$v=19$m=19456,t=2,p=1$';

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

/** False for a wrong password and for a hash that cannot be read (never throws for those). */
export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/** True when the hash was made with other parameters and should be replaced at the next login. */
export function needsRehash(passwordHash: string): boolean {
  return !passwordHash.startsWith(CURRENT_PREFIX);
}

let dummy: Promise<string> | undefined;

/** The hash an unknown user's password is checked against: made once, at the current cost. */
export function dummyPasswordHash(): Promise<string> {
  dummy ??= hashPassword('not-a-real-password');
  return dummy;
}

/**
 * Spends the same time as checking a real password, for an unknown user, so the response time
 * does not tell whether an account exists: the same argon2id check at the same cost. Always false.
 */
export async function verifyDummyPassword(password: string): Promise<false> {
  await verifyPassword(await dummyPasswordHash(), password);
  return false;
}

// Ticket passes signed by the show's owner (docs/decisions/0041-signed-ticket-passes.md): the text
// of a ticket's QR code (packages/contract/src/ticket-pass.js), which a door scanner checks with
// the owner's public keys and no network. Each owner has one active Ed25519 key (WebCrypto), made
// on first use; a rotation retires it and makes the next, and retired keys keep verifying.
// Private keys rest sealed (AES-256-GCM) under a key derived from the server secret.
import { Buffer } from 'node:buffer';
import { formatPassBody } from '../../../packages/contract/src/index.js';
import { recordAudit } from '../audit/sql.ts';
import { purposeMac } from '../auth/secrets.ts';
import type { Db, Queryable } from '../db/db.ts';
import { transactionWithRetry } from '../db/retry.ts';
import {
  activeKidsOfShows,
  findActiveKid,
  findSealedKey,
  insertSigningKey,
  listSigningKeys,
  lockOwnerKeys,
  recentKeyTimes,
  retireActiveKey,
  retireUnreadableKey,
  type SigningKeyRow,
} from './sql.ts';

const ED25519 = { name: 'Ed25519' };
const AES_GCM = 'AES-GCM';
const NONCE_BYTES = 12;

/** Keys an owner may make (first key and rotations) in ROTATION_WINDOW_MS; more is a 429. */
export const MAX_KEYS_PER_WINDOW = 10;
export const ROTATION_WINDOW_MS = 24 * 60 * 60_000;

/** What a pass is made of: the ticket's show, seat ('C7') and code (a UUID). */
export interface PassTicket {
  show_id: number;
  seat_label: string;
  code: string;
}

export interface Signer {
  /** The server secret (config.jwtSecret) the private keys are sealed under. */
  secret: string;
  /** When a first key is made (its created_at). */
  now: Date;
}

// ---- sealing ----------------------------------------------------------------------------------

const sealingMac = purposeMac('cinebook ticket signing keys v1');
const sealingKeys = new Map<string, Promise<CryptoKey>>();

function sealingKey(secret: string): Promise<CryptoKey> {
  let key = sealingKeys.get(secret);
  if (!key) {
    const raw = new Uint8Array(sealingMac(secret, 'aes-256-gcm'));
    key = crypto.subtle.importKey('raw', raw, AES_GCM, false, ['encrypt', 'decrypt']);
    sealingKeys.set(secret, key);
  }
  return key;
}

// The sealed bytes are bound to their row: a sealed key copied onto another kid or owner does
// not open.
const boundTo = (kid: string, ownerId: number) => new TextEncoder().encode(`${kid}\0${ownerId}`);

async function seal(secret: string, kid: string, ownerId: number, pkcs8: ArrayBuffer) {
  const iv = crypto.getRandomValues(new Uint8Array(NONCE_BYTES));
  const box = await crypto.subtle.encrypt(
    { name: AES_GCM, iv, additionalData: boundTo(kid, ownerId) },
    await sealingKey(secret),
    pkcs8,
  );
  return Buffer.concat([iv, new Uint8Array(box)]);
}

async function unseal(
  secret: string,
  kid: string,
  ownerId: number,
  sealed: Uint8Array<ArrayBuffer>,
) {
  let pkcs8: ArrayBuffer;
  try {
    pkcs8 = await crypto.subtle.decrypt(
      {
        name: AES_GCM,
        iv: sealed.subarray(0, NONCE_BYTES),
        additionalData: boundTo(kid, ownerId),
      },
      await sealingKey(secret),
      sealed.subarray(NONCE_BYTES),
    );
  } catch {
    // The server secret is not the one the key was sealed under (JWT_SECRET was changed):
    // passesOf replaces the key (replaceUnreadableKey).
    throw new SealedUnderAnotherSecret(kid);
  }
  return await crypto.subtle.importKey('pkcs8', pkcs8, ED25519, false, ['sign']);
}

/** A key sealed under another server secret than this instance's. */
class SealedUnderAnotherSecret extends Error {
  constructor(kid: string) {
    super(`Ticket signing key ${kid} does not open with this server secret.`);
  }
}

// ---- keys -------------------------------------------------------------------------------------

// Private keys by kid. A kid names one key for good, so a cached key is never stale; rotations
// (here or on another instance) change which kid is active, and that is read from the database
// every time (activeKidsOfShows, findActiveKid). Bounded, oldest out first.
const privateKeys = new Map<string, Promise<CryptoKey>>();
const MAX_CACHED_KEYS = 1_000;

function privateKeyOf(q: Queryable, secret: string, kid: string): Promise<CryptoKey> {
  // By secret too: a key is only ever used where it opens with the instance's own secret.
  const cacheKey = `${kid}\0${secret}`;
  let key = privateKeys.get(cacheKey);
  if (!key) {
    key = (async () => {
      const row = await findSealedKey(q, kid);
      if (!row) throw new Error(`Ticket signing key ${kid} is gone.`);
      const sealed = new Uint8Array(Buffer.from(row.sealed_hex, 'hex'));
      return await unseal(secret, kid, row.owner_id, sealed);
    })();
    key.catch(() => privateKeys.delete(cacheKey));
    const oldest = privateKeys.keys().next().value;
    if (privateKeys.size >= MAX_CACHED_KEYS && oldest !== undefined) privateKeys.delete(oldest);
    privateKeys.set(cacheKey, key);
  }
  return key;
}

/** 6 random bytes as 8 base64url characters. */
function newKid(): string {
  return Buffer.from(crypto.getRandomValues(new Uint8Array(6))).toString('base64url');
}

/**
 * Makes a key and adds it as the owner's active one, unless the owner has one already: the kid
 * added, or null (then another call's key is active).
 */
async function addKey(q: Queryable, ownerId: number, { secret, now }: Signer) {
  const pair = (await crypto.subtle.generateKey(ED25519, true, [
    'sign',
    'verify',
  ])) as CryptoKeyPair;
  const raw = Buffer.from(await crypto.subtle.exportKey('raw', pair.publicKey));
  const kid = newKid();
  const sealed = await seal(
    secret,
    kid,
    ownerId,
    await crypto.subtle.exportKey('pkcs8', pair.privateKey),
  );
  const added = await insertSigningKey(q, {
    kid,
    ownerId,
    publicHex: raw.toString('hex'),
    sealedHex: sealed.toString('hex'),
    now,
  });
  return added ? kid : null;
}

/** The owner's active kid, the key made now if it has none (race-safe: one key either way). */
async function activeKidOf(q: Queryable, ownerId: number, signer: Signer): Promise<string> {
  for (let attempt = 0; attempt < 3; attempt++) {
    const kid = (await findActiveKid(q, ownerId)) ?? (await addKey(q, ownerId, signer));
    if (kid) return kid;
    // Nothing added and nothing found: the random kid was taken (2^-48), or the active key was
    // retired in between. Again.
  }
  throw new Error(`No ticket signing key could be made for owner ${ownerId}.`);
}

/**
 * How old an unreadable active key must be before it is replaced: instances that disagree on the
 * secret (a deploy half done) replace each other's keys at most this often, not on every request.
 */
export const UNREADABLE_KEY_GRACE_MS = 10 * 60_000;

/**
 * The owner's active kid if this instance can sign with it; else (the server secret changed
 * since it was made) it is retired, kept verifying the passes it signed, and a new key made:
 * no owner's tickets stop signing until someone rotates by hand. Race-safe without a lock: one
 * conditional UPDATE retires it once, and activeKidOf makes one key.
 */
async function usableKidOf(db: Db, ownerId: number, kid: string, signer: Signer): Promise<string> {
  try {
    await privateKeyOf(db, signer.secret, kid);
    return kid;
  } catch (error) {
    if (!(error instanceof SealedUnderAnotherSecret)) throw error;
  }
  const youngerThan = new Date(signer.now.getTime() - UNREADABLE_KEY_GRACE_MS);
  const replaced = await db.transaction(async (tx) => {
    if (!(await retireUnreadableKey(tx, kid, signer.now, youngerThan))) return null;
    const next = await activeKidOf(tx, ownerId, signer);
    await recordAudit(tx, {
      at: signer.now,
      actorId: null,
      action: 'signing_key.rotated',
      entity: { kind: 'signing_key', id: next },
      details: { retired_kid: kid, reason: 'sealed under another server secret' },
    });
    return next;
  });
  if (replaced) return replaced;
  // Another call replaced it meanwhile, or it is too young to replace (then this fails).
  const active = await activeKidOf(db, ownerId, signer);
  if (active === kid) throw new SealedUnderAnotherSecret(kid);
  return active;
}

// ---- passes -----------------------------------------------------------------------------------

/**
 * The passes of these tickets, in their order, each signed with its show's owner's active key
 * (made on first use). Deterministic (Ed25519): the same ticket and key give the same text.
 */
export async function passesOf(
  q: Db,
  tickets: readonly PassTicket[],
  signer: Signer,
): Promise<string[]> {
  if (tickets.length === 0) return [];
  const showIds = [...new Set(tickets.map((t) => t.show_id))];
  const rows = await activeKidsOfShows(q, showIds);
  const ownerOfShow = new Map(rows.map((r) => [r.show_id, r.owner_id]));
  const kidOfOwner = new Map<number, string>();
  for (const row of rows) {
    if (row.kid) kidOfOwner.set(row.owner_id, row.kid);
  }
  for (const owner of new Set(ownerOfShow.values())) {
    const kid = kidOfOwner.get(owner) ?? (await activeKidOf(q, owner, signer));
    kidOfOwner.set(owner, await usableKidOf(q, owner, kid, signer));
  }
  return await Promise.all(
    tickets.map(async (t) => {
      const owner = ownerOfShow.get(t.show_id);
      const kid = owner === undefined ? undefined : kidOfOwner.get(owner);
      if (!kid) throw new Error(`Show ${t.show_id} has no owner to sign its tickets.`);
      const body = formatPassBody({
        kid,
        showId: t.show_id,
        seatLabel: t.seat_label,
        code: t.code,
      });
      const key = await privateKeyOf(q, signer.secret, kid);
      const sig = await crypto.subtle.sign(ED25519, key, new TextEncoder().encode(body));
      return `${body}.${Buffer.from(sig).toString('base64url')}`;
    }),
  );
}

/** The pass of one ticket (passesOf). */
export async function passOf(q: Db, ticket: PassTicket, signer: Signer): Promise<string> {
  const [pass] = await passesOf(q, [ticket], signer);
  return pass as string;
}

/**
 * The owner's public keys, active and retired, newest first, as scanners take them: {kid,
 * public_key} with public_key the base64url of the 32 raw bytes.
 */
export async function publicKeysOf(
  q: Queryable,
  ownerId: number,
): Promise<{ kid: string; public_key: string }[]> {
  return (await listSigningKeys(q, ownerId)).map(({ kid, public_key }) => ({ kid, public_key }));
}

/** The owner's keys with their dates (the owner's list), newest first. */
export async function signingKeysOf(q: Queryable, ownerId: number): Promise<SigningKeyRow[]> {
  return await listSigningKeys(q, ownerId);
}

export type Rotation =
  | { ok: true; key: SigningKeyRow; retired_kid: string | null }
  | { ok: false; retryAfterSeconds: number }
  /** The active key is not the one the caller meant to retire (another rotation came first). */
  | { ok: false; activeKid: string | null };

/**
 * Retires the owner's active key (it stays listed and verifying) and makes the next, with an
 * audit record, in one transaction; rotations of one owner take turns. At most
 * MAX_KEYS_PER_WINDOW keys a window: the door's offline data carries every key.
 */
export async function rotateSigningKey(
  db: Db,
  {
    ownerId,
    actorId,
    retire,
    signer,
  }: { ownerId: number; actorId: number; retire: string | null; signer: Signer },
): Promise<Rotation> {
  const { now } = signer;
  return await transactionWithRetry(db, async (tx): Promise<Rotation> => {
    await lockOwnerKeys(tx, ownerId);
    // The caller names the key it saw active: a double click or two admins' tabs retire it once.
    const activeKid = await findActiveKid(tx, ownerId);
    if (activeKid !== retire) return { ok: false, activeKid };
    const since = new Date(now.getTime() - ROTATION_WINDOW_MS);
    const recent = await recentKeyTimes(tx, ownerId, since);
    if (recent.length >= MAX_KEYS_PER_WINDOW) {
      const oldest = recent[recent.length - MAX_KEYS_PER_WINDOW] as Date;
      const wait = oldest.getTime() + ROTATION_WINDOW_MS - now.getTime();
      return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil(wait / 1000)) };
    }
    const retired = await retireActiveKey(tx, ownerId, now);
    const kid = await addKey(tx, ownerId, signer);
    // Under the lock with the active key just retired, only a taken random kid stops the insert.
    if (!kid) throw new Error('A ticket signing key id was taken; rotate again.');
    await recordAudit(tx, {
      at: now,
      actorId,
      action: 'signing_key.rotated',
      entity: { kind: 'signing_key', id: kid },
      details: { retired_kid: retired },
    });
    const key = (await listSigningKeys(tx, ownerId)).find((k) => k.kid === kid) as SigningKeyRow;
    return { ok: true, key, retired_kid: retired };
  });
}

/* @ts-self-types="./ticket-pass.d.ts" */
// A ticket's signed pass: the text of its QR code, which any scanner can check with the owner's
// public keys and no network (docs/decisions/0041-signed-ticket-passes.md):
//   CB1.<kid>.<show_id>.<seat_label>.<code>.<sig>
// sig is the Ed25519 signature (WebCrypto, base64url without padding) of the UTF-8 bytes of
// everything before the last '.'. Pure: only crypto.subtle, atob/btoa and TextEncoder, which the
// API (Deno), Node and the browsers all have. The API signs (api/src/tickets/signing.ts); this
// file formats, parses and verifies.

export const PASS_PREFIX = 'CB1';

/** Longer than any pass can be; longer text is refused before any work. */
const MAX_PASS_LENGTH = 300;
const KID = /^[A-Za-z0-9_-]{8}$/;
const SHOW_ID = /^[1-9][0-9]{0,14}$/;
// A row of letters and a column from 1 (seats in migrations/0003_booking.sql: 'A'..'Z', 1..30).
const SEAT_LABEL = /^[A-Z]{1,3}[1-9][0-9]{0,2}$/;
const CODE_HEX = /^[0-9a-f]{32}$/;
// 64 signature bytes are 86 base64url characters.
const SIG = /^[A-Za-z0-9_-]{86}$/;
const PUBLIC_KEY = /^[A-Za-z0-9_-]{43}$/;

const ED25519 = { name: 'Ed25519' };

/**
 * 32 lowercase hex digits -> the UUID with dashes, else null.
 * @param {string} hex
 */
function canonicalHex(hex) {
  if (!CODE_HEX.test(hex)) return null;
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * Bytes -> base64url without padding.
 * @param {Uint8Array} bytes
 */
function toBase64url(bytes) {
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/**
 * base64url without padding -> bytes, or null. Only the canonical spelling is accepted (the unused
 * low bits of the last character are zero), so one signature has exactly one text.
 * @param {string} text
 * @returns {Uint8Array<ArrayBuffer> | null}
 */
function fromBase64url(text) {
  let binary;
  try {
    binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
  } catch {
    return null;
  }
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return toBase64url(bytes) === text ? bytes : null;
}

/**
 * The text that is signed: `CB1.<kid>.<show_id>.<seat_label>.<code as 32 lowercase hex>`.
 * `code` may be given with or without dashes, in any case. Throws on a field that cannot be in a
 * pass (the signer's bug, never a user's input).
 * @param {{kid: string, showId: number, seatLabel: string, code: string}} fields
 * @returns {string}
 */
export function formatPassBody({ kid, showId, seatLabel, code }) {
  const hex = String(code).replace(/-/g, '').toLowerCase();
  const show = String(showId);
  if (!KID.test(kid) || !SHOW_ID.test(show) || !SEAT_LABEL.test(seatLabel) || !CODE_HEX.test(hex)) {
    throw new TypeError('formatPassBody: a field cannot be put in a pass');
  }
  return `${PASS_PREFIX}.${kid}.${show}.${seatLabel}.${hex}`;
}

/**
 * The fields of a pass, or null when `text` is not one (its signature unchecked). `code` is the
 * ticket code as the database keeps it (UUID with dashes, lowercase); `body` the signed text.
 * @param {string} text
 */
export function parsePass(text) {
  if (typeof text !== 'string' || text.length > MAX_PASS_LENGTH) return null;
  const parts = text.split('.');
  if (parts.length !== 6) return null;
  const [prefix = '', kid = '', show = '', seatLabel = '', hex = '', sig = ''] = parts;
  if (prefix !== PASS_PREFIX || !KID.test(kid) || !SHOW_ID.test(show)) return null;
  if (!SEAT_LABEL.test(seatLabel) || !SIG.test(sig)) return null;
  const code = canonicalHex(hex);
  const showId = Number(show);
  if (!code || !Number.isSafeInteger(showId)) return null;
  return { kid, showId, seatLabel, code, body: text.slice(0, text.lastIndexOf('.')), sig };
}

// Imported public keys by their base64url text: a scanner checks thousands of passes against a
// handful of keys. Bounded, so a caller passing ever-new keys cannot grow it without end.
/** @type {Map<string, Promise<CryptoKey | null>>} */
const imported = /* @__PURE__ */ new Map();
const MAX_IMPORTED = 64;

/**
 * @param {string} publicKey
 * @returns {Promise<CryptoKey | null>}
 */
function importPublicKey(publicKey) {
  let key = imported.get(publicKey);
  if (!key) {
    const raw = PUBLIC_KEY.test(publicKey) ? fromBase64url(publicKey) : null;
    key = raw
      ? crypto.subtle.importKey('raw', raw, ED25519, false, ['verify']).catch(() => null)
      : Promise.resolve(null);
    const oldest = imported.keys().next().value;
    if (imported.size >= MAX_IMPORTED && oldest !== undefined) imported.delete(oldest);
    imported.set(publicKey, key);
  }
  return key;
}

/**
 * Checks a pass against public keys ({kid, public_key}: base64url of the 32 raw bytes):
 * malformed (not a pass), unknown_key (no usable key of that kid), bad_signature. Throws only
 * where there is no WebCrypto (a page not in a secure context: not HTTPS, not localhost), rather
 * than refuse every ticket for a reason that is not the ticket's.
 * @param {string} text
 * @param {ReadonlyArray<{kid: string, public_key: string}>} keys
 */
export async function verifyPass(text, keys) {
  if (!globalThis.crypto?.subtle) {
    throw new Error('verifyPass needs WebCrypto (crypto.subtle): serve the page over HTTPS.');
  }
  const pass = parsePass(text);
  if (!pass) return { ok: false, reason: 'malformed' };
  const entry = Array.isArray(keys) ? keys.find((k) => k && k.kid === pass.kid) : undefined;
  const key =
    entry && typeof entry.public_key === 'string' ? await importPublicKey(entry.public_key) : null;
  if (!key) return { ok: false, reason: 'unknown_key' };
  const sig = fromBase64url(pass.sig);
  if (sig?.length !== 64) return { ok: false, reason: 'malformed' };
  let good = false;
  try {
    good = await crypto.subtle.verify(ED25519, key, sig, new TextEncoder().encode(pass.body));
  } catch {
    good = false;
  }
  return good ? { ok: true, pass } : { ok: false, reason: 'bad_signature' };
}

/**
 * The ticket code (UUID with dashes, lowercase) of what a scanner read or a person typed: a code
 * in any case with spaces or dashes anywhere ('3F0C1A52 8A4E ...'), or a pass (its code field,
 * signature unchecked). Null for anything else.
 * @param {string} text
 * @returns {string | null}
 */
export function codeOfScan(text) {
  if (typeof text !== 'string' || text.length > MAX_PASS_LENGTH) return null;
  if (text.startsWith(`${PASS_PREFIX}.`)) return parsePass(text)?.code ?? null;
  return canonicalHex(text.replace(/[\s-]/g, '').toLowerCase());
}

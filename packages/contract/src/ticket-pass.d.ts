// Types of ticket-pass.js (see there, and docs/decisions/0041-signed-ticket-passes.md).

export declare const PASS_PREFIX: 'CB1';

export interface PassFields {
  /** The signing key's id: 8 base64url characters. */
  kid: string;
  showId: number;
  /** 'C7'. */
  seatLabel: string;
  /** The ticket code; formatPassBody takes it with or without dashes. */
  code: string;
}

export interface ParsedPass extends PassFields {
  /** The ticket code as the database keeps it: UUID with dashes, lowercase. */
  code: string;
  /** The signed text: everything before the last '.'. */
  body: string;
  /** base64url (no padding) Ed25519 signature of `body`. */
  sig: string;
}

/** A public key as it travels: base64url (no padding) of the 32 raw Ed25519 bytes. */
export interface PublicPassKey {
  kid: string;
  public_key: string;
}

export type PassVerdict =
  | { ok: true; pass: ParsedPass }
  | { ok: false; reason: 'malformed' | 'unknown_key' | 'bad_signature' };

export declare function formatPassBody(fields: PassFields): string;
export declare function parsePass(text: string): ParsedPass | null;
/** Throws only where WebCrypto is missing (not a secure context). */
export declare function verifyPass(
  text: string,
  keys: ReadonlyArray<PublicPassKey>,
): Promise<PassVerdict>;
export declare function codeOfScan(text: string): string | null;

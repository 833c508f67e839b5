import { describe, expect, it, vi } from 'vitest';
import { codeOfScan, formatPassBody, PASS_PREFIX, parsePass, verifyPass } from './index.js';

const ED25519 = { name: 'Ed25519' };
const CODE = '3f0c1a52-8a4e-4c1b-9d2e-0123456789ab';

function b64url(bytes: ArrayBuffer | Uint8Array): string {
  return Buffer.from(bytes as ArrayBuffer).toString('base64url');
}

async function newKey(kid: string) {
  const pair = (await crypto.subtle.generateKey(ED25519, true, [
    'sign',
    'verify',
  ])) as CryptoKeyPair;
  const raw = await crypto.subtle.exportKey('raw', pair.publicKey);
  return { kid, privateKey: pair.privateKey, public: { kid, public_key: b64url(raw) } };
}

async function sign(
  key: { kid: string; privateKey: CryptoKey },
  fields = { showId: 42, seatLabel: 'C7', code: CODE },
) {
  const body = formatPassBody({ kid: key.kid, ...fields });
  const sig = await crypto.subtle.sign(ED25519, key.privateKey, new TextEncoder().encode(body));
  return `${body}.${b64url(sig)}`;
}

/** The pass with field `index` (0 = prefix .. 5 = sig) replaced. */
function withField(pass: string, index: number, value: string): string {
  const parts = pass.split('.');
  parts[index] = value;
  return parts.join('.');
}

describe('signed ticket passes', () => {
  it('round-trips: a signed pass verifies and gives back its fields', async () => {
    const key = await newKey('Ab3_-x9Z');
    const pass = await sign(key);
    expect(pass.startsWith(`${PASS_PREFIX}.Ab3_-x9Z.42.C7.3f0c1a528a4e4c1b9d2e0123456789ab.`)).toBe(
      true,
    );
    expect(pass).toMatch(/^[\x21-\x7e]+$/);
    const verdict = await verifyPass(pass, [key.public]);
    expect(verdict).toEqual({
      ok: true,
      pass: {
        kid: 'Ab3_-x9Z',
        showId: 42,
        seatLabel: 'C7',
        code: CODE,
        body: pass.slice(0, pass.lastIndexOf('.')),
        sig: pass.split('.')[5],
      },
    });
  });

  it('verifies with a retired key among the keys, and picks the key by kid', async () => {
    const old = await newKey('oldKEY01');
    const current = await newKey('newKEY01');
    const keys = [current.public, old.public];
    expect((await verifyPass(await sign(old), keys)).ok).toBe(true);
    expect((await verifyPass(await sign(current), keys)).ok).toBe(true);
  });

  it('refuses a pass whose seat, show, code or kid was changed', async () => {
    const key = await newKey('KEYaaaa1');
    const other = await newKey('KEYbbbb2');
    const keys = [key.public, other.public];
    const pass = await sign(key);
    const changed = [
      withField(pass, 3, 'C8'),
      withField(pass, 2, '43'),
      withField(pass, 4, '3f0c1a528a4e4c1b9d2e0123456789ac'),
      withField(pass, 1, 'KEYbbbb2'),
    ];
    for (const text of changed) {
      expect(await verifyPass(text, keys)).toEqual({ ok: false, reason: 'bad_signature' });
    }
    // A kid nobody knows, and a pass re-signed by a key the scanner was not given.
    expect(await verifyPass(withField(pass, 1, 'KEYcccc3'), keys)).toEqual({
      ok: false,
      reason: 'unknown_key',
    });
    const stranger = await newKey('KEYaaaa1');
    expect(await verifyPass(await sign(stranger), [key.public])).toEqual({
      ok: false,
      reason: 'bad_signature',
    });
    expect(await verifyPass(pass, [])).toEqual({ ok: false, reason: 'unknown_key' });
  });

  it('refuses a signature that is not the canonical base64url of itself', async () => {
    const key = await newKey('KEYdddd4');
    const pass = await sign(key);
    const sig = pass.split('.')[5] as string;
    // The last of 86 characters carries 2 bits of the signature and 4 unused bits.
    const last = sig.at(-1) as string;
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    const twin = alphabet[alphabet.indexOf(last) ^ 1] as string;
    const verdict = await verifyPass(withField(pass, 5, sig.slice(0, -1) + twin), [key.public]);
    expect(verdict.ok).toBe(false);
  });

  it('calls truncated, garbage, NUL-laden or huge text malformed, never throwing', async () => {
    const key = await newKey('KEYeeee5');
    const pass = await sign(key);
    const bad = [
      '',
      'CB1',
      pass.slice(0, -1),
      pass.slice(0, pass.lastIndexOf('.')),
      `${pass}.x`,
      `${pass}\0`,
      pass.replace('C7', 'C\u00007'),
      withField(pass, 0, 'CB2'),
      withField(pass, 2, '042'),
      withField(pass, 2, '-1'),
      withField(pass, 2, '99999999999999999'),
      withField(pass, 3, 'c7'),
      withField(pass, 4, '3F0C1A528A4E4C1B9D2E0123456789AB'),
      withField(pass, 4, CODE),
      `${pass}${'A'.repeat(1_000_000)}`,
      '🎟️'.repeat(50),
    ];
    for (const text of bad) {
      expect(await verifyPass(text, [key.public])).toEqual({ ok: false, reason: 'malformed' });
      expect(parsePass(text)).toBeNull();
    }
    for (const notText of [null, undefined, 42, {}]) {
      expect(await verifyPass(notText as unknown as string, [key.public])).toEqual({
        ok: false,
        reason: 'malformed',
      });
    }
  });

  it('treats an unusable public key as unknown', async () => {
    const key = await newKey('KEYffff6');
    const pass = await sign(key);
    for (const publicKey of ['', 'short', `${key.public.public_key}A`, 'A'.repeat(43), '\0']) {
      const verdict = await verifyPass(pass, [{ kid: key.kid, public_key: publicKey }]);
      expect(verdict.ok).toBe(false);
    }
  });

  it('says so, rather than refuse the ticket, where there is no WebCrypto (no secure context)', async () => {
    const key = await newKey('KEYhhhh8');
    const pass = await sign(key);
    vi.stubGlobal('crypto', {});
    try {
      await expect(verifyPass(pass, [key.public])).rejects.toThrow(/WebCrypto/);
    } finally {
      vi.unstubAllGlobals();
    }
    expect((await verifyPass(pass, [key.public])).ok).toBe(true);
  });

  it('formats only fields that fit in a pass', () => {
    expect(formatPassBody({ kid: 'Ab3_-x9Z', showId: 7, seatLabel: 'A1', code: CODE })).toBe(
      'CB1.Ab3_-x9Z.7.A1.3f0c1a528a4e4c1b9d2e0123456789ab',
    );
    expect(() => formatPassBody({ kid: 'a.b', showId: 7, seatLabel: 'A1', code: CODE })).toThrow();
    expect(() =>
      formatPassBody({ kid: 'Ab3_-x9Z', showId: 7, seatLabel: 'A.1', code: CODE }),
    ).toThrow();
    expect(() =>
      formatPassBody({ kid: 'Ab3_-x9Z', showId: 0, seatLabel: 'A1', code: CODE }),
    ).toThrow();
    expect(() =>
      formatPassBody({ kid: 'Ab3_-x9Z', showId: 7, seatLabel: 'A1', code: 'x' }),
    ).toThrow();
  });
});

describe('codeOfScan', () => {
  it('reads a typed code in the forms the door accepts: any case, spaces or dashes', () => {
    for (const typed of [
      CODE,
      CODE.toUpperCase(),
      CODE.replaceAll('-', ''),
      '3F0C1A52 8A4E 4C1B 9D2E 0123456789AB',
      ' 3f0c 1a52-8a4e\t4c1b 9d2e 0123 4567 89ab ',
    ]) {
      expect(codeOfScan(typed)).toBe(CODE);
    }
  });

  it("reads a pass's code field without checking its signature", async () => {
    const key = await newKey('KEYgggg7');
    expect(codeOfScan(await sign(key))).toBe(CODE);
  });

  it('gives null for anything that cannot be a code', () => {
    for (const text of [
      '',
      'not a code',
      CODE.slice(0, -1),
      `${CODE}0`,
      `${CODE}\0`,
      'g'.repeat(32),
      'CB1.garbage',
      'A'.repeat(100_000),
    ]) {
      expect(codeOfScan(text)).toBeNull();
    }
  });
});

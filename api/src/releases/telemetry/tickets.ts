// Report tickets: proof that a report about a release comes from a browser the manifest sent to
// that very release. The manifest signs one per remote for the version the browser's bucket gets;
// POST events/ accepts a report only with a valid, unexpired ticket for the same remote and
// version. A ticket is `<payload>.<signature>` (base64url JSON and HMAC-SHA256 over it) under a
// key derived from the JWT secret for this one purpose: it is no JWT, and no access token can pass
// for one or the other way round. Tickets are stateless (no row per manifest), and they name
// what a report is about (remote, version, reporter), not what kind of report it is, so later
// signals of a release (render errors, Web Vitals) can be sent with the same ticket.
import { Buffer } from 'node:buffer';
import { timingSafeEqual } from 'node:crypto';
import { purposeMac } from '../../auth/secrets.ts';
import type { Config } from '../../config.ts';
import { clientNetwork } from '../../http/client-ip.ts';
import type { Remote } from '../registry/rules.ts';
import { REPORT_TICKET_TTL_SECONDS, REPORTER_IPV6_PREFIX_BITS } from './rules.ts';

export const TICKET_TYPE = 'release-report';

export interface ReportTicket {
  typ: typeof TICKET_TYPE;
  remote: Remote;
  version: string;
  /** Who reports: the issuing network hashed per release (see REPORTER_IPV6_PREFIX_BITS). */
  reporter: string;
  /** Issued and expires, in whole seconds since the epoch. */
  iat: number;
  exp: number;
}

type Secret = Pick<Config, 'jwtSecret'>;

const mac = purposeMac('cinebook release report tickets v1');

/**
 * The network an address stands for: an IPv4 address itself (also when IPv4-mapped), an IPv6
 * address cut to its first REPORTER_IPV6_PREFIX_BITS bits; anything else (e.g. 'unknown') as is.
 */
export function reporterNetwork(ip: string): string {
  return clientNetwork(ip, REPORTER_IPV6_PREFIX_BITS);
}

/** The reporter id of a client address for one release (not linkable across releases). */
export function reporterOf(secret: Secret, ip: string, remote: Remote, version: string): string {
  return mac(secret.jwtSecret, `reporter\0${remote}\0${version}\0${reporterNetwork(ip)}`)
    .subarray(0, 16)
    .toString('base64url');
}

/** A ticket for reports about `version` of `remote` from the browser at `ip`. */
export function signReportTicket(
  secret: Secret,
  ticket: { remote: Remote; version: string; ip: string; now: Date },
): { value: string; expires_at: Date } {
  const iat = Math.floor(ticket.now.getTime() / 1000);
  const payload: ReportTicket = {
    typ: TICKET_TYPE,
    remote: ticket.remote,
    version: ticket.version,
    reporter: reporterOf(secret, ticket.ip, ticket.remote, ticket.version),
    iat,
    exp: iat + REPORT_TICKET_TTL_SECONDS,
  };
  const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
  return {
    value: `${body}.${mac(secret.jwtSecret, body).toString('base64url')}`,
    expires_at: new Date(payload.exp * 1000),
  };
}

export type TicketCheck =
  | { ok: true; ticket: ReportTicket }
  | { ok: false; reason: 'invalid' | 'expired' };

/** Checks a ticket's signature, shape and expiry (`exp <= now` is expired, as for tokens). */
export function verifyReportTicket(secret: Secret, value: string, now: Date): TicketCheck {
  const invalid = { ok: false, reason: 'invalid' } as const;
  const match = /^([A-Za-z0-9_-]{1,1000})\.([A-Za-z0-9_-]{43})$/.exec(value);
  if (!match) return invalid;
  const [, body = '', signature = ''] = match;
  const expected = mac(secret.jwtSecret, body);
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return invalid;
  let payload: Partial<ReportTicket>;
  try {
    payload = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
  } catch {
    return invalid;
  }
  // Signed by this server, so well formed; checked anyway, as every input is.
  if (
    payload?.typ !== TICKET_TYPE ||
    typeof payload.remote !== 'string' ||
    typeof payload.version !== 'string' ||
    typeof payload.reporter !== 'string' ||
    typeof payload.iat !== 'number' ||
    typeof payload.exp !== 'number'
  ) {
    return invalid;
  }
  if (payload.exp <= Math.floor(now.getTime() / 1000)) return { ok: false, reason: 'expired' };
  return { ok: true, ticket: payload as ReportTicket };
}

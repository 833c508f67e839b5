// The caller's IP for rate limits and logs. X-Forwarded-For is believed only as far as the
// configured number of trusted proxies (TRUST_PROXY): each proxy appends the address it saw, so
// with N proxies the Nth entry from the right is the client, and whatever lies further left was
// written by the client itself and could be anything.
import type { Context } from 'hono';

/** Reads the TCP peer address; main.ts supplies one for Deno.serve, tests supply their own. */
export type ConnectionIp = (c: Context) => string | null | undefined;

export function clientIpFrom(
  forwardedFor: string | undefined,
  connectionIp: string | null | undefined,
  trustProxyHops: number,
): string {
  if (trustProxyHops > 0 && forwardedFor) {
    const hops = forwardedFor
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    const ip = hops[Math.max(0, hops.length - trustProxyHops)];
    if (ip) return bareAddress(ip);
  }
  return connectionIp ? bareAddress(connectionIp) : 'unknown';
}

/**
 * An address as some gateways write it, reduced to the address: the port goes (`198.51.100.7:40000`,
 * `[2001:db8::1]:443`), and so do brackets and an IPv6 zone; an IPv4-mapped IPv6 address becomes
 * the IPv4 address. Otherwise a new port would count as a new client.
 */
export function bareAddress(raw: string): string {
  let address = raw.trim();
  const bracketed = /^\[([^\]]*)\](?::\d+)?$/.exec(address);
  if (bracketed?.[1] !== undefined) address = bracketed[1];
  else if (/^\d{1,3}(\.\d{1,3}){3}:\d+$/.test(address)) address = address.replace(/:\d+$/, '');
  address = address.replace(/%.*$/, '').toLowerCase();
  const groups = ipv6Groups(address);
  return (groups && mappedIpv4(groups)) || address || 'unknown';
}

/** The IPv4 address of ::ffff:a.b.c.d (an IPv4 client of a dual-stack socket), else null. */
function mappedIpv4(groups: number[]): string | null {
  if (!groups.slice(0, 5).every((g) => g === 0) || groups[5] !== 0xffff) return null;
  const [hi = 0, lo = 0] = groups.slice(6);
  return [hi >> 8, hi & 0xff, lo >> 8, lo & 0xff].join('.');
}

/** Prefix lengths of the networks limits count (http/rate-limit.ts networkLimits). */
export const NETWORK_PREFIX_BITS = 64;
/** The wider network of the wider limits: one site is usually given a /48. */
export const WIDE_NETWORK_PREFIX_BITS = 48;

/**
 * The network an address stands for, for limits per client: an IPv4 address itself (also when
 * IPv4-mapped), an IPv6 address cut to its first `ipv6PrefixBits` bits (one subscriber is usually
 * given a whole /64 or more, so counting single IPv6 addresses would count nothing); anything
 * else (e.g. 'unknown') as is.
 */
export function clientNetwork(ip: string, ipv6PrefixBits: number): string {
  const address = bareAddress(ip);
  const groups = ipv6Groups(address);
  if (!groups) return address;
  const masked = groups.map((group, i) => {
    const keep = Math.min(16, Math.max(0, ipv6PrefixBits - i * 16));
    return keep === 0 ? 0 : group & (0xffff << (16 - keep)) & 0xffff;
  });
  return `${masked.map((g) => g.toString(16)).join(':')}/${ipv6PrefixBits}`;
}

/** The eight 16-bit groups of an IPv6 address (with `::` and a dotted IPv4 tail), or null. */
function ipv6Groups(address: string): number[] | null {
  if (!address.includes(':')) return null;
  const halves = address.split('::');
  if (halves.length > 2) return null;
  const parse = (part: string | undefined): number[] | null => {
    if (!part) return [];
    const out: number[] = [];
    const pieces = part.split(':');
    for (const [i, piece] of pieces.entries()) {
      if (i === pieces.length - 1 && piece.includes('.')) {
        if (!/^\d{1,3}(\.\d{1,3}){3}$/.test(piece)) return null;
        const [a = 0, b = 0, c = 0, d = 0] = piece.split('.').map(Number);
        if ([a, b, c, d].some((n) => n > 255)) return null;
        out.push((a << 8) | b, (c << 8) | d);
      } else {
        if (!/^[0-9a-f]{1,4}$/.test(piece)) return null;
        out.push(Number.parseInt(piece, 16));
      }
    }
    return out;
  };
  const head = parse(halves[0]);
  const tail = parse(halves[1]);
  if (!head || !tail) return null;
  if (halves.length === 1) return head.length === 8 ? head : null;
  const missing = 8 - head.length - tail.length;
  return missing >= 1 ? [...head, ...new Array<number>(missing).fill(0), ...tail] : null;
}

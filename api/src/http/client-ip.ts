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
    if (ip) return ip;
  }
  return connectionIp || 'unknown';
}

// Shortcuts for the rollout tests: browsers sending health beacons (as the shell does: the ticket
// from the manifest first, from the address given), plans started through the API, and the tick
// every instance's timer runs, by hand at the test clock's time.
import type { Db } from '../db/db.ts';
import type { Remote } from '../releases/registry/rules.ts';
import type { TickResult } from '../releases/rollouts/rollouts.ts';
import { tickRollouts } from '../releases/rollouts/rollouts.ts';
import { type ReleasesTestApp, reporterIp } from './releases.ts';

export interface Sample {
  kind: 'view' | 'error' | 'lcp' | 'inp' | 'cls';
  value?: number;
  route?: string;
}

/** POST /api/releases/health/ with the ticket the browser at `ip` gets for `version`. */
export async function sendHealth(
  t: ReleasesTestApp,
  remote: Remote,
  version: string,
  samples: Sample[],
  { ip = reporterIp(0), contentType = 'text/plain' }: { ip?: string; contentType?: string } = {},
): Promise<Response> {
  const ticket = await t.ticket(remote, version, { ip });
  return await t.app.request('/api/releases/health/', {
    method: 'POST',
    headers: { 'Content-Type': contentType, 'X-Forwarded-For': ip },
    body: JSON.stringify({ remote, version, ticket, samples }),
  });
}

export interface Traffic {
  /** Distinct browsers (networks), reporterIp(offset .. offset + reporters - 1). */
  reporters: number;
  /** Per reporter. */
  views: number;
  errors?: number;
  /** Per reporter: one LCP, INP and CLS sample of each value. */
  lcp?: number[];
  inp?: number[];
  cls?: number[];
  /** Where the errors happened (a later route, not the first render). */
  route?: string;
  offset?: number;
}

/** What `reporters` browsers measured on `version`; fails the test unless each is recorded. */
export async function traffic(
  t: ReleasesTestApp,
  remote: Remote,
  version: string,
  traffic: Traffic,
): Promise<void> {
  for (let i = 0; i < traffic.reporters; i++) {
    const samples: Sample[] = [
      ...Array.from({ length: traffic.views }, () => ({ kind: 'view' as const, route: '/user' })),
      ...Array.from({ length: traffic.errors ?? 0 }, () => ({
        kind: 'error' as const,
        route: traffic.route ?? '/user/bookings',
      })),
      ...(traffic.lcp ?? []).map((value) => ({ kind: 'lcp' as const, value })),
      ...(traffic.inp ?? []).map((value) => ({ kind: 'inp' as const, value })),
      ...(traffic.cls ?? []).map((value) => ({ kind: 'cls' as const, value })),
    ];
    const res = await sendHealth(t, remote, version, samples, {
      ip: reporterIp((traffic.offset ?? 0) + i),
    });
    const body = await res.json();
    if (res.status !== 202 || body.recorded !== samples.length) {
      throw new Error(`health: ${res.status} ${JSON.stringify(body)}`);
    }
  }
  // Reports tick their remote in the background: let that finish before the test looks.
  await t.settled();
}

/** Healthy numbers: a few views each, vitals spread around `lcp`/`inp` ms. */
export const healthy = (reporters = 5, lcp = 1000, inp = 100): Traffic => ({
  reporters,
  views: 8,
  lcp: [0.8, 0.9, 1, 1.1, 1.2].map((f) => Math.round(lcp * f)),
  inp: [0.8, 0.9, 1, 1.1, 1.2].map((f) => Math.round(inp * f)),
});

/** POST /api/releases/{remote}/rollout/ as the admin. */
export async function startRollout(
  t: ReleasesTestApp,
  remote: Remote,
  body: Record<string, unknown>,
): Promise<Response> {
  return await t.post(`/api/releases/${remote}/rollout/`, body, { token: t.admin });
}

/** The tick every instance runs, now by the test clock. */
export async function tick(t: ReleasesTestApp, db: Db = t.db): Promise<TickResult[]> {
  await t.settled();
  return await tickRollouts(db, t.clock());
}

/** The remote's plan row as the status shows it. */
export async function planOf(t: ReleasesTestApp, remote: Remote) {
  const res = await t.get('/api/releases/', { token: t.admin });
  if (res.status !== 200) throw new Error(`status: ${res.status} ${await res.text()}`);
  return (await res.json()).remotes[remote];
}

// The plan most rollout tests walk: user's STABLE, then CANARY through 5, 25, 50 and 100 %.
export const STABLE = '1.0.0-aaaaaaaa';
export const CANARY = '1.1.0-abcd1234';
export const MINUTE = 60_000;
/** The tests move the clock by hours; the admin's access token should outlive them. */
export const LONG_TOKENS = { config: { accessTokenTtlSeconds: 24 * 3600 } };
export const PLAN = { version: CANARY, steps: [5, 25, 50, 100], every_minutes: 15 };

/** Publishes STABLE and CANARY of user and starts `plan`; fails the test unless it is a 201. */
export async function withPlan(t: ReleasesTestApp, plan: Record<string, unknown> = PLAN) {
  await t.publish('user', STABLE);
  await t.publish('user', CANARY);
  const res = await startRollout(t, 'user', plan);
  if (res.status !== 201) throw new Error(`rollout: ${res.status} ${await res.text()}`);
  return (await res.json()).rollout;
}

/** User's canary and stable version, as the manifest gives them. */
export const canaryOf = async (t: ReleasesTestApp) => (await t.manifest()).remotes.user.canary;
export const stableOf = async (t: ReleasesTestApp) =>
  (await t.manifest()).remotes.user.stable?.version;

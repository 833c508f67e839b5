// The accounts test app with the release registry, an admin signed in, and shortcuts for the
// release tests: publish a release, set a canary, get report tickets, report outcomes (as a
// browser does: ticket from the manifest first, from the address given as `ip`).

import type { Remote } from '../releases/registry/rules.ts';
import { releasesRoutes } from '../routes/releases/index.ts';
import { type AccountsTestApp, createAccountsTestApp, type RequestOptions } from './accounts.ts';
import type { TestAppOptions } from './app.ts';

export interface ReleasesTestApp extends AccountsTestApp {
  /** An admin's access token. */
  admin: string;
  adminId: number;
  /** POST /api/releases/ as the admin; fails the test unless it answers 200 or 201. */
  publish(
    remote: Remote,
    version: string,
    extra?: { entry?: string; shared?: Record<string, string>; make_stable?: boolean },
  ): Promise<Record<string, unknown>>;
  /** POST /api/releases/{remote}/canary/ as the admin; fails the test unless it answers 200. */
  canary(remote: Remote, version: string, percent: number): Promise<void>;
  /**
   * The report ticket a browser at `options.ip` gets from the manifest for `version` (asking with
   * bucket 0, then 99: the canary's bucket, then stable's); fails the test if none is offered.
   */
  ticket(remote: Remote, version: string, options?: RequestOptions): Promise<string>;
  /**
   * POST /api/releases/events/ `times` times from one browser (one ticket, taken first, from
   * `options.ip`), a second apart; returns the last response.
   */
  report(
    remote: Remote,
    version: string,
    outcome: string,
    times?: number,
    options?: RequestOptions,
  ): Promise<Response>;
  /** The same report from `count` browsers on distinct addresses (`reporterIp(0..count-1)`). */
  reportFrom(count: number, remote: Remote, version: string, outcome: string): Promise<Response>;
  manifest(options?: RequestOptions & { bucket?: number }): Promise<Manifest>;
  /** Every release_audit row, oldest first. */
  audit(): Promise<AuditRecord[]>;
}

type Release = { version: string; entry: string };
export type Manifest = {
  remotes: Record<
    Remote,
    {
      stable: Release | null;
      canary: (Release & { percent: number }) | null;
      ticket: { version: string; value: string; expires_at: string } | null;
    }
  >;
};

/** The address of the i-th of several browsers (TEST-NET-2, one network each). */
export const reporterIp = (i: number) => `198.51.100.${i + 1}`;

export interface AuditRecord {
  actor_id: number | null;
  action: string;
  remote: string;
  before: unknown;
  after: unknown;
  created_at: Date;
}

export const entryOf = (remote: string, version: string) =>
  `https://cdn.example.com/mfe-${remote}/${version}/remoteEntry.js`;

export async function createReleasesTestApp(
  options: TestAppOptions = {},
): Promise<ReleasesTestApp> {
  const t = await createAccountsTestApp(options);
  try {
    // Until app.ts mounts the registry itself, the tests mount it where it will be.
    if (!t.app.routes.some((route) => route.path.startsWith('/api/releases'))) {
      t.app.route('/api/releases', releasesRoutes);
    }
    const admin = await t.createUser({
      username: 'root',
      email: 'root@example.com',
      role: 'admin',
    });
    const { access } = await t.login('root@example.com');
    const app: ReleasesTestApp = {
      ...t,
      admin: access,
      adminId: admin.id,
      async publish(remote, version, extra = {}) {
        const res = await t.post(
          '/api/releases/',
          { remote, version, entry: extra.entry ?? entryOf(remote, version), ...extra },
          { token: access },
        );
        if (res.status !== 201 && res.status !== 200) {
          throw new Error(`publish: ${res.status} ${await res.text()}`);
        }
        return await res.json();
      },
      async canary(remote, version, percent) {
        const res = await t.post(
          `/api/releases/${remote}/canary/`,
          { version, percent },
          { token: access },
        );
        if (res.status !== 200) throw new Error(`canary: ${res.status} ${await res.text()}`);
      },
      async ticket(remote, version, options = {}) {
        for (const bucket of [0, 99]) {
          const ticket = (await app.manifest({ ...options, bucket })).remotes[remote].ticket;
          if (ticket?.version === version) return ticket.value;
        }
        throw new Error(`No report ticket is offered for ${remote} ${version}`);
      },
      async report(remote, version, outcome, times = 1, options = {}) {
        const ticket = await app.ticket(remote, version, options);
        let res: Response | undefined;
        for (let i = 0; i < times; i++) {
          res = await t.post(
            '/api/releases/events/',
            { remote, version, outcome, ticket },
            options,
          );
          if (i < times - 1 && res.status !== 202) {
            throw new Error(`event: ${res.status} ${await res.text()}`);
          }
          if (i < times - 1) await res.body?.cancel();
          t.clock.advance(1000);
        }
        if (!res) throw new Error('report needs times >= 1');
        return res;
      },
      async reportFrom(count, remote, version, outcome) {
        let res: Response | undefined;
        for (let i = 0; i < count; i++) {
          if (res) await res.body?.cancel();
          res = await app.report(remote, version, outcome, 1, { ip: reporterIp(i) });
          if (res.status !== 202) throw new Error(`event: ${res.status} ${await res.text()}`);
        }
        if (!res) throw new Error('reportFrom needs count >= 1');
        return res;
      },
      async manifest({ bucket, ...options } = {}) {
        const query = bucket === undefined ? '' : `?bucket=${bucket}`;
        const res = await t.get(`/api/releases/manifest/${query}`, options);
        if (res.status !== 200) throw new Error(`manifest: ${res.status} ${await res.text()}`);
        return await res.json();
      },
      audit: () =>
        t.db.query<AuditRecord>`
          SELECT actor_id, action, remote, before, after, created_at
            FROM release_audit ORDER BY id`,
    };
    return app;
  } catch (error) {
    await t.close();
    throw error;
  }
}

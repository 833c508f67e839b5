// Deploy keys for the release tests: one made through the API as the admin, and the release
// part of the audit log read straight from the table.
import type { ReleasesTestApp } from './releases.ts';

export interface MadeKey {
  id: number;
  name: string;
  key: string;
}

/** POST /api/releases/keys/ as the admin; fails the test unless it answers 201. */
export async function makeKey(
  t: ReleasesTestApp,
  body: { name: string; remote: string; actions: string[]; expires_in_days?: number },
): Promise<MadeKey> {
  const res = await t.post(
    '/api/releases/keys/',
    { expires_in_days: 30, ...body },
    { token: t.admin },
  );
  if (res.status !== 201) throw new Error(`keys: ${res.status} ${await res.text()}`);
  return await res.json();
}

/** DELETE on the test app (the accounts test app has post and get only). */
export const del = (t: ReleasesTestApp, path: string, token: string) =>
  t.app.request(path, { method: 'DELETE', headers: { Authorization: `Bearer ${token}` } });

export interface LoggedAction {
  actor_id: number | null;
  actor_label: string;
  action: string;
  entity_kind: string;
  entity_id: string;
  details: Record<string, unknown>;
}

/** Every audit_log record of releases, rollouts and keys, oldest first. */
export const releaseLog = (t: ReleasesTestApp) =>
  t.db.query<LoggedAction>`
    SELECT actor_id, actor_label, action, entity_kind, entity_id, details
      FROM audit_log WHERE entity_kind IN ('remote', 'deploy_key') ORDER BY id`;

// The release commands as functions, for the CLI (scripts/release.mjs), `npm start` and tests.
// Each takes the options from `releaseOptions()` (API URL, credentials, release store, repository
// root, fetch) plus its own arguments, and resolves to data; failures are ReleaseErrors.
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { DEMO_ADMIN } from '../../packages/contract/src/index.js';
import { REMOTE_NAMES } from '../../packages/federation/src/index.js';
import { ports, ROOT } from '../apps.mjs';
import { releasesApi } from './api.mjs';
import { ReleaseError } from './errors.mjs';
import { checkSkew } from './skew.mjs';
import { buildVersion, entryIntegrity, isPublished, storeRelease, versionDir } from './store.mjs';

/** The documented demo admin of the embedded database (written once, in packages/contract). */
export { DEMO_ADMIN };

/**
 * Where things are, from the environment: what the CLI and `npm start` use. RELEASE_ROOT (a
 * repository layout to read mfe-<remote>/ and shell/ from) exists for the CLI's own tests.
 */
export function releaseOptions(env = process.env) {
  const root = env.RELEASE_ROOT ? path.resolve(env.RELEASE_ROOT) : ROOT;
  const credentials =
    env.RELEASE_EMAIL && env.RELEASE_PASSWORD
      ? { email: env.RELEASE_EMAIL, password: env.RELEASE_PASSWORD }
      : env.ADMIN_EMAIL && env.ADMIN_PASSWORD
        ? { email: env.ADMIN_EMAIL, password: env.ADMIN_PASSWORD }
        : DEMO_ADMIN;
  return {
    apiUrl: env.API_URL || `http://127.0.0.1:${ports().api}/api`,
    credentials,
    releasesDir: env.RELEASES_DIR ? path.resolve(env.RELEASES_DIR) : path.join(root, 'releases'),
    root,
    env,
    fetch: globalThis.fetch,
  };
}

/** The remote's name, or a ReleaseError listing the known ones. `mfe-user` is taken as `user`. */
export function knownRemote(name) {
  const remote = String(name ?? '').replace(/^mfe-/, '');
  if (!(/** @type {string[]} */ (REMOTE_NAMES).includes(remote))) {
    throw new ReleaseError(`Unknown remote ${name}. The remotes are: ${REMOTE_NAMES.join(', ')}.`);
  }
  return remote;
}

/** A whole number from 0 to 100 (the API's rule), from the command line's text. */
export function parsePercent(text) {
  const value = String(text ?? '').trim();
  if (!/^\d{1,3}$/.test(value) || Number(value) > 100) {
    throw new ReleaseError(`Percent must be a whole number from 0 to 100 (got "${text}").`);
  }
  return Number(value);
}

/** A path as people read it: relative to the repository when inside it. */
function shown(root, file) {
  const relative = path.relative(root, file);
  return relative && !relative.startsWith('..') && !path.isAbsolute(relative) ? relative : file;
}

/** Where browsers fetch a remote's versions: RELEASES_BASE_URL_<REMOTE> or its local port. */
export function releaseBaseUrl(remote, env = process.env) {
  const configured = env[`RELEASES_BASE_URL_${remote.toUpperCase()}`];
  return (configured || `http://localhost:${ports()[remote]}`).replace(/\/+$/, '');
}

// One signed-in client per options object: `npm start` publishes four remotes with one login.
const clients = new WeakMap();
function api(options) {
  let client = clients.get(options);
  if (!client) {
    client = releasesApi(options);
    clients.set(options, client);
  }
  return client;
}

/**
 * `publish <remote>`: versions the remote's build (mfe-<remote>/dist or `distDir`), refuses it when it needs
 * shared singletons the shell does not provide, copies it into the release store and records it
 * in the registry. `makeStable` makes it stable at once (what `npm start` does).
 */
/**
 * @param {any} options
 * @param {string} remoteName
 * @param {{ makeStable?: boolean, distDir?: string }} [how]
 */
export async function publish(options, remoteName, { makeStable = false, distDir: dist } = {}) {
  const { root, releasesDir, env = process.env } = options;
  const remote = knownRemote(remoteName);
  const label = `mfe-${remote}`;
  const appDir = path.join(root, label);
  // A build made elsewhere (a CI artifact) is published the same way as the local one.
  const distDir = dist ? path.resolve(dist) : path.join(appDir, 'dist');
  const built = await stat(path.join(distDir, 'remoteEntry.js')).then(
    (info) => info.isFile(),
    () => false,
  );
  if (!built) {
    throw new ReleaseError(
      `${label} has no build; run npm run build first (or node scripts/build.mjs ${label})`,
    );
  }
  const version = await buildVersion(appDir, distDir);
  const shared = await checkSkew({ root, distDir, label });
  const copied = await storeRelease({
    distDir,
    releasesDir,
    remote,
    version,
    label: `${version} of ${label}`,
  });
  const integrity = await entryIntegrity(releasesDir, remote, version, `${version} of ${label}`);
  const entry = `${releaseBaseUrl(remote, env)}/${version}/remoteEntry.js`;
  const result = await api(options).post('', {
    remote,
    version,
    entry,
    integrity,
    shared: Object.fromEntries(shared.map((s) => [s.name, s.version])),
    ...(makeStable ? { make_stable: true } : {}),
  });
  return {
    remote,
    label,
    version,
    entry,
    folder: shown(root, versionDir(releasesDir, remote, version)),
    copied,
    created: result.created,
    stable: result.stable,
    channel: result.channel,
  };
}

/**
 * `canary <remote> <version> --percent N`: a published version becomes the canary for N % of
 * browsers (or the current canary's percentage changes).
 */
export async function canary(options, remoteName, version, percentText) {
  const remote = knownRemote(remoteName);
  const percent = parsePercent(percentText);
  const label = `mfe-${remote}`;
  const client = api(options);
  const { versions } = await client.get(`${remote}/versions/`);
  if (!versions.some((v) => v.version === version)) {
    const known = versions.slice(0, 5).map((v) => v.version);
    throw new ReleaseError(
      `Unknown version ${version} for ${remote}. ${
        known.length > 0
          ? `Newest published: ${known.join(', ')}.`
          : `${label} has no releases yet.`
      }`,
    );
  }
  if (!(await isPublished(options.releasesDir, remote, version))) {
    const folder = shown(options.root, versionDir(options.releasesDir, remote, version));
    throw new ReleaseError(`${version} of ${label} is not published: ${folder} is missing`);
  }
  const { channel } = await client.post(`${remote}/canary/`, { version, percent });
  return { remote, label, version, percent, channel };
}

/** `promote <remote>`: the canary becomes stable. */
export async function promote(options, remoteName) {
  const remote = knownRemote(remoteName);
  const { channel } = await api(options).post(`${remote}/promote/`);
  return { remote, label: `mfe-${remote}`, channel };
}

/** `rollback <remote>`: drops the canary, or else returns stable to the previous version. */
export async function rollback(options, remoteName) {
  const remote = knownRemote(remoteName);
  const { channel } = await api(options).post(`${remote}/rollback/`);
  return { remote, label: `mfe-${remote}`, channel };
}

export const STEPS_INVALID =
  'Steps must be whole percentages from 1 to 100, strictly increasing, ending in 100';

/** `5,25,50,100` -> [5, 25, 50, 100] (the API's rule, checked here for a clear message). */
export function parseSteps(text) {
  const parts = String(text ?? '')
    .split(',')
    .map((part) => part.trim());
  const steps = parts.map(Number);
  const ok =
    parts.length > 0 &&
    parts.every((part) => /^\d{1,3}$/.test(part)) &&
    steps.every(
      (step, i) => step >= 1 && step <= 100 && (i === 0 || step > Number(steps[i - 1])),
    ) &&
    steps.at(-1) === 100;
  if (!ok) throw new ReleaseError(`${STEPS_INVALID} (got "${text}").`);
  return steps;
}

/** `15m`, `1h`, `90` (minutes) -> minutes, 1 to 1440. */
export function parseEvery(text) {
  const match = /^(\d{1,4})(m|min|h)?$/.exec(String(text ?? '').trim());
  const minutes = match ? Number(match[1]) * (match[2] === 'h' ? 60 : 1) : Number.NaN;
  if (!(minutes >= 1 && minutes <= 1440)) {
    throw new ReleaseError(
      `Every must be minutes or hours from 1m to 24h, e.g. 15m or 1h (got "${text}").`,
    );
  }
  return minutes;
}

/**
 * `rollout <remote> <version> --steps 5,25,50,100 --every 15m`: the version becomes the canary at
 * the first step, and the API walks it through the rest on its own while it is healthy.
 */
export async function rollout(options, remoteName, version, { steps, every }) {
  const remote = knownRemote(remoteName);
  const body = { version, steps: parseSteps(steps), every_minutes: parseEvery(every) };
  const { rollout: plan } = await api(options).post(`${remote}/rollout/`, body);
  return { remote, label: `mfe-${remote}`, plan };
}

/** `pause|resume|abort <remote>`: the remote's rollout plan. */
export async function controlRollout(options, action, remoteName) {
  const remote = knownRemote(remoteName);
  const { rollout: plan } = await api(options).post(`${remote}/rollout/${action}/`);
  return { remote, label: `mfe-${remote}`, plan };
}

/** `status`: the registry's state of every remote (GET /api/releases/). */
export async function status(options) {
  return await api(options).get('');
}

// ---- output ------------------------------------------------------------------------------------

const number = (n) => Number(n ?? 0).toLocaleString('en-US');

/** `recent reporters/failed (all time reporters/failed; reports)`, e.g. `6/5 (9/5; 1,204 reports)`. */
const counts = (events) =>
  events
    ? `${events.recent.reporters}/${events.recent.failed} (${events.all.reporters}/${events.all.failed}; ${number(events.all.reports)} ${events.all.reports === 1 ? 'report' : 'reports'})`
    : '-';

/** A plain-text table, columns padded to their widest cell. */
export function table(header, rows) {
  const widths = header.map((title, i) =>
    Math.max(title.length, ...rows.map((row) => String(row[i]).length)),
  );
  const line = (cells) =>
    cells
      .map((cell, i) => (i === cells.length - 1 ? String(cell) : String(cell).padEnd(widths[i])))
      .join('  ')
      .trimEnd();
  return [line(header), ...rows.map(line)].join('\n');
}

const clock = (iso) => new Date(iso).toISOString().slice(11, 16);

/** `in 12 min (10:15 UTC)`, `now`, for a plan's next step. */
export function timeTo(iso, now) {
  const minutes = Math.ceil((new Date(iso).getTime() - now.getTime()) / 60_000);
  return minutes <= 0 ? 'due now' : `in ${minutes} min (${clock(iso)} UTC)`;
}

/** One line about a plan: its step and state, and what happens next. */
export function describePlan(plan, now) {
  const step = `step ${plan.step_index + 1} of ${plan.steps.length} (${plan.steps[plan.step_index]}%)`;
  const steps = `steps ${plan.steps.join(', ')}% every ${plan.every_minutes} min`;
  switch (plan.state) {
    case 'running':
      return `${plan.version} running, ${step}, next step ${timeTo(plan.next_step_at, now)}; ${steps}`;
    case 'holding':
      return `${plan.version} holding at ${step}: ${plan.reason} Re-checked every few seconds; inconclusive ${timeTo(plan.next_step_at, now)} unless enough traffic comes first.`;
    case 'paused':
      return `${plan.version} paused at ${step}. ${plan.reason ?? ''} Resume: npm run release -- resume ${plan.remote}`.trim();
    case 'inconclusive':
      // Paused by the registry, not a person: say what was missing and what to do.
      return `${plan.version} INCONCLUSIVE at ${step}, paused by the registry ${clock(plan.updated_at)} UTC: ${plan.reason} The canary stays at ${plan.steps[plan.step_index]}%. Resume (the step starts over): npm run release -- resume ${plan.remote}; or abort: npm run release -- abort ${plan.remote}`;
    case 'completed':
      return `${plan.version} completed ${clock(plan.updated_at)} UTC: stable for everyone.${plan.reason ? ` ${plan.reason}` : ''}`;
    default:
      return `${plan.version} ${plan.state.replace('_', ' ')} at ${step}, ${clock(plan.updated_at)} UTC: ${plan.reason}`;
  }
}

const fixed = (value, unit = '') =>
  value === null || value === undefined ? '-' : `${Math.round(value * 100) / 100}${unit}`;

/** Stable against canary over the status's window, one row each. */
export function healthRows(health) {
  return ['stable', 'canary']
    .filter((side) => health?.[side])
    .map((side) => {
      const h = health[side];
      return [
        `  ${side} ${h.version}`,
        `${number(h.views)} (${h.reporters})`,
        number(h.errors),
        h.error_rate === null ? '-' : `${Math.round(h.error_rate * 1000) / 10}%`,
        `${fixed(h.lcp_p75 && Math.round(h.lcp_p75), ' ms')} (${h.lcp_samples})`,
        `${fixed(h.inp_p75 && Math.round(h.inp_p75), ' ms')} (${h.inp_samples})`,
        `${fixed(h.cls_p75)} (${h.cls_samples})`,
      ];
    });
}

/** The `status` table: one row per remote, then rollouts and health, then the latest changes. */
export function formatStatus(body, now = new Date()) {
  const rows = Object.entries(body.remotes).map(([remote, r]) => [
    `mfe-${remote}`,
    r.stable?.version ?? '-',
    r.canary?.version ?? '-',
    r.canary ? `${r.canary.percent}%` : '-',
    counts(r.stable?.events),
    counts(r.canary?.events),
    r.rolled_back_reason
      ? `${r.rolled_back_reason} (${new Date(r.rolled_back_at).toISOString().slice(0, 16).replace('T', ' ')} UTC)`
      : '',
  ]);
  const rule = body.auto_rollback;
  const lines = [
    table(
      [
        'REMOTE',
        'STABLE',
        'CANARY',
        'PERCENT',
        'STABLE REPORTERS/FAILED',
        'CANARY REPORTERS/FAILED',
        'NOTE',
      ],
      rows,
    ),
    '',
    `REPORTERS/FAILED: distinct reporters (one per network address, each counted by its latest report) among the newest ${rule?.window ?? 20}, and how many of them failed; all time and the number of reports in brackets. A canary is rolled back automatically when at least ${Math.round((rule?.failure_rate ?? 0.5) * 100)}% of its newest ${rule?.window ?? 20} reporters failed (from ${rule?.min_reporters ?? 5} reporters on).`,
  ];
  const planned = Object.entries(body.remotes).filter(([, r]) => r.rollout || r.canary);
  if (planned.length > 0) {
    lines.push('', 'Rollouts and health (p75 vitals; views by reporters; samples in brackets):');
    for (const [remote, r] of planned) {
      lines.push(`mfe-${remote}: ${r.rollout ? describePlan(r.rollout, now) : 'no rollout plan'}`);
      const rows = healthRows(r.health);
      if (rows.length > 0) {
        lines.push(
          table(
            [
              `  since ${clock(r.health.since)} UTC`,
              'VIEWS',
              'ERRORS',
              'ERROR RATE',
              'LCP',
              'INP',
              'CLS',
            ],
            rows,
          ),
        );
      }
    }
    const rules = body.health_rules;
    if (rules) {
      lines.push(
        '',
        `A rollout holds below ${rules.min_views} canary views or ${rules.min_reporters} reporters (after ${rules.inconclusive_windows ?? 3} such windows of its interval it pauses as inconclusive), and rolls back when the canary's error rate is at least ${rules.error_rate_ratio}x stable's and ${rules.error_rate_min * 100}%, or its p75 LCP or INP at least ${rules.vitals_ratio}x stable's (from ${rules.vitals_min_samples} samples each).`,
      );
    }
  }
  const audit = (body.audit ?? []).slice(0, 5);
  if (audit.length > 0) {
    lines.push('', 'Latest changes:');
    for (const row of audit) {
      const when = new Date(row.created_at).toISOString().slice(0, 16).replace('T', ' ');
      const who = row.actor?.username ?? 'system';
      lines.push(
        `  ${when}  ${`mfe-${row.remote}`.padEnd(9)}  ${row.action}  by ${who}${describe(row)}`,
      );
    }
  }
  return lines.join('\n');
}

function describe(row) {
  const before = row.before ?? {};
  const after = row.after ?? {};
  const parts = [];
  if (after.published) parts.push(`published ${after.published.version}`);
  if (before.stable !== after.stable && after.stable) parts.push(`stable ${after.stable}`);
  const canaryBefore = [before.canary ?? null, before.canary_percent ?? 0];
  const canaryAfter = [after.canary ?? null, after.canary_percent ?? 0];
  if (canaryBefore[0] !== canaryAfter[0] || canaryBefore[1] !== canaryAfter[1]) {
    parts.push(after.canary ? `canary ${after.canary} at ${after.canary_percent}%` : 'no canary');
  }
  return parts.length > 0 ? `: ${parts.join(', ')}` : '';
}

// `npm run release -- <command>`: versioned releases and staged rollouts of the remotes.
// The logic is in scripts/release/commands.mjs; this file reads the command line and prints.
import { fileURLToPath } from 'node:url';
import { audit, formatAudit } from './release/audit.mjs';
import {
  canary,
  controlRollout,
  formatStatus,
  promote,
  publish,
  releaseOptions,
  rollback,
  rollout,
  status,
} from './release/commands.mjs';
import { ReleaseError, UsageError } from './release/errors.mjs';
import { createKey, formatCreatedKey, formatKeys, listKeys, revokeKey } from './release/keys.mjs';
import { formatPreview, preview } from './release/preview.mjs';

export const HELP = `Usage: npm run release -- <command>

Commands:
  publish <remote> [--dist <folder>]    version the remote's build (mfe-<remote>/dist, or a build
                                        made elsewhere), copy it to the release store and record
                                        it; the first release of a remote becomes its stable one
  canary <remote> <version> --percent N let N % of browsers (0 to 100) load that published
                                        version; run again to change N
  promote <remote>                      the canary becomes stable for everyone
  rollback <remote>                     drop the canary; without one, return stable to the
                                        previous version
  rollout <remote> <version> [--steps 5,25,50,100] [--every 15m]
                                        progressive delivery: the version becomes the canary at
                                        the first step, and the API advances it a step every
                                        interval while browsers report it healthy, holds while
                                        there is too little traffic, rolls it back by itself
                                        (with the reason) when its errors or vitals are worse
                                        than stable's, and makes it stable after the last step
                                        (defaults: 5,25,50,100 every 15m)
  pause <remote>                        pause the remote's rollout (the canary stays as it is)
  resume <remote>                       resume it; the current step starts afresh
  abort <remote>                        end the rollout and roll its canary back
  preview <remote> <version> [--minutes 60]
                                        a private link: the browser that opens it loads that
                                        published version (and only that browser, until the link
                                        expires, 1 to 1440 minutes), not counted in any canary
  keys create <name> --remote R --actions publish,canary,... [--expires 90d]
                                        a deploy key for one remote and those actions
                                        (publish, preview, canary, rollout, promote, rollback;
                                        rollout covers pause, resume and abort), shown once
  keys list                             the deploy keys: scope, state, expiry, last use
  keys revoke <name|id>                 the key is refused from its next call on
  audit [remote]                        who did what to the releases, when, and why (a key:
                                        its own remote only)
  status                                every remote: stable, canary, percentage, reporters
                                        and failures, why the last canary was rolled back;
                                        the rollout plan, its step, the time to the next step,
                                        and the health of stable against the canary

Remotes: auth, user, owner, admin (mfe-user works too).

publish, canary, promote, rollback, rollout, pause, resume and abort take --reason "..."
(at most 200 characters), kept in the audit trail.

Environment:
  API_URL                  the API (default http://127.0.0.1:$API_PORT/api, port 8000)
  RELEASE_KEY              a deploy key (cdk_...): used instead of an account, no password;
                           the keys commands need an admin account
  RELEASE_EMAIL, RELEASE_PASSWORD
                           an admin account (default ADMIN_EMAIL/ADMIN_PASSWORD, else the demo
                           admin of the embedded database)
  RELEASES_DIR             the release store (default releases/ in the repository)
  RELEASES_BASE_URL_<REMOTE>
                           where browsers fetch that remote's versions, e.g.
                           RELEASES_BASE_URL_USER=https://cdn.example.com/mfe-user
                           (default http://localhost:<its port>)

Exit codes: 0 done, 1 refused or failed, 2 wrong usage.`;

const OPTIONS = [
  'percent',
  'dist',
  'steps',
  'every',
  'minutes',
  'remote',
  'actions',
  'expires',
  'reason',
];
/** The commands that change something, so take --reason. */
const WITH_REASON = [
  'publish',
  'canary',
  'promote',
  'rollback',
  'rollout',
  'pause',
  'resume',
  'abort',
];

/** Splits argv into positional arguments and `--name value` / `--name=value` options. */
function parseArgs(argv) {
  const positional = [];
  const flags = {};
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '-h' || arg === '--help') flags.help = true;
    else if (arg.startsWith('--')) {
      const [name, inline] = arg.slice(2).split(/=(.*)/s, 2);
      if (!OPTIONS.includes(name)) throw new UsageError(`Unknown option --${name}.`);
      const value = inline ?? argv[++i];
      if (value === undefined) throw new UsageError(`--${name} needs a value.`);
      flags[name] = value;
    } else positional.push(arg);
  }
  return { positional, flags };
}

function expectArgs(command, args, names) {
  if (args.length !== names.length) {
    const usage = `${command}${names.map((n) => ` <${n}>`).join('')}`;
    throw new UsageError(
      args.length < names.length
        ? `${command} needs ${names.map((n) => `<${n}>`).join(' ')}: npm run release -- ${usage}`
        : `Too many arguments for ${command}: npm run release -- ${usage}`,
    );
  }
}

/** Runs one command line; resolves to the exit code. */
export async function main(
  argv,
  { options = releaseOptions(), out = console.log, err = console.error } = {},
) {
  try {
    const { positional, flags } = parseArgs(argv);
    const [command, ...args] = positional;
    if (flags.help || command === 'help' || command === undefined) {
      (command === undefined && !flags.help ? err : out)(HELP);
      return command === undefined && !flags.help ? 2 : 0;
    }
    if (flags.percent !== undefined && command !== 'canary') {
      throw new UsageError(`--percent is only for canary.`);
    }
    if (flags.dist !== undefined && command !== 'publish') {
      throw new UsageError(`--dist is only for publish.`);
    }
    for (const name of ['steps', 'every']) {
      if (flags[name] !== undefined && command !== 'rollout') {
        throw new UsageError(`--${name} is only for rollout.`);
      }
    }
    if (flags.minutes !== undefined && command !== 'preview') {
      throw new UsageError(`--minutes is only for preview.`);
    }
    for (const name of ['remote', 'actions', 'expires']) {
      if (flags[name] !== undefined && !(command === 'keys' && args[0] === 'create')) {
        throw new UsageError(`--${name} is only for keys create.`);
      }
    }
    if (flags.reason !== undefined) {
      if (!WITH_REASON.includes(command)) {
        throw new UsageError(`--reason is only for ${WITH_REASON.join(', ')}.`);
      }
      if (flags.reason.trim().length === 0 || flags.reason.trim().length > 200) {
        throw new UsageError('--reason must be 1 to 200 characters.');
      }
      options = { ...options, reason: flags.reason.trim() };
    }
    switch (command) {
      case 'preview': {
        expectArgs(command, args, ['remote', 'version']);
        out(
          formatPreview(
            await preview(options, args[0], { version: args[1], minutes: flags.minutes }),
          ),
        );
        return 0;
      }
      case 'publish': {
        expectArgs(command, args, ['remote']);
        const r = await publish(options, args[0], { distDir: flags.dist });
        out(
          `${r.label} ${r.version} ${r.copied ? 'published to' : 'was already in'} ${r.folder}` +
            `\n  entry ${r.entry}` +
            `\n  ${r.created ? 'recorded in the registry' : 'already recorded in the registry'}` +
            (r.stable
              ? `; it is the stable version`
              : `; stable is ${r.channel.stable?.version}. Try it: npm run release -- canary ${r.remote} ${r.version} --percent 10`),
        );
        return 0;
      }
      case 'canary': {
        expectArgs(command, args, ['remote', 'version']);
        if (flags.percent === undefined) {
          throw new UsageError(
            `canary needs --percent N: npm run release -- canary ${args[0]} ${args[1]} --percent 10`,
          );
        }
        const r = await canary(options, args[0], args[1], flags.percent);
        out(
          `${r.label} ${r.version} is the canary for ${r.percent}% of browsers; stable is ${r.channel.stable?.version}`,
        );
        return 0;
      }
      case 'promote': {
        expectArgs(command, args, ['remote']);
        const r = await promote(options, args[0]);
        out(
          `${r.label} ${r.channel.stable.version} is now stable for everyone (was ${r.channel.previous_stable?.version})`,
        );
        return 0;
      }
      case 'rollback': {
        expectArgs(command, args, ['remote']);
        const r = await rollback(options, args[0]);
        out(`${r.label}: ${r.channel.rolled_back_reason} Stable is ${r.channel.stable.version}.`);
        return 0;
      }
      case 'rollout': {
        expectArgs(command, args, ['remote', 'version']);
        const r = await rollout(options, args[0], args[1], {
          steps: flags.steps ?? '5,25,50,100',
          every: flags.every ?? '15m',
        });
        const [first, ...rest] = r.plan.steps;
        out(
          `${r.label} ${r.plan.version} is rolling out: ${first}% of browsers now, then ${rest.map((p) => `${p}%`).join(', ') || 'stable'} every ${r.plan.every_minutes} min while it is healthy (first step due ${r.plan.next_step_at.slice(11, 16)} UTC). Follow it: npm run release -- status`,
        );
        return 0;
      }
      case 'pause':
      case 'resume':
      case 'abort': {
        expectArgs(command, args, ['remote']);
        const r = await controlRollout(options, command, args[0]);
        const at = `${r.plan.steps[r.plan.step_index]}%`;
        out(
          command === 'abort'
            ? `${r.label}: ${r.plan.reason} ${r.plan.version} is no longer the canary.`
            : command === 'pause'
              ? `${r.label} rollout of ${r.plan.version} paused at ${at}; the canary stays at ${at}.`
              : `${r.label} rollout of ${r.plan.version} resumed at ${at}; next step due ${r.plan.next_step_at.slice(11, 16)} UTC.`,
        );
        return 0;
      }
      case 'keys': {
        const [sub, ...rest] = args;
        if (sub === 'create') {
          expectArgs('keys create', rest, ['name']);
          out(formatCreatedKey(await createKey(options, rest[0], /** @type {any} */ (flags))));
        } else if (sub === 'list') {
          expectArgs('keys list', rest, []);
          out(formatKeys(await listKeys(options)));
        } else if (sub === 'revoke') {
          expectArgs('keys revoke', rest, ['name|id']);
          const key = await revokeKey(options, rest[0]);
          out(`Deploy key ${key.name} (mfe-${key.remote}) revoked: it is refused from now on.`);
        } else {
          throw new UsageError('keys needs create, list or revoke: npm run release -- keys list');
        }
        return 0;
      }
      case 'audit': {
        if (args.length > 1)
          throw new UsageError('Too many arguments for audit: npm run release -- audit [remote]');
        out(formatAudit(await audit(options, args[0]), args[0]));
        return 0;
      }
      case 'status': {
        expectArgs(command, args, []);
        out(formatStatus(await status(options)));
        return 0;
      }
      default:
        throw new UsageError(`Unknown command ${command}.`);
    }
  } catch (error) {
    if (error instanceof UsageError) {
      err(`${error.message}\nRun npm run release -- --help for the commands.`);
      return 2;
    }
    if (error instanceof ReleaseError) {
      err(error.message);
      return 1;
    }
    err(error?.stack ?? String(error));
    return 1;
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  process.exitCode = await main(process.argv.slice(2));
}

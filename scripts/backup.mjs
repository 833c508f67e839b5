// `npm run backup`: a backup of the running `npm run cluster` with pgBackRest (decision 0024):
// incremental by default (what changed since the last backup), `--full` for a full one. The
// cluster archives its WAL continuously and takes a full backup as it starts; a backup bounds
// how much WAL a restore replays, and ends with the current WAL segment archived, so a restore
// can reach any second up to it.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { backup, currentCluster, DEFAULT_BACKUPS, info } from './pgbackrest.mjs';

const HELP = `npm run backup [-- options]

A backup of the running \`npm run cluster\` into its pgBackRest repository (under --backups).

  --full           a full backup (default: incremental, what changed since the last one)
  --diff           a differential backup (what changed since the last full one)
  --backups DIR    where the cluster keeps its backups (default .data/backups)
  --list           only list the backups of the running cluster
  --help           this text`;

async function main() {
  const { values } = parseArgs({
    options: {
      full: { type: 'boolean' },
      diff: { type: 'boolean' },
      list: { type: 'boolean' },
      backups: { type: 'string', default: DEFAULT_BACKUPS },
      help: { type: 'boolean' },
    },
  });
  if (values.help) return console.log(HELP);
  const current = currentCluster(values.backups);
  if (!current) {
    console.error(
      `No running cluster keeps its backups in ${values.backups}: start one with \`npm run cluster\` (it archives WAL and takes a full backup at start).`,
    );
    process.exit(1);
  }
  if (!values.list) {
    const type = values.full ? 'full' : values.diff ? 'diff' : 'incr';
    const name = { full: 'a full', diff: 'a differential', incr: 'an incremental' }[type];
    console.log(
      `Taking ${name} backup of the cluster (pid ${current.pid}) into ${current.repo}...`,
    );
    const done = await backup(current.config, type);
    console.log(`Done in ${(done.ms / 1000).toFixed(1)} s: ${done.label}`);
  }
  const { backups, archive } = await info(current.config);
  const mb = (bytes) => `${(bytes / 1e6).toFixed(1)} MB`;
  console.log(`\nBackups in ${current.repo}:`);
  for (const b of backups) {
    console.log(
      `  ${b.label.padEnd(36)} ${b.type.padEnd(5)} ended ${b.stop.toISOString()}  database ${mb(b.size)}, stored ${mb(b.repoSize)}`,
    );
  }
  if (archive[0]) console.log(`WAL archived: ${archive[0].min} .. ${archive[0].max}`);
  console.log(
    `Restore to any second since the first backup ended: npm run restore -- --to "<time>" --from ${path.basename(current.repo)}`,
  );
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}

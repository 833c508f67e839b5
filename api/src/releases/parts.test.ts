import assert from 'node:assert/strict';

// The release control plane's parts import only the parts listed before them, so no two of them
// form a circle (docs/decisions/0032-release-control-plane-a-module.md; 0012 forbids circles, and
// scripts/check-boundaries.mjs checks files, this checks the parts). Lowest first:
const PARTS = [
  'registry',
  'keys',
  'previews',
  'plans',
  'channels',
  'telemetry',
  'rollouts',
  'status',
];

const HERE = new URL('./', import.meta.url);

/** The relative imports of a source: `import ... from '…'` and `export ... from '…'`. */
function importsOf(source: string): string[] {
  const statement = /^[ \t]*(?:import|export)\b(?:[^'";]*?\bfrom\s*)?\s*['"](\.[^'"\n]+)['"]/gm;
  return [...source.matchAll(statement)].map((m) => m[1] ?? '');
}

/** `part/file.ts` importing each spec: the violations, as sentences. */
function partViolations(file: string, specs: string[]): string[] {
  const from = file.split('/')[0] ?? '';
  const errors: string[] = [];
  for (const spec of specs) {
    const target = new URL(spec, new URL(file, 'file:///releases/')).pathname;
    const to = /^\/releases\/([^/]+)\//.exec(target)?.[1];
    if (!to || to === from) continue;
    if (!PARTS.includes(to) || PARTS.indexOf(to) > PARTS.indexOf(from)) {
      errors.push(`releases/${file} imports ${spec}: ${from} must not import ${to}.`);
    }
  }
  return errors;
}

Deno.test('every part of the release control plane is listed, and imports only the parts before it', async () => {
  const found: string[] = [];
  const errors: string[] = [];
  for await (const part of Deno.readDir(HERE)) {
    if (!part.isDirectory) continue;
    found.push(part.name);
    for await (const entry of Deno.readDir(new URL(`${part.name}/`, HERE))) {
      if (!entry.isFile || !entry.name.endsWith('.ts')) continue;
      const source = await Deno.readTextFile(new URL(`${part.name}/${entry.name}`, HERE));
      errors.push(...partViolations(`${part.name}/${entry.name}`, importsOf(source)));
    }
  }
  assert.deepEqual(found.sort(), [...PARTS].sort());
  assert.deepEqual(errors, []);
});

Deno.test('an import up the parts or into an unlisted one is refused; down and within one pass', () => {
  assert.deepEqual(partViolations('registry/sql.ts', ['../channels/sql.ts', './rules.ts']), [
    'releases/registry/sql.ts imports ../channels/sql.ts: registry must not import channels.',
  ]);
  assert.deepEqual(partViolations('channels/x.ts', ['../misc/y.ts']), [
    'releases/channels/x.ts imports ../misc/y.ts: channels must not import misc.',
  ]);
  assert.deepEqual(
    partViolations('rollouts/tick.ts', [
      '../telemetry/sql.ts',
      '../registry/rules.ts',
      '../../db/db.ts',
    ]),
    [],
  );
});

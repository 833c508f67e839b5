// No source file of ours over 400 lines (part of `npm test`'s lint suite): a file that long holds
// more than one thing, and is split into files beside it, each named for what it holds. Counted:
// .ts .tsx .mts .cts .js .jsx .mjs .cjs and .css, tests included, in every folder but
// dependencies, build and test output, dot-folders, and generated files (a first line saying
// GENERATED or @generated, e.g. packages/api-client/src/generated/openapi.ts).
//
//   node scripts/check-file-sizes.mjs        prints the files over the limit, exits 1 if any
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export const MAX_LINES = 400;

const SOURCE = /\.(ts|tsx|mts|cts|js|jsx|mjs|cjs|css)$/;
/** Folders that hold no source of ours anywhere: dependencies, build and test output. */
const SKIPPED = new Set(['node_modules', 'dist', 'coverage', 'test-results', 'playwright-report']);
/** Output folders at the root only (the release store, the screenshots). */
const SKIPPED_AT_ROOT = new Set(['releases', 'screenshots']);
const GENERATED = /\bGENERATED\b|@generated\b/;

/**
 * Every source file under `dir` (absolute paths), skipping SKIPPED and dot-folders.
 * @param {string} dir
 * @returns {string[]}
 */
function sourceFiles(dir, atRoot = true) {
  if (!existsSync(dir)) return [];
  /** @type {string[]} */
  const out = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      const skipped =
        entry.name.startsWith('.') ||
        SKIPPED.has(entry.name) ||
        (atRoot && SKIPPED_AT_ROOT.has(entry.name));
      if (!skipped) out.push(...sourceFiles(full, false));
    } else if (entry.isFile() && SOURCE.test(entry.name)) {
      out.push(full);
    }
  }
  return out;
}

/**
 * The lines of a text as an editor numbers them (a final newline starts no line of its own).
 * @param {string} text
 */
export function lineCount(text) {
  if (text === '') return 0;
  return text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
}

/**
 * The source files over `max` lines: [{file (relative to root, with /), lines}], longest first.
 * @param {{ root?: string, max?: number }} [options]
 */
export function oversizedFiles({ root = ROOT, max = MAX_LINES } = {}) {
  return sourceFiles(root)
    .map((file) => {
      const text = readFileSync(file, 'utf8');
      const firstLine = text.slice(0, text.indexOf('\n') >>> 0);
      return {
        file: path.relative(root, file).split(path.sep).join('/'),
        lines: GENERATED.test(firstLine) ? 0 : lineCount(text),
      };
    })
    .filter((f) => f.lines > max)
    .sort((a, b) => b.lines - a.lines || a.file.localeCompare(b.file));
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const over = oversizedFiles();
  for (const { file, lines } of over) {
    console.error(`${file}: ${lines} lines (at most ${MAX_LINES}: split it into files beside it)`);
  }
  if (over.length > 0) process.exit(1);
  console.log(`No source file over ${MAX_LINES} lines.`);
}

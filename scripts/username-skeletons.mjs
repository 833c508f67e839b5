// Writes the rows of the SQL table of username skeletons (unicode.skeleton_chars, migration
// api/src/db/migrations/0018_username_skeletons.sql): for every character whose skeleton is not
// itself, what it stands for when two usernames are compared for likeness. The skeleton is
// Unicode's (UTS #39: NFD, each character replaced by its prototype from confusables.txt, NFD
// again; the data ships in the npm package `unhomoglyph`, Unicode 13), with case folded in (see
// usernameKeys), so that 'ΑDMIN', 'аdmin' and 'admin' are one name. It is taken character by
// character, so the SQL needs neither normalize() (UTF8 servers only) nor a locale for lower().
// Hangul syllables are left out (11,172 rows): names are NFKC-normalised before they are stored,
// so a syllable always meets the same syllable; so are the characters NFKC changes. Run once for a migration (a migration is never
// edited after: newer Unicode data goes into a new one):
//
//   node scripts/username-skeletons.mjs > rows.sql
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const prototypes = require('unhomoglyph/data.json');

/** UTS #39's skeleton of `text`. */
function skeleton(text) {
  const mapped = [...text.normalize('NFD')].map((ch) => prototypes[ch] ?? ch).join('');
  return mapped.normalize('NFD');
}

/**
 * What the API compares, two keys per name (two names alike in either are one name): the skeleton
 * of the lower-cased skeleton ('AIex' with a capital I is 'alex') and the skeleton of the
 * lower-cased name ('ΑDMIN' with a Greek Α is 'admin', whose I alone would say 'adrnln').
 */
export function usernameKeys(text) {
  return [skeleton(skeleton(text).toLowerCase()), skeleton(text.toLowerCase())];
}

export function skeletonRows() {
  const rows = [];
  for (let code = 0; code <= 0x10ffff; code++) {
    if (code >= 0xd800 && code <= 0xdfff) continue;
    if (code >= 0xac00 && code <= 0xd7a3) continue;
    const ch = String.fromCodePoint(code);
    // Names are NFKC-normalised before they are stored (usernameField): a character NFKC changes
    // (fullwidth, mathematical letters, ligatures...) never reaches the table.
    if (ch.normalize('NFKC') !== ch) continue;
    const [key, folded] = usernameKeys(ch);
    if (key !== ch || folded !== ch) rows.push([ch, key, folded]);
  }
  return rows;
}

const literal = (text) => `'${text.replaceAll("'", "''")}'`;

if (import.meta.url === `file://${process.argv[1]}`) {
  const rows = skeletonRows();
  const lines = rows.map((row) => `(${row.map(literal).join(',')})`);
  const chunks = [];
  for (let i = 0; i < lines.length; i += 1000) {
    chunks.push(
      `INSERT INTO unicode.skeleton_chars (ch, skeleton, folded) VALUES\n${lines.slice(i, i + 1000).join(',\n')};`,
    );
  }
  process.stdout.write(`${chunks.join('\n')}\n`);
  process.stderr.write(`${rows.length} characters\n`);
}

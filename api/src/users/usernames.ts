// What makes a username safe to show to other people beside the others: it is written in one
// script (Latin, Cyrillic, Greek, Devanagari...: letters of two scripts in one name are how
// 'pаypal' with a Cyrillic а passes for 'paypal'), and it does not look like an existing one
// (the skeleton column of migration 0018, checked in users/sql.ts and by its unique index).

/**
 * The scripts a name may be written in (Unicode Script property). Characters of the Common and
 * Inherited scripts (digits, '_', '.', spaces, combining marks) go with any; a letter of a script
 * not listed counts as a script of its own.
 */
const SCRIPTS = [
  'Latin',
  'Greek',
  'Cyrillic',
  'Armenian',
  'Hebrew',
  'Arabic',
  'Syriac',
  'Thaana',
  'Devanagari',
  'Bengali',
  'Gurmukhi',
  'Gujarati',
  'Oriya',
  'Tamil',
  'Telugu',
  'Kannada',
  'Malayalam',
  'Sinhala',
  'Thai',
  'Lao',
  'Tibetan',
  'Myanmar',
  'Georgian',
  'Hangul',
  'Ethiopic',
  'Cherokee',
  'Khmer',
  'Mongolian',
  'Hiragana',
  'Katakana',
  'Bopomofo',
  'Han',
] as const;

const SCRIPT_PATTERNS = SCRIPTS.map((name) => [name, new RegExp(`^\\p{Script=${name}}$`, 'u')]);
const NEUTRAL = /^[\p{Script=Common}\p{Script=Inherited}]$/u;

/**
 * Scripts that are written together (UTS #39's highly restrictive level): Japanese mixes Han,
 * Hiragana and Katakana; Chinese Han and Bopomofo; Korean Han and Hangul; each also with Latin.
 */
const TOGETHER: readonly (readonly string[])[] = [
  ['Latin', 'Han', 'Hiragana', 'Katakana'],
  ['Latin', 'Han', 'Bopomofo'],
  ['Latin', 'Han', 'Hangul'],
];

/** The scripts of the letters of `name` (Common and Inherited left out). */
export function scriptsOf(name: string): Set<string> {
  const scripts = new Set<string>();
  for (const ch of name) {
    if (NEUTRAL.test(ch)) continue;
    const found = SCRIPT_PATTERNS.find(([, pattern]) => (pattern as RegExp).test(ch));
    scripts.add(found ? (found[0] as string) : `other:${ch}`);
  }
  return scripts;
}

/** Whether `name` is written in one script, or in scripts that are written together. */
export function isSingleScript(name: string): boolean {
  const scripts = [...scriptsOf(name)];
  if (scripts.length <= 1) return true;
  return TOGETHER.some((set) => scripts.every((script) => set.includes(script)));
}

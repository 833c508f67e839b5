// Just enough semver to check shared singletons: versions x.y.z[-pre][+build] and the ranges
// Module Federation writes (^x.y.z, ~x.y.z, exact), plus comparators (>=, <, ...), x-ranges
// (18.x, *), hyphen-free AND sets ("a b") and alternatives ("a || b"). Prereleases compare by
// their identifiers, without npm's rule that a range only admits prereleases of its own tuple.

const VERSION = /^v?(\d+)\.(\d+)\.(\d+)(?:-([0-9A-Za-z.-]+))?(?:\+[0-9A-Za-z.-]+)?$/;
const PARTIAL =
  /^v?(\d+|[xX*])(?:\.(\d+|[xX*]))?(?:\.(\d+|[xX*]))?(?:-([0-9A-Za-z.-]+))?(?:\+[0-9A-Za-z.-]+)?$/;

/** `{major, minor, patch, prerelease}` of a full version, or null. */
export function parseVersion(text) {
  const match = VERSION.exec(String(text).trim());
  if (!match) return null;
  return {
    major: Number(match[1]),
    minor: Number(match[2]),
    patch: Number(match[3]),
    prerelease: match[4] ? match[4].split('.') : [],
  };
}

function comparePrerelease(a, b) {
  if (a.length === 0 || b.length === 0) return Number(a.length === 0) - Number(b.length === 0);
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    if (a[i] === undefined) return -1;
    if (b[i] === undefined) return 1;
    const [x, y] = [a[i], b[i]];
    const [nx, ny] = [/^\d+$/.test(x), /^\d+$/.test(y)];
    if (nx && ny && Number(x) !== Number(y)) return Number(x) < Number(y) ? -1 : 1;
    if (nx !== ny) return nx ? -1 : 1;
    if (x !== y) return x < y ? -1 : 1;
  }
  return 0;
}

/** -1, 0 or 1 for two parsed versions. */
export function compareVersions(a, b) {
  for (const part of ['major', 'minor', 'patch']) {
    if (a[part] !== b[part]) return a[part] < b[part] ? -1 : 1;
  }
  return comparePrerelease(a.prerelease, b.prerelease);
}

const isWild = (part) => part === undefined || /^[xX*]$/.test(part);
const v = (major, minor, patch, prerelease = []) => ({ major, minor, patch, prerelease });

/** One comparator ("^1.2.3", ">=2", "1.x") as a list of [operator, version] bounds, or null. */
function bounds(comparator) {
  const match = /^(\^|~|>=|<=|>|<|=)?\s*(.*)$/.exec(comparator);
  const op = match?.[1] ?? '';
  const partial = PARTIAL.exec(match?.[2] ?? '');
  if (!partial) return null;
  const [, M, m, p, pre] = partial;
  if (isWild(M)) return op === '<' || op === '>' ? [['<', v(0, 0, 0)]] : [];
  const major = Number(M);
  const minor = isWild(m) ? null : Number(m);
  const patch = isWild(p) ? null : Number(p);
  const low = v(major, minor ?? 0, patch ?? 0, pre ? pre.split('.') : []);
  // The first version above the range the partial version names (1 -> 2.0.0, 1.2 -> 1.3.0).
  const next = minor === null ? v(major + 1, 0, 0) : patch === null ? v(major, minor + 1, 0) : null;

  switch (op) {
    case '^': {
      const upper =
        major > 0 || minor === null
          ? v(major + 1, 0, 0)
          : minor > 0 || patch === null
            ? v(0, minor + 1, 0)
            : v(0, 0, patch + 1);
      return [
        ['>=', low],
        ['<', upper],
      ];
    }
    case '~':
      return [
        ['>=', low],
        ['<', minor === null ? v(major + 1, 0, 0) : v(major, minor + 1, 0)],
      ];
    case '>=':
      return [['>=', low]];
    case '>':
      return [next ? ['>=', next] : ['>', low]];
    case '<':
      return [['<', low]];
    case '<=':
      return [next ? ['<', next] : ['<=', low]];
    default:
      return next
        ? [
            ['>=', low],
            ['<', next],
          ]
        : [['=', low]];
  }
}

const TESTS = {
  '>=': (c) => c >= 0,
  '>': (c) => c > 0,
  '<': (c) => c < 0,
  '<=': (c) => c <= 0,
  '=': (c) => c === 0,
};

/**
 * Whether `version` is in `range`. Throws for text it cannot read (better a clear refusal than
 * a guess).
 */
export function satisfies(version, range) {
  const parsed = parseVersion(version);
  if (!parsed) throw new Error(`"${version}" is not a version`);
  const alternatives = String(range).trim().split('||');
  return alternatives.some((alternative) => {
    // "^ 1.2.3" and ">= 1.2" are one comparator each.
    const comparators = alternative
      .trim()
      .replace(/(\^|~|[<>]=?|=)\s+/g, '$1')
      .split(/\s+/);
    return comparators.every((comparator) => {
      if (comparator === '' || comparator === '*') return true;
      const list = bounds(comparator);
      if (!list) throw new Error(`"${range}" is not a version range this tool can read`);
      return list.every(([op, bound]) => TESTS[op](compareVersions(parsed, bound)));
    });
  });
}

/**
 * Whether a shared module's version satisfies the range a remote's mf-manifest.json requires.
 * The manifests carry npm ranges (today exact versions: SHARED_SINGLETONS); this reads the subset
 * npm's own ranges are made of — `*`, `x`, exact, `^`, `~`, comparators (`>=1.2.0 <2`) and `||`
 * alternatives — and answers null for anything else, so an unreadable range is refused by name
 * instead of being guessed at. (The `semver` package sits in node_modules only as another
 * package's dependency, without types; depending on it for this would be more than it saves.)
 */

type Triple = readonly [number, number, number];
type Comparator = { operator: '<' | '<=' | '>' | '>=' | '='; version: Triple };

const VERSION = /^v?(\d+)\.(\d+)\.(\d+)(?:-([0-9A-Za-z.-]+))?(?:\+[0-9A-Za-z.-]+)?$/;
/** A partial version in a range: `1`, `1.2`, `1.2.3`, `1.x`, `1.2.*`. */
const PARTIAL = /^v?(\d+|[xX*])(?:\.(\d+|[xX*]))?(?:\.(\d+|[xX*]))?(?:-[0-9A-Za-z.-]+)?$/;
const COMPARATOR = /^(<=|>=|<|>|=|\^|~)?\s*(.+)$/;

/** A released version's numbers; null for anything else (a prerelease counts as its release). */
function parseVersion(version: string): Triple | null {
  const match = VERSION.exec(version.trim());
  if (!match) return null;
  return [Number(match[1]), Number(match[2]), Number(match[3])];
}

function compare(a: Triple, b: Triple): number {
  return a[0] - b[0] || a[1] - b[1] || a[2] - b[2];
}

const isWild = (part: string | undefined): boolean => part === undefined || /^[xX*]$/.test(part);

/** The comparators one range token stands for (`^1.2.3` → `>=1.2.3 <2.0.0`), or null. */
function comparatorsOf(token: string): Comparator[] | null {
  const match = COMPARATOR.exec(token);
  if (!match) return null;
  const operator = match[1] ?? '';
  const partial = PARTIAL.exec(match[2] ?? '');
  if (!partial) return null;
  const [major, minor, patch] = [partial[1], partial[2], partial[3]];
  if (isWild(major)) return operator === '' || operator === '>=' || operator === '=' ? [] : null;
  const M = Number(major);
  const m = isWild(minor) ? 0 : Number(minor);
  const p = isWild(patch) ? 0 : Number(patch);
  const low: Triple = [M, m, p];
  // The first version past a partial: `1` → 2.0.0, `1.2` → 1.3.0.
  const pastPartial: Triple = isWild(minor) ? [M + 1, 0, 0] : [M, m + 1, 0];
  const partialIsWhole = !isWild(minor) && !isWild(patch);
  switch (operator) {
    case '':
    case '=':
      return partialIsWhole
        ? [{ operator: '=', version: low }]
        : [
            { operator: '>=', version: low },
            { operator: '<', version: pastPartial },
          ];
    case '^': {
      const upper: Triple =
        M > 0 || isWild(minor) ? [M + 1, 0, 0] : m > 0 || isWild(patch) ? [0, m + 1, 0] : [0, 0, p + 1];
      return [
        { operator: '>=', version: low },
        { operator: '<', version: upper },
      ];
    }
    case '~':
      return [
        { operator: '>=', version: low },
        { operator: '<', version: pastPartial },
      ];
    case '>':
      return [{ operator: partialIsWhole ? '>' : '>=', version: partialIsWhole ? low : pastPartial }];
    case '<=':
      return [{ operator: partialIsWhole ? '<=' : '<', version: partialIsWhole ? low : pastPartial }];
    case '>=':
    case '<':
      return [{ operator, version: low }];
    default:
      return null;
  }
}

function holds(version: Triple, { operator, version: bound }: Comparator): boolean {
  const order = compare(version, bound);
  switch (operator) {
    case '<':
      return order < 0;
    case '<=':
      return order <= 0;
    case '>':
      return order > 0;
    case '>=':
      return order >= 0;
    case '=':
      return order === 0;
  }
}

/**
 * true/false when `version` does or does not satisfy `range`; null when either cannot be read
 * (the caller refuses with that reason).
 */
export function satisfiesRange(version: string, range: string): boolean | null {
  const parsed = parseVersion(version);
  if (!parsed) return null;
  const alternatives = range.split('||').map((alternative) => alternative.trim());
  let readable = true;
  for (const alternative of alternatives) {
    // `>= 1.2.0` is one comparator: join an operator to the version after it.
    const tokens = alternative
      .replace(/(<=|>=|<|>|=|\^|~)\s+/g, '$1')
      .split(/\s+/)
      .filter(Boolean);
    const comparators = tokens.length === 0 ? [] : tokens.map(comparatorsOf);
    if (comparators.some((set) => set === null)) {
      readable = false;
      continue;
    }
    if (comparators.every((set) => (set ?? []).every((comparator) => holds(parsed, comparator)))) return true;
  }
  return readable ? false : null;
}

/**
 * The supported-client-version range, read the same way on both sides (SPEC.md §4 "Native version
 * check"): the server refuses at start-up a `SUPPORTED_CLIENT_RANGE` this module cannot read (or
 * that no version satisfies), and the native app judges its version against the range the server
 * answers with the same code.
 *
 * The grammar is the part of semver ranges that a release version needs: comparators separated by
 * spaces, each an optional operator (`>=`, `>`, `<=`, `<`, `=`, `^`, `~`; a space after it is
 * allowed) and a full version `MAJOR.MINOR.PATCH` (optionally `v`-prefixed); all must hold. `^` and
 * `~` mean what they mean in semver (`^1.2.3` = `>=1.2.3 <2.0.0`, `^0.2.3` = `>=0.2.3 <0.3.0`,
 * `^0.0.3` = `>=0.0.3 <0.0.4`, `~1.2.3` = `>=1.2.3 <1.3.0`). Partial versions and x-ranges (`2`,
 * `2.x`, `~2`), hyphen ranges, `||` and pre-release tags are refused.
 */
export type VersionVerdict = 'ok' | 'outdated' | 'too-new';

type Version = readonly [number, number, number];
interface Bound {
  version: Version;
  inclusive: boolean;
}
/** The versions a range admits: one interval (either end open). */
export interface VersionRange {
  min?: Bound;
  max?: Bound;
}

const VERSION = /^v?(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)$/;
const COMPARATOR = /^(>=|<=|>|<|=|\^|~)?(.*)$/;

function parseVersion(text: string): Version | undefined {
  const m = VERSION.exec(text);
  return m ? [Number(m[1]), Number(m[2]), Number(m[3])] : undefined;
}

function compare(a: Version, b: Version): number {
  for (let i = 0; i < 3; i++) {
    if (a[i] !== b[i]) return (a[i] as number) < (b[i] as number) ? -1 : 1;
  }
  return 0;
}

/** The tighter of two lower (`sign` 1) or upper (`sign` -1) bounds. */
function tighter(a: Bound | undefined, b: Bound, sign: 1 | -1): Bound {
  if (!a) return b;
  const c = compare(a.version, b.version) * sign;
  if (c !== 0) return c > 0 ? a : b;
  return a.inclusive ? b : a;
}

/** The bounds one comparator sets. */
function comparatorBounds(op: string, v: Version): VersionRange {
  const [major, minor, patch] = v;
  const atLeast = { version: v, inclusive: true };
  switch (op) {
    case '>=':
      return { min: atLeast };
    case '>':
      return { min: { version: v, inclusive: false } };
    case '<=':
      return { max: { version: v, inclusive: true } };
    case '<':
      return { max: { version: v, inclusive: false } };
    case '^': {
      const ceiling: Version = major > 0 ? [major + 1, 0, 0] : minor > 0 ? [0, minor + 1, 0] : [0, 0, patch + 1];
      return { min: atLeast, max: { version: ceiling, inclusive: false } };
    }
    case '~':
      return { min: atLeast, max: { version: [major, minor + 1, 0], inclusive: false } };
    default:
      return { min: atLeast, max: { version: v, inclusive: true } };
  }
}

/** Reads a range; a string says why it cannot be read (or that no version satisfies it). */
export function parseVersionRange(range: string): VersionRange | string {
  const tokens = range
    .trim()
    // A space between an operator and its version belongs to the comparator (">= 2.0.0").
    .replace(/(>=|<=|>|<|=|\^|~)\s+/g, '$1')
    .split(/\s+/)
    .filter(Boolean);
  if (tokens.length === 0) return 'must name at least one version, like ">=2.0.0 <3.0.0"';
  let result: VersionRange = {};
  for (const token of tokens) {
    const [, op = '=', rest = ''] = COMPARATOR.exec(token) ?? [];
    const version = parseVersion(rest);
    if (!version) {
      return `"${token}" is not a comparator of a full version (like ">=2.0.0", "<3.0.0", "^2.1.0"); partial versions, x-ranges, "-" and "||" are not supported`;
    }
    const bounds = comparatorBounds(op, version);
    result = {
      min: bounds.min ? tighter(result.min, bounds.min, 1) : result.min,
      max: bounds.max ? tighter(result.max, bounds.max, -1) : result.max,
    };
  }
  if (result.max) {
    // The lowest release version the range admits: 0.0.0, the minimum, or the one after it.
    const [major, minor, patch] = result.min?.version ?? [0, 0, 0];
    const lowest: Version = result.min && !result.min.inclusive ? [major, minor, patch + 1] : [major, minor, patch];
    const c = compare(lowest, result.max.version);
    if (c > 0 || (c === 0 && !result.max.inclusive)) return 'no version satisfies it';
  }
  return result;
}

/**
 * Judges a client version against a range the server answered: inside → `ok`, below the range's
 * minimum → `outdated`, above its maximum → `too-new`. A version or range that cannot be read is
 * `ok`: the check never locks a user out over a value it does not understand.
 */
export function judgeVersion(version: string, range: string): VersionVerdict {
  const v = parseVersion(version.trim());
  const parsed = parseVersionRange(range);
  if (!v || typeof parsed === 'string') return 'ok';
  const { min, max } = parsed;
  if (min) {
    const c = compare(v, min.version);
    if (c < 0 || (c === 0 && !min.inclusive)) return 'outdated';
  }
  if (max) {
    const c = compare(v, max.version);
    if (c > 0 || (c === 0 && !max.inclusive)) return 'too-new';
  }
  return 'ok';
}

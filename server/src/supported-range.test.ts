import { judgeVersion, parseVersionRange } from '@neura/contract';
import fc from 'fast-check';
import semver from 'semver';
import { describe, expect, it } from 'vitest';
import { SUPPORTED_CLIENT_RANGE } from './version.js';

/**
 * semver's verdict, the reference the contract's range reader must agree with: inside, or below
 * the range's lowest version, or above it (`semver.ltr` misjudges ranges with redundant comparators).
 */
function semverVerdict(version: string, range: string) {
  if (semver.satisfies(version, range)) return 'ok';
  const lowest = semver.minVersion(range);
  return lowest && semver.lt(version, lowest) ? 'outdated' : 'too-new';
}

/** The versions at and around each bound of a range: the boundary cases. */
function boundaryVersions(range: string): string[] {
  const out = new Set<string>(['0.0.0']);
  for (const [, major, minor, patch] of range.matchAll(/(\d+)\.(\d+)\.(\d+)/g)) {
    const [a, b, c] = [Number(major), Number(minor), Number(patch)];
    for (const [x, y, z] of [
      [a, b, c],
      [a, b, c + 1],
      [a, b + 1, 0],
      [a + 1, 0, 0],
      [a, b, c - 1],
      [a, b - 1, 99],
      [a - 1, 99, 99],
    ]) {
      if ((x as number) >= 0 && (y as number) >= 0 && (z as number) >= 0) out.add(`${x}.${y}.${z}`);
    }
  }
  return [...out];
}

const version = fc.tuple(fc.nat(3), fc.nat(3), fc.nat(3)).map((v) => v.join('.'));
const comparator = fc
  .tuple(fc.constantFrom('>=', '>', '<=', '<', '=', '', '^', '~'), fc.constantFrom('', ' '), version)
  .map(([op, space, v]) => (op === '' ? v : `${op}${space}${v}`));
const range = fc.array(comparator, { minLength: 1, maxLength: 3 }).map((cs) => cs.join(' '));

describe('supported client range: server and native app read it as semver does', () => {
  it('should serve a default range the reader accepts and that includes 2.0.0', () => {
    expect(typeof parseVersionRange(SUPPORTED_CLIENT_RANGE)).toBe('object');
    expect(judgeVersion('2.0.0', SUPPORTED_CLIENT_RANGE)).toBe('ok');
  });

  it.each([
    '>=2.0.0 <3.0.0',
    '>=2.1.0 <3.0.0',
    '^2.0.0',
    '^0.2.3',
    '^0.0.3',
    '~2.1.0',
    '2.0.0',
    '>= 2.0.0 < 3.0.0',
    '>2.0.0 <=2.4.0',
  ])('should judge every boundary version of %j as semver does', (r) => {
    for (const v of boundaryVersions(r)) expect(judgeVersion(v, r), `${v} against ${r}`).toBe(semverVerdict(v, r));
  });

  it('should agree with semver on every range it accepts, for every version', () => {
    fc.assert(
      fc.property(range, version, (r, v) => {
        const parsed = parseVersionRange(r);
        // Every range the reader accepts is a valid semver range, judged the same way.
        fc.pre(typeof parsed !== 'string');
        expect(semver.validRange(r)).not.toBeNull();
        expect(judgeVersion(v, r)).toBe(semverVerdict(v, r));
      }),
      { numRuns: 2000 },
    );
  });

  it('should refuse a range of full versions only when no release version satisfies it', () => {
    fc.assert(
      fc.property(range, (r) => {
        expect(typeof parseVersionRange(r) === 'string').toBe(!satisfiable(r));
      }),
      { numRuns: 2000 },
    );
  });
});

/** Whether some release version satisfies `r` (semver's minVersion may be a pre-release). */
function satisfiable(r: string): boolean {
  const min = semver.minVersion(r);
  return min !== null && min.prerelease.length === 0 && semver.satisfies(min, r);
}

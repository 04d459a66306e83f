import { describe, expect, it } from 'vitest';
import { judgeVersion, parseVersionRange } from './version-range.js';

describe('judgeVersion', () => {
  it.each([
    ['2.0.0', '>=2.0.0 <3.0.0', 'ok'],
    ['2.9.9', '>=2.0.0 <3.0.0', 'ok'],
    ['1.9.9', '>=2.0.0 <3.0.0', 'outdated'],
    ['3.0.0', '>=2.0.0 <3.0.0', 'too-new'],
    ['2.0.0', '^2.0.0', 'ok'],
    ['1.0.0', '^2.0.0', 'outdated'],
    ['3.1.0', '^2.0.0', 'too-new'],
    ['2.0.0', '2.0.0', 'ok'],
    ['2.0.1', '2.0.0', 'too-new'],
    ['1.9.9', '=2.0.0', 'outdated'],
    ['2.0.0', '>2.0.0', 'outdated'],
    ['2.0.0', '<=1.5.0', 'too-new'],
    ['2.1.9', '~2.1.0', 'ok'],
    ['2.2.0', '~2.1.0', 'too-new'],
    ['2.0.0', 'v2.0.0', 'ok'],
    // ^ below 1.0.0 pins the first non-zero part, as in semver (the web once read it as <1.0.0).
    ['0.2.9', '^0.2.3', 'ok'],
    ['0.3.0', '^0.2.3', 'too-new'],
    ['0.0.4', '^0.0.3', 'too-new'],
    // A space after the operator is part of the comparator (the web once read each half apart).
    ['2.0.0', '>= 2.0.0 < 3.0.0', 'ok'],
    ['2.5.0', '>= 2.0.0 < 3.0.0', 'ok'],
    ['3.0.0', '>= 2.0.0 < 3.0.0', 'too-new'],
  ] as const)('should judge %s against %s as %s', (version, range, verdict) => {
    expect(judgeVersion(version, range)).toBe(verdict);
  });

  it('should let a version or range it cannot read through rather than lock the user out', () => {
    expect(judgeVersion('2.0', '>=2.1.0')).toBe('ok');
    expect(judgeVersion('2.0.0', '2.x')).toBe('ok');
  });
});

describe('parseVersionRange', () => {
  it('should read comparators into one interval, keeping the tighter bound', () => {
    expect(parseVersionRange('>=2.0.0 >2.1.0 <3.0.0 <=2.5.0')).toEqual({
      min: { version: [2, 1, 0], inclusive: false },
      max: { version: [2, 5, 0], inclusive: true },
    });
  });

  // The server's semver accepted these and the web misread them; now both refuse them alike.
  it.each(['2', '2.x', '~2', '>=2', '*', '1.0.0 - 2.0.0', '>=1.0.0 <2.0.0 || >=3.0.0', '>=2.0.0-beta.1', 'soon', '<'])(
    'should refuse %j, which the native app could not judge as semver does',
    (range) => {
      expect(parseVersionRange(range)).toEqual(expect.stringMatching(/not a comparator of a full version/));
    },
  );

  it.each(['', '   '])('should refuse an empty range %j', (range) => {
    expect(parseVersionRange(range)).toMatch(/at least one version/);
  });

  it.each(['>=3.0.0 <2.0.0', '>2.0.0 <2.0.0', '>=2.0.0 <2.0.0', '>2.1.2 <2.1.3', '<0.0.0'])(
    'should refuse %j, which no version satisfies',
    (range) => {
      expect(parseVersionRange(range)).toBe('no version satisfies it');
    },
  );
});

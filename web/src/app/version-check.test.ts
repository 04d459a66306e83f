import { describe, expect, it } from 'vitest';
import { judgeVersion, versionAction } from './version-check';

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
    ['2.0.0', '>2.0.0', 'outdated'],
    ['2.0.0', '<=1.5.0', 'too-new'],
  ] as const)('should judge %s against %s as %s', (version, range, verdict) => {
    expect(judgeVersion(version, range)).toBe(verdict);
  });
});

describe('versionAction', () => {
  it('should do nothing on the web whatever the range says', () => {
    expect(versionAction({ native: false, clientVersion: '2.0.0', supportedRange: '>=9.0.0' })).toEqual({
      kind: 'none',
    });
  });
  it('should send an outdated native client to /outdated.html', () => {
    expect(versionAction({ native: true, clientVersion: '1.0.0', supportedRange: '>=2.0.0 <3.0.0' })).toEqual({
      kind: 'redirect',
      to: '/outdated.html',
    });
  });
  it('should warn a native client newer than the range', () => {
    expect(versionAction({ native: true, clientVersion: '3.0.0', supportedRange: '>=2.0.0 <3.0.0' })).toEqual({
      kind: 'warn',
    });
  });
  it('should do nothing for a native client inside the range', () => {
    expect(versionAction({ native: true, clientVersion: '2.0.0', supportedRange: '>=2.0.0 <3.0.0' })).toEqual({
      kind: 'none',
    });
  });
});

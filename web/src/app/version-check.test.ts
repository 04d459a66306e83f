import { describe, expect, it } from 'vitest';
import { versionAction } from './version-check';

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
  it('should read a space after an operator as the server does', () => {
    expect(versionAction({ native: true, clientVersion: '2.0.0', supportedRange: '>= 2.0.0 < 3.0.0' })).toEqual({
      kind: 'none',
    });
  });
  it('should do nothing for a native client inside the range', () => {
    expect(versionAction({ native: true, clientVersion: '2.0.0', supportedRange: '>=2.0.0 <3.0.0' })).toEqual({
      kind: 'none',
    });
  });
});

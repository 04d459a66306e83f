import { describe, expect, it } from 'vitest';
import { readPersisted, writePersisted } from './persisted';

describe('persisted state', () => {
  it('should fall back to defaults on a corrupt value', () => {
    const storage = { getItem: () => '{not json' };
    expect(readPersisted(storage)).toEqual({ token: null, blackout: false, theme: 'dark', introFinished: false });
  });
  it('should keep valid fields and default the invalid ones', () => {
    const storage = { getItem: () => JSON.stringify({ token: 'abc', blackout: 'yes', theme: 'light' }) };
    expect(readPersisted(storage)).toEqual({ token: 'abc', blackout: false, theme: 'light', introFinished: false });
  });
  it('should round-trip through storage', () => {
    const map = new Map<string, string>();
    const storage = {
      getItem: (k: string) => map.get(k) ?? null,
      setItem: (k: string, v: string) => void map.set(k, v),
    };
    writePersisted({ token: 't', blackout: true, theme: 'dark', introFinished: true }, storage);
    expect(readPersisted(storage)).toEqual({ token: 't', blackout: true, theme: 'dark', introFinished: true });
  });
});

import { describe, expect, it } from 'vitest';
import { newId } from './ids.js';

describe('newId', () => {
  it('should make 26-character ids that sort in creation order, also within one millisecond', () => {
    const ids = Array.from({ length: 1000 }, () => newId());
    expect(ids.every((id) => id.length === 26)).toBe(true);
    expect([...ids].sort()).toEqual(ids);
    expect(new Set(ids).size).toBe(ids.length);
  });
});

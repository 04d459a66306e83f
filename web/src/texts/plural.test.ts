import { describe, expect, it } from 'vitest';
import { plural } from './plural';

describe('plural', () => {
  it('picks the locale’s category and formats the number in it', () => {
    const credits = { one: '# credit', other: '# credits' };
    expect(plural('en-US', 1, credits)).toBe('1 credit');
    expect(plural('en-US', 1200, credits)).toBe('1,200 credits');
    expect(plural('de', 1200, { one: '# Credit', other: '# Credits' })).toBe('1.200 Credits');
  });

  it('uses Arabic’s six categories and falls back to other', () => {
    const forms = { zero: 'zero', one: 'one', two: 'two', few: '# few', many: '# many', other: '# other' };
    expect(plural('ar', 0, forms)).toBe('zero');
    expect(plural('ar', 2, forms)).toBe('two');
    expect(plural('ar', 3, forms)).toBe('3 few');
    expect(plural('ar', 11, forms)).toBe('11 many');
    expect(plural('ja', 1, { other: '#件' })).toBe('1件');
  });
});

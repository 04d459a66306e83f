import { describe, expect, it } from 'vitest';
import { deriveChatName } from './naming.js';

describe('deriveChatName', () => {
  it('should use the first non-empty line, capitalised, without trailing punctuation', () => {
    expect(deriveChatName('\n  how do plants grow?\nmore')).toBe('How do plants grow');
  });
  it('should strip markdown marks and collapse spaces', () => {
    expect(deriveChatName('**Plan**   my `trip`')).toBe('Plan my trip');
  });
  it('should cut long text at a word boundary with an ellipsis', () => {
    const name = deriveChatName('please write a very long story about a dragon who learns to bake bread in Paris');
    expect(name?.endsWith('…')).toBe(true);
    expect(name?.length).toBeLessThanOrEqual(48);
    expect(name).toBe('Please write a very long story about a dragon…');
  });
  it('should give undefined for empty or punctuation-only text', () => {
    expect(deriveChatName('')).toBeUndefined();
    expect(deriveChatName('  \n ?! ')).toBeUndefined();
    expect(deriveChatName(null)).toBeUndefined();
  });
});

import { describe, expect, it } from 'vitest';
import { DeltaBatcher } from './delta-batcher.js';
import { cleanTitle, titleFromText } from './naming.js';

describe('cleanTitle', () => {
  it('should strip quotes, labels, markdown and end punctuation and keep six words', () => {
    expect(cleanTitle('"Planning a Trip to Lisbon."')).toBe('Planning a Trip to Lisbon');
    expect(cleanTitle('Title: **Sourdough basics**\nmore')).toBe('Sourdough basics');
    expect(cleanTitle('one two three four five six seven eight')).toBe('one two three four five six');
    expect(cleanTitle('  \n ')).toBeUndefined();
  });
});

describe('titleFromText', () => {
  it('should use the first words of the message, or New Chat', () => {
    expect(titleFromText('How do I bake **sourdough** bread at home please?')).toBe('How do I bake sourdough bread');
    expect(titleFromText('```\ncode\n```')).toBe('New Chat');
  });
});

describe('DeltaBatcher', () => {
  it('should send the first delta at once and coalesce the rest until flushed', () => {
    const sent: string[] = [];
    const batcher = new DeltaBatcher((t) => sent.push(t), 10_000);
    batcher.push('He');
    batcher.push('llo');
    batcher.push(' world');
    expect(sent).toEqual(['He']);
    batcher.flush();
    expect(sent).toEqual(['He', 'llo world']);
    batcher.flush();
    expect(sent).toHaveLength(2);
  });
});

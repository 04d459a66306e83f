import { describe, expect, it } from 'vitest';
import { parseSearchQuery, toFts5, toPostgres } from './query.js';
import { MARK_END, MARK_START } from './repository.js';
import { splitMarks } from './service.js';

describe('parseSearchQuery', () => {
  it('should read words, phrases, prefixes and exclusions', () => {
    const q = parseSearchQuery('Cats "green tea" emb* -dogs');
    expect(q.terms).toEqual([
      { words: ['cats'], prefix: false, negated: false },
      { words: ['green', 'tea'], prefix: false, negated: false },
      { words: ['emb'], prefix: true, negated: false },
      { words: ['dogs'], prefix: false, negated: true },
    ]);
    expect(toFts5(q)).toBe('("cats" AND "green tea" AND "emb"*) NOT "dogs"');
    expect(toPostgres(q)).toEqual({ websearch: '"cats" "green tea" -"dogs"', prefix: '(emb:*)' });
  });

  it('should keep only letters and digits, so no engine operator gets through', () => {
    const q = parseSearchQuery('NEAR(a) col:umn ")*(');
    expect(q.terms.flatMap((t) => t.words)).toEqual(['near', 'a', 'col', 'umn']);
    expect(parseSearchQuery('*** ((( "').terms).toEqual([]);
  });

  it('should treat a query of exclusions only as words', () => {
    expect(parseSearchQuery('-dogs').terms).toEqual([{ words: ['dogs'], prefix: false, negated: false }]);
  });
});

describe('splitMarks', () => {
  it('should strip the marks and give their ranges in the collapsed text', () => {
    const { snippet, highlights } = splitMarks(`a  ${MARK_START}cat${MARK_END}\nsat ${MARK_START}here${MARK_END}`);
    expect(snippet).toBe('a cat sat here');
    expect(highlights.map(([s, e]) => snippet.slice(s, e))).toEqual(['cat', 'here']);
  });
});

import type { SearchHit } from '@neura/contract';
import { describe, expect, it } from 'vitest';
import { distinctHits, leadToMatch, plainSnippet, shownSnippet } from './snippet-text';

const marked = (s: { text: string; highlights: Array<[number, number]> }) =>
  s.highlights.map(([a, b]) => s.text.slice(a, b));

describe('plainSnippet', () => {
  it('should take markdown marks out and keep the highlights on their words', () => {
    const text =
      '## Trip plan Here is a **plan**: the flights are **short** and `cheap`. > quoted - Day 2: the *lighthouse*';
    const at = (word: string) => [text.indexOf(word), text.indexOf(word) + word.length] as [number, number];
    const out = plainSnippet(text, [at('short'), at('lighthouse')]);
    expect(out.text).toBe('Trip plan Here is a plan: the flights are short and cheap. quoted - Day 2: the lighthouse');
    expect(marked(out)).toEqual(['short', 'lighthouse']);
  });

  it('should keep link texts, drop their targets and read table bars as spaces', () => {
    const text = 'See [the guide](https://x.example/a) | col | ![map](m.png) end';
    const out = plainSnippet(text, [[text.indexOf('guide'), text.indexOf('guide') + 5]]);
    expect(out.text).toBe('See the guide col map end');
    expect(marked(out)).toEqual(['guide']);
  });

  it('should leave snake_case and plain prose alone', () => {
    expect(plainSnippet('use snake_case_names, 3 * 4 = 12', []).text).toBe('use snake_case_names, 3 * 4 = 12');
  });
});

describe('leadToMatch', () => {
  it('should start shortly before the first match, at a word', () => {
    const text = 'Here is a long paragraph about many things before the word we want appears';
    const start = text.indexOf('want');
    const out = leadToMatch({ text, highlights: [[start, start + 4]] }, 12);
    expect(out.text.startsWith('…')).toBe(true);
    expect(out.text.indexOf('want')).toBeLessThanOrEqual(14);
    expect(marked(out)).toEqual(['want']);
  });

  it('should leave a snippet whose match is near its start', () => {
    const s = { text: 'short text', highlights: [[0, 5]] as Array<[number, number]> };
    expect(leadToMatch(s)).toBe(s);
  });
});

const hit = (over: Partial<SearchHit>): SearchHit => ({
  chatId: 'c1',
  messageId: 'm1',
  snippet: 'the **lighthouse** at dawn',
  highlights: [[6, 16]],
  role: 'assistant',
  createdAt: '2026-01-01T00:00:00Z',
  chatName: 'Trip',
  persona: 'default',
  archived: false,
  superseded: false,
  ...over,
});

describe('distinctHits', () => {
  it('should list a reply once when its earlier version has the same words, as the current one', () => {
    const earlier = hit({ messageId: 'old', superseded: true });
    const current = hit({ messageId: 'new' });
    expect(distinctHits([earlier, current]).map((h) => h.messageId)).toEqual(['new']);
    expect(distinctHits([current, earlier]).map((h) => h.messageId)).toEqual(['new']);
    // Another chat's same words are another result.
    expect(distinctHits([current, hit({ messageId: 'x', chatId: 'c2' })])).toHaveLength(2);
  });

  it("should leave out Continue's hidden turns", () => {
    const turn = hit({ role: 'user', snippet: 'Continue from where you stopped.', highlights: [[0, 8]] });
    expect(distinctHits([turn])).toEqual([]);
  });

  it('should skip what an earlier page listed', () => {
    const first = hit({ messageId: 'a' });
    expect(distinctHits([hit({ messageId: 'b' })], [first])).toEqual([]);
  });
});

describe('shownSnippet', () => {
  it('should read as text with the match in view', () => {
    const snippet = `${'word '.repeat(20)}**needle** after`;
    const start = snippet.indexOf('needle');
    const out = shownSnippet({ snippet, highlights: [[start, start + 6]] });
    expect(out.text).not.toContain('**');
    expect(out.text.indexOf('needle')).toBeLessThan(30);
    expect(marked(out)).toEqual(['needle']);
  });
});

import { CONTINUE_PROMPT, type SearchHit } from '@neura/contract';

type Range = readonly [number, number];

export interface Snippet {
  text: string;
  highlights: Array<[number, number]>;
}

/**
 * The index keeps a message's text as it was written, markdown and all: a snippet of it reads
 * "## Trip plan … **short**". These marks come out here (headings, emphasis, code ticks, list and
 * quote markers, link targets, table bars), with the highlighted ranges moved along.
 */
const MARKUP: ReadonlyArray<{ pattern: RegExp; drop: (m: RegExpExecArray) => Array<[number, number]> }> = [
  // [text](url) and ![alt](url): the text stays.
  {
    pattern: /(!?)\[([^\]\n]*)\]\(([^)\s]*)\)/g,
    drop: (m) => {
      const at = m.index;
      const bang = m[1]?.length ?? 0;
      const text = m[2]?.length ?? 0;
      return [
        [at, at + bang + 1],
        [at + bang + 1 + text, at + m[0].length],
      ];
    },
  },
  // Heading, quote and bullet markers where a line (now a space) starts (not "3 * 4").
  { pattern: /(?<=^|\s)(#{1,6}|>)\s/g, drop: (m) => [[m.index, m.index + m[0].length]] },
  { pattern: /(?<=^|(?<!\d)\s)[*+]\s/g, drop: (m) => [[m.index, m.index + m[0].length]] },
  // Bold, strike-through, code ticks.
  { pattern: /\*\*|__|~~|`+/g, drop: (m) => [[m.index, m.index + m[0].length]] },
  // Single * or _ around words (not inside snake_case).
  { pattern: /(?<=^|[\s(])[*_](?=\S)|(?<=\S)[*_](?=$|[\s.,;:!?)])/g, drop: (m) => [[m.index, m.index + 1]] },
];

/** The snippet as plain text: markdown marks removed, table bars as spaces, one space between words. */
export function plainSnippet(text: string, highlights: readonly Range[]): Snippet {
  const keep = new Array<boolean>(text.length).fill(true);
  for (const { pattern, drop } of MARKUP) {
    for (const m of text.matchAll(pattern)) {
      for (const [from, to] of drop(m as RegExpExecArray)) for (let i = from; i < to; i++) keep[i] = false;
    }
  }
  let out = '';
  const map: number[] = [];
  for (let i = 0; i < text.length; i++) {
    if (!keep[i]) continue;
    const ch = text[i] === '|' ? ' ' : (text[i] as string);
    const space = /\s/.test(ch);
    if (space && (out === '' || out.endsWith(' '))) continue;
    map[i] = out.length;
    out += space ? ' ' : ch;
  }
  const trimmed = out.trimEnd();
  return { text: trimmed, highlights: moveRanges(highlights, map, text.length, trimmed.length) };
}

/** Ranges over the original text → ranges over the kept characters (empty ones dropped). */
function moveRanges(ranges: readonly Range[], map: number[], length: number, max: number): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  for (const [start, end] of ranges) {
    let from = -1;
    let to = -1;
    for (let i = Math.max(0, start); i < Math.min(end, length); i++) {
      const at = map[i];
      if (at === undefined) continue;
      if (from < 0) from = at;
      to = at + 1;
    }
    if (from >= 0 && to > from && from < max) out.push([from, Math.min(to, max)]);
  }
  return out;
}

/** How many characters may come before the first match: it stays on the first of the two lines shown. */
export const LEAD = 24;

/**
 * Starts the snippet shortly before its first match (at a word), so the matched word is on the
 * lines shown rather than cut off after them.
 */
export function leadToMatch(snippet: Snippet, lead = LEAD): Snippet {
  const first = Math.min(...snippet.highlights.map(([s]) => s));
  if (!Number.isFinite(first) || first <= lead) return snippet;
  let cut = first - lead;
  // At the start of a word: after the next space (or at the match itself).
  const space = snippet.text.indexOf(' ', cut);
  cut = space >= 0 && space < first ? space + 1 : first;
  const shift = cut - 1;
  return {
    text: `…${snippet.text.slice(cut)}`,
    highlights: snippet.highlights.map(([s, e]) => [s - shift, e - shift] as [number, number]),
  };
}

/** A hit as shown: plain text, starting near its match. */
export function shownSnippet(hit: Pick<SearchHit, 'snippet' | 'highlights'>): Snippet {
  return leadToMatch(plainSnippet(hit.snippet, hit.highlights));
}

/** The hidden turn Continue sends (shown as the answer going on, not as a message): not a result. */
const isContinueTurn = (hit: SearchHit, text: string) =>
  hit.role === 'user' && text.replace(/…/g, '').trim() === CONTINUE_PROMPT;

/**
 * The hits worth listing, in order: one per text in a chat (a reply and its earlier version with
 * the same words are one result: the current one), without Continue's hidden turns. `seen` keeps
 * what earlier pages listed.
 */
export function distinctHits(hits: readonly SearchHit[], seen: readonly SearchHit[] = []): SearchHit[] {
  const key = (hit: SearchHit) => `${hit.chatId}\n${hit.role}\n${plainSnippet(hit.snippet, []).text}`;
  const taken = new Map<string, SearchHit>(seen.map((h) => [key(h), h]));
  const out: SearchHit[] = [];
  for (const hit of hits) {
    if (isContinueTurn(hit, plainSnippet(hit.snippet, []).text)) continue;
    const k = key(hit);
    const there = taken.get(k);
    if (there) {
      // The current version takes the place of an earlier one listed on this page.
      const at = out.indexOf(there);
      if (there.superseded && !hit.superseded && at >= 0) {
        out[at] = hit;
        taken.set(k, hit);
      }
      continue;
    }
    out.push(hit);
    taken.set(k, hit);
  }
  return out;
}

/** A passage of a document: its page (from 1; null when the format has none) and its text. */
export interface Passage {
  ord: number;
  page: number | null;
  text: string;
}

/** About 200 tokens a passage, 40 shared with the next one (a sentence cut at the edge is in both). */
const SIZE = 800;
const OVERLAP = 160;

/** Whitespace folded, so the index and the model read the same text. */
const fold = (text: string) =>
  text
    .replace(/[ \t\f\v\r]+/g, ' ')
    .replace(/\n\s*\n+/g, '\n\n')
    .trim();

/**
 * A document's pages as passages of ~SIZE characters with OVERLAP between neighbours, never across
 * a page (a passage has one page to cite); cut at a space when there is one near the end.
 */
export function chunkPages(pages: readonly string[], paged: boolean): Passage[] {
  const passages: Passage[] = [];
  pages.forEach((raw, index) => {
    const text = fold(raw);
    let start = 0;
    while (start < text.length) {
      let end = Math.min(text.length, start + SIZE);
      if (end < text.length) {
        const space = text.lastIndexOf(' ', end);
        if (space > start + SIZE / 2) end = space;
      }
      passages.push({ ord: passages.length, page: paged ? index + 1 : null, text: text.slice(start, end).trim() });
      if (end >= text.length) break;
      const next = end - OVERLAP;
      const space = text.indexOf(' ', next);
      start = space > next && space < end ? space + 1 : next;
    }
  });
  return passages.filter((p) => p.text !== '');
}

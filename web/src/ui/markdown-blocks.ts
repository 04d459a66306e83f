/**
 * Splits markdown into top-level blocks that render exactly as the whole text does, so each block
 * can be parsed and rendered on its own and memoized: while a reply streams only the last block
 * changes, and a long reply is never parsed as a whole on every frame.
 *
 * A blank line ends a block only where CommonMark/GFM would start afresh after it anyway: outside
 * fenced code and raw HTML blocks that may hold blank lines (`<pre>`, `<script>`, `<!-- … -->`,
 * …), and only when the next line is neither indented (a list item's continuation or indented
 * code) nor a list item (which could belong to the list above and make it loose). Link reference
 * and footnote definitions apply to the whole text, so a text holding one stays one block.
 */

const FENCE = /^ {0,3}(`{3,}|~{3,})/;
const DEFINITION = /^ {0,3}\[[^\]]+\]:/m;
const LIST_ITEM = /^ {0,3}([-*+]|\d{1,9}[.)])(\s|$)/;
/** The raw HTML blocks that run across blank lines (CommonMark kinds 1–5), with their end marks. */
const HTML_BLOCKS: [RegExp, RegExp][] = [
  [/^ {0,3}<(pre|script|style|textarea)(\s|>|$)/i, /<\/(pre|script|style|textarea)>/i],
  [/^ {0,3}<!--/, /-->/],
  [/^ {0,3}<\?/, /\?>/],
  [/^ {0,3}<![A-Za-z]/, />/],
  [/^ {0,3}<!\[CDATA\[/, /\]\]>/],
];

export function splitBlocks(text: string): string[] {
  if (DEFINITION.test(text)) return text.trim() === '' ? [] : [text];
  const lines = text.split('\n');
  const blocks: string[] = [];
  let current: string[] = [];
  /** The open code fence (its marker run) or raw HTML block (its end mark), if any. */
  let fence: string | null = null;
  let html: RegExp | null = null;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] as string;
    if (html) {
      if (html.test(line)) html = null;
    } else if (fence !== null) {
      const marker = FENCE.exec(line)?.[1];
      if (marker && marker[0] === fence[0] && marker.length >= fence.length && line.trim() === marker) fence = null;
    } else {
      const marker = FENCE.exec(line)?.[1];
      if (marker) fence = marker;
      else {
        const kind = HTML_BLOCKS.find(([open]) => open.test(line));
        // The end mark may sit on the opening line itself (`<!-- note -->`).
        if (kind && !kind[1].test(line.replace(kind[0], ''))) html = kind[1];
      }
    }
    const blank = line.trim() === '';
    if (blank && fence === null && html === null && current.length > 0) {
      // Look past further blank lines at what comes next.
      let j = i + 1;
      while (j < lines.length && (lines[j] as string).trim() === '') j++;
      const next = lines[j];
      if (next === undefined || (!/^\s/.test(next) && !LIST_ITEM.test(next))) {
        blocks.push(current.join('\n'));
        current = [];
        i = j - 1;
        continue;
      }
    }
    if (blank && current.length === 0) continue;
    current.push(line);
  }
  if (current.length > 0 && current.some((l) => l.trim() !== '')) blocks.push(current.join('\n'));
  return blocks;
}

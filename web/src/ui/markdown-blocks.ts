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

/** The blocks of a text and where each starts in it (a character offset). */
export interface Split {
  text: string;
  blocks: string[];
  starts: number[];
}

/**
 * The blocks of `text`. Given the split of a text it grew from (a streaming reply, once per frame),
 * the blocks before the last two are kept and only the rest is split again, so a frame's work does
 * not grow with the reply (a 10,000-token reply was split whole each frame, issue #50 item 3). The
 * same blocks as a whole split: a block starts where nothing is open (no fence, no raw HTML block),
 * and the boundary before the second to last block was decided on a line that has not changed since.
 */
export function splitGrown(prev: Split | null, text: string): Split {
  const n = prev?.blocks.length ?? 0;
  if (prev && n >= 2 && text.startsWith(prev.text)) {
    const from = prev.starts[n - 2] as number;
    const tail = text.slice(from);
    // The text before `from` held no definition (it was split): only the tail can bring one.
    if (!DEFINITION.test(tail)) {
      const rest = split(tail);
      return {
        text,
        blocks: [...prev.blocks.slice(0, n - 2), ...rest.blocks],
        starts: [...prev.starts.slice(0, n - 2), ...rest.starts.map((s) => s + from)],
      };
    }
  }
  if (DEFINITION.test(text)) return { text, blocks: text.trim() === '' ? [] : [text], starts: [0] };
  return { text, ...split(text) };
}

function split(text: string): { blocks: string[]; starts: number[] } {
  const lines = text.split('\n');
  const blocks: string[] = [];
  const starts: number[] = [];
  let current: string[] = [];
  /** Where each line starts, and where the block being gathered starts. */
  let offset = 0;
  let start = 0;
  /** The open code fence (its marker run) or raw HTML block (its end mark), if any. */
  let fence: string | null = null;
  let html: RegExp | null = null;
  for (let i = 0; i < lines.length; offset += (lines[i] as string).length + 1, i++) {
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
        starts.push(start);
        current = [];
        for (let k = i; k < j - 1; k++) offset += (lines[k] as string).length + 1;
        i = j - 1;
        continue;
      }
    }
    if (blank && current.length === 0) continue;
    if (current.length === 0) start = offset;
    current.push(line);
  }
  if (current.length > 0 && current.some((l) => l.trim() !== '')) {
    blocks.push(current.join('\n'));
    starts.push(start);
  }
  return { blocks, starts };
}

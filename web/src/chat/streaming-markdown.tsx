import { useMemo } from 'react';
import { Markdown } from '../ui/markdown';

/**
 * Splits markdown into top-level blocks at blank lines outside code fences. Completed blocks keep
 * their exact text, so the memoized Markdown component skips them; only the tail re-renders.
 */
export function splitBlocks(text: string): string[] {
  const blocks: string[] = [];
  let current: string[] = [];
  let fence: string | null = null;
  for (const line of text.split('\n')) {
    const marker = /^\s{0,3}(```|~~~)/.exec(line)?.[1];
    if (marker) fence = fence === null ? marker : fence === marker ? null : fence;
    if (fence === null && line.trim() === '' && current.length > 0) {
      blocks.push(current.join('\n'));
      current = [];
      continue;
    }
    current.push(line);
  }
  if (current.length > 0) blocks.push(current.join('\n'));
  return blocks;
}

/** A reply still streaming: memoized completed blocks, a live tail. */
export function StreamingMarkdown({ text }: { text: string }) {
  const blocks = useMemo(() => splitBlocks(text), [text]);
  return (
    <div>
      {blocks.map((block, i) => (
        // Blocks only ever grow at the end, so the index is a stable key.
        // biome-ignore lint/suspicious/noArrayIndexKey: append-only list.
        <Markdown key={i}>{block}</Markdown>
      ))}
    </div>
  );
}

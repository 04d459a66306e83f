import type { MessagePart } from '@neura/contract';
import { Markdown } from '../../ui/lazy-markdown';
import { ToolCard } from './tool-card';

/** A reply with tool calls, in order: text, cards, more text (the last text grows while the reply streams). */
export function MessageParts({ parts }: { parts: MessagePart[] }) {
  return (
    <>
      {parts.map((part, i) => {
        if (part.type === 'tool') {
          const { type: _type, ...call } = part;
          return <ToolCard key={part.id} call={call} />;
        }
        // Memory notes are shown under the reply (MemoryNotes).
        // Citations too (SourceList, under the reply).
        if (part.type === 'memory' || part.type === 'sources') return null;
        const key = `text-${i}`;
        if (!part.text.trim()) return null;
        // Markdown renders block by block, memoized: the streaming tail re-parses only its last block.
        return <Markdown key={key}>{part.text}</Markdown>;
      })}
    </>
  );
}

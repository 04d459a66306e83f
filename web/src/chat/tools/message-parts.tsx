import type { MessagePart } from '@neura/contract';
import { Markdown } from '../../ui/markdown';
import { StreamingMarkdown } from '../streaming-markdown';
import { ToolCard } from './tool-card';

/** A reply with tool calls, in order: text, cards, more text (the last text streams while live). */
export function MessageParts({ parts, streaming }: { parts: MessagePart[]; streaming: boolean }) {
  return (
    <>
      {parts.map((part, i) => {
        if (part.type === 'tool') {
          const { type: _type, ...call } = part;
          return <ToolCard key={part.id} call={call} />;
        }
        const key = `text-${i}`;
        if (!part.text.trim()) return null;
        return streaming && i === parts.length - 1 ? (
          <StreamingMarkdown key={key} text={part.text} />
        ) : (
          <Markdown key={key}>{part.text}</Markdown>
        );
      })}
    </>
  );
}

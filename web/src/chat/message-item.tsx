import type { Message } from '@neura/contract';
import { memo } from 'react';
import { attachmentsOf } from '../files/types';
import { ImageGrid } from '../media/image-grid';
import { mediaTexts, texts } from '../texts/texts';
import { Markdown } from '../ui/markdown';
import { SpeakButton } from '../voice/speak-button';
import { MessageCost } from './message-cost';
import { StreamingMarkdown } from './streaming-markdown';
import { MessageParts } from './tools/message-parts';

function TypingDots() {
  return (
    <span className="inline-flex gap-1 py-2" role="status" aria-label={texts.chat.thinking}>
      <span className="h-2 w-2 animate-bounce rounded-full bg-muted" />
      <span className="h-2 w-2 animate-bounce rounded-full bg-muted [animation-delay:120ms]" />
      <span className="h-2 w-2 animate-bounce rounded-full bg-muted [animation-delay:240ms]" />
    </span>
  );
}

/** One message. Memoized: completed messages never re-render while another one streams. */
export const MessageItem = memo(function MessageItem({ message }: { message: Message }) {
  if (message.role === 'user') {
    const attachments = attachmentsOf(message);
    return (
      <div className="flex flex-col items-end gap-1" data-testid="message" data-role="user">
        {attachments.length > 0 ? (
          <div className="flex max-w-[85%] justify-end" data-testid="message-attachments">
            <ImageGrid images={attachments} alt={(_, i) => mediaTexts.sentImage(i + 1)} compact />
          </div>
        ) : null}
        {message.content ? (
          <div className="max-w-[85%] whitespace-pre-wrap break-words rounded-2xl rounded-br-sm bg-accent px-4 py-2 text-accent-fg">
            {message.content}
          </div>
        ) : null}
      </div>
    );
  }
  if (message.role === 'system') {
    return (
      <div
        className="mx-auto max-w-[90%] rounded-xl border border-border bg-surface-2 px-4 py-3 text-sm text-muted"
        data-testid="message"
        data-role="system"
      >
        <Markdown>{message.content}</Markdown>
      </div>
    );
  }
  const streaming = message.status === 'streaming';
  const hasTools = message.parts?.some((p) => p.type === 'tool') ?? false;
  return (
    <div className="flex justify-start" data-testid="message" data-role="assistant" data-status={message.status}>
      <div className="min-w-0 max-w-[95%] break-words rounded-2xl rounded-bl-sm bg-surface-2 px-4 py-2">
        {streaming && message.content === '' && !hasTools ? <TypingDots /> : null}
        {hasTools ? (
          <MessageParts parts={message.parts ?? []} streaming={streaming} />
        ) : streaming ? (
          <StreamingMarkdown text={message.content} />
        ) : (
          <Markdown>{message.content}</Markdown>
        )}
        {message.status === 'stopped' ? <p className="mt-1 text-xs text-muted">{texts.chat.stopped}</p> : null}
        {message.status === 'failed' ? <p className="mt-1 text-xs text-danger">{texts.chat.failed}</p> : null}
        {!streaming && hasTools ? <MessageCost message={message} /> : null}
        {!streaming && message.content.trim() !== '' ? (
          <SpeakButton messageId={message.id} text={message.content} />
        ) : null}
      </div>
    </div>
  );
});

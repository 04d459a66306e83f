import type { Message } from '@neura/contract';
import { memo } from 'react';
import { texts } from '../texts/texts';
import { Markdown } from '../ui/markdown';
import { StreamingMarkdown } from './streaming-markdown';

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
    return (
      <div className="flex justify-end" data-testid="message" data-role="user">
        <div className="max-w-[85%] whitespace-pre-wrap break-words rounded-2xl rounded-br-sm bg-accent px-4 py-2 text-accent-fg">
          {message.content}
        </div>
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
  return (
    <div className="flex justify-start" data-testid="message" data-role="assistant" data-status={message.status}>
      <div className="min-w-0 max-w-[95%] break-words rounded-2xl rounded-bl-sm bg-surface-2 px-4 py-2">
        {streaming && message.content === '' ? <TypingDots /> : null}
        {streaming ? <StreamingMarkdown text={message.content} /> : <Markdown>{message.content}</Markdown>}
        {message.status === 'stopped' ? <p className="mt-1 text-xs text-muted">{texts.chat.stopped}</p> : null}
        {message.status === 'failed' ? <p className="mt-1 text-xs text-danger">{texts.chat.failed}</p> : null}
      </div>
    </div>
  );
});

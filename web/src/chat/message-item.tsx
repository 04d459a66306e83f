import type { Message } from '@neura/contract';
import { memo, useDeferredValue, useMemo, useRef, useState } from 'react';
import { showSendError } from '../chats/send-error';
import { attachmentsOf, documentsOf, picturesOf } from '../files/types';
import { ImageGrid } from '../media/image-grid';
import { appTexts, mediaTexts } from '../texts/app-texts';
import { Markdown } from '../ui/lazy-markdown';
import { EditForm } from './actions/edit-form';
import { MessageActions } from './actions/message-actions';
import { editMessage } from './chat-api';
import { continuedAnswer } from './continued-answer';
import { DocumentChips } from './document-chip';
import { addressedIn } from './group-members';
import { MemoryNotes } from './memory-note';
import { ReplyOutcome } from './reply-outcome';
import { SourceList } from './source-list';
import { SpeakerLabel } from './speaker-label';
import { ThinkingBlock } from './thinking-block';
import { MessageParts } from './tools/message-parts';

function TypingDots() {
  return (
    <span className="inline-flex gap-1 py-2" role="status" aria-label={appTexts.chat.thinking}>
      <span className="h-2 w-2 animate-bounce rounded-full bg-muted" />
      <span className="h-2 w-2 animate-bounce rounded-full bg-muted [animation-delay:120ms]" />
      <span className="h-2 w-2 animate-bounce rounded-full bg-muted [animation-delay:240ms]" />
    </span>
  );
}

/** Where a message sits in the chat, for its actions (primitive props keep the memo effective). */
export interface MessageContext {
  /** The newest reply / the newest user message of the chat. */
  isLast?: boolean;
  /** A reply is being written in the chat. */
  busy?: boolean;
  versionIndex?: number;
  versionCount?: number;
  /** Moves this reply's version (the list knows the ids). */
  onVersion?: (message: Message, delta: -1 | 1) => void;
  /** A reply carried on with Continue: its earlier parts, shown as the start of the same answer. */
  before?: readonly Message[];
  /** A search result opened here: the bubble is outlined for a moment. */
  marked?: boolean;
}

/** Same props, with the earlier parts compared one by one (the list makes a new array per render). */
function sameProps(a: { message: Message } & MessageContext, b: { message: Message } & MessageContext): boolean {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]) as Set<keyof typeof a>;
  for (const key of keys) {
    if (key === 'before') {
      const x = a.before ?? [];
      const y = b.before ?? [];
      if (x.length !== y.length || x.some((m, i) => m !== y[i])) return false;
    } else if (!Object.is(a[key], b[key])) return false;
  }
  return true;
}

/** The outline of a search result: inside the bubble, on its own edge. */
const MARKED = 'ring-2 ring-inset ring-accent';

/** The messages whose markdown a row has shown (by id, with that text), the most recent ones. */
const shownMarkdown = new Map<string, string>();
function markdownShown(id: string, content: string) {
  if (shownMarkdown.size >= 2000) shownMarkdown.delete(shownMarkdown.keys().next().value as string);
  shownMarkdown.set(id, content);
}

/** One message. Memoized: completed messages never re-render while another one streams. */
export const MessageItem = memo(function MessageItem({
  message: newest,
  isLast = false,
  busy = false,
  versionIndex,
  versionCount,
  onVersion,
  before,
  marked = false,
}: { message: Message } & MessageContext) {
  // A continued answer reads as one message (its newest part's actions apply).
  const message = useMemo(() => (before?.length ? continuedAnswer(before, newest) : newest), [before, newest]);
  const content = useRef<HTMLDivElement>(null);
  const [editing, setEditing] = useState(false);
  // A reply that streams while mounted: each of its blocks is contained (`.markdown-live` in
  // markdown.css), so a frame lays out and paints the growing block, not the blocks before it. It
  // stays on after the reply completes (taking it off would lay the whole reply out again at once).
  const [live] = useState(message.status === 'streaming');
  // A finished message mounted by the list (opening a chat, scrolling up) first renders without its
  // markdown, then with it in a deferred render that React splits into short slices: a screenful of
  // rows never parses and renders all its markdown in one long task. A streaming reply renders its
  // text at once (its memoized blocks make each frame's work small).
  // Mounted again (scrolled back into view), a row whose markdown was shown renders it at once, at
  // its full height: from none, its height changed after the list had measured it and moved the
  // list's range, and the rows left and came back in a loop that never ended (issue #50 item 3).
  const again = shownMarkdown.get(message.id) === message.content;
  const deferred = useDeferredValue(message.content, live || again ? message.content : '');
  const markdown = live ? message.content : deferred;
  if (markdown === message.content && !again) markdownShown(message.id, message.content);
  // innerText on purpose: rendered text with its line breaks between paragraphs and list items.
  const plainText = () => {
    const el = content.current;
    if (!el) return message.content;
    // (Environments without layout, such as jsdom, have no innerText.)
    // biome-ignore lint/performance/useDomNodeTextContent: textContent would run blocks together.
    return (el.innerText ?? el.textContent ?? '').trim();
  };
  const actions = (
    <MessageActions
      message={message}
      plainText={plainText}
      isLast={isLast}
      busy={busy}
      {...(versionIndex !== undefined && versionCount !== undefined
        ? { version: { index: versionIndex, count: versionCount } }
        : {})}
      {...(onVersion ? { onVersion: (delta: -1 | 1) => onVersion(message, delta) } : {})}
      {...(message.role === 'user' ? { onEdit: () => setEditing(true) } : {})}
    />
  );
  if (message.role === 'user') {
    if (editing) {
      return (
        <div className="flex justify-end" data-testid="message" data-role="user">
          <EditForm
            initial={message.content}
            onCancel={() => setEditing(false)}
            onSubmit={async (text) => {
              try {
                await editMessage(message.chatId, message.id, text, addressedIn(message.chatId, text));
                return true;
              } catch (error) {
                showSendError(error);
                return false;
              }
            }}
          />
        </div>
      );
    }
    const attached = attachmentsOf(message);
    const attachments = picturesOf(attached);
    // The actions sit beside the message element, so its text stays the message's text.
    return (
      <div className="group">
        <div className="flex flex-col items-end gap-1" data-testid="message" data-role="user">
          <DocumentChips documents={documentsOf(attached)} />
          {attachments.length > 0 ? (
            <div className="flex max-w-[85%] justify-end" data-testid="message-attachments">
              <ImageGrid images={attachments} alt={(_, i) => mediaTexts.sentImage(i + 1)} compact />
            </div>
          ) : null}
          {message.content ? (
            <div
              ref={content}
              data-focused={marked || undefined}
              className={`max-w-[85%] whitespace-pre-wrap break-words rounded-2xl rounded-ee-sm bg-accent px-4 py-2 text-accent-fg ${marked ? 'ring-2 ring-inset ring-accent-fg' : ''}`}
            >
              {message.content}
            </div>
          ) : null}
        </div>
        {actions}
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
        <Markdown>{markdown}</Markdown>
      </div>
    );
  }
  const streaming = message.status === 'streaming';
  const hasTools = message.parts?.some((p) => p.type === 'tool') ?? false;
  return (
    <div className="group">
      {message.personaId ? <SpeakerLabel personaId={message.personaId} /> : null}
      <div
        className="flex justify-start"
        data-testid="message"
        data-role="assistant"
        data-status={message.status}
        data-persona={message.personaId}
      >
        <div
          data-focused={marked || undefined}
          className={`min-w-0 max-w-[95%] break-words rounded-2xl rounded-es-sm bg-surface-2 px-4 py-2 ${marked ? MARKED : ''}`}
        >
          {message.reasoning ? (
            <ThinkingBlock reasoning={message.reasoning} live={streaming && message.content === '' && !hasTools} />
          ) : null}
          {streaming && message.content === '' && !hasTools && !message.reasoning ? <TypingDots /> : null}
          <div
            ref={content}
            className={
              [live ? 'markdown-live' : '', streaming && !hasTools ? 'stream-caret' : ''].join(' ').trim() || undefined
            }
          >
            {hasTools ? (
              <MessageParts parts={message.parts ?? []} />
            ) : (
              // One component while streaming and after: its memoized blocks carry over.
              <Markdown>{markdown}</Markdown>
            )}
          </div>
          <MemoryNotes message={message} />
          <SourceList message={message} />
          {message.status === 'stopped' ? <p className="mt-1 text-xs text-muted">{appTexts.chat.stopped}</p> : null}
          {message.status === 'failed' ? <p className="mt-1 text-xs text-danger">{appTexts.chat.failed}</p> : null}
          <ReplyOutcome message={message} isLast={isLast} busy={busy} />
        </div>
      </div>
      {actions}
    </div>
  );
}, sameProps);

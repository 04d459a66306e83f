import { MESSAGES_PAGE_SIZE } from '@neura/contract';
import { useCallback, useEffect } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { AppError, errorMessage } from '../api/app-error';
import { useSessionEvent } from '../api/use-session-event';
import { useAppStore } from '../store/app-store';
import {
  dispatchMessages,
  emptyThread,
  flushDeltas,
  isStreaming,
  queueDelta,
  queueReasoning,
  useMessages,
} from '../store/messages';
import { showToast } from '../ui/toast-store';
import { fetchMessages } from './chat-api';
import { replyEnded, replyStarted } from './long-reply';

/**
 * Loads the newest page of a chat. A 404 marks it missing; any other failure marks the thread
 * failed (the chat page shows the error with Retry) when nothing is shown yet, else a toast.
 * `refresh` (after a reconnect) merges the page into what is shown, catching up a streaming reply.
 */
async function loadNewest(chatId: string, refresh: boolean, isCancelled: () => boolean = () => false) {
  try {
    const page = await fetchMessages(chatId);
    if (isCancelled()) return;
    dispatchMessages({ type: 'page', chatId, page, hasMore: page.length >= MESSAGES_PAGE_SIZE, refresh });
  } catch (error) {
    if (isCancelled()) return;
    if (error instanceof AppError && error.status === 404) {
      dispatchMessages({ type: 'missing', chatId });
      return;
    }
    const shown = useMessages.getState().threads[chatId];
    if (shown?.loaded && !shown.error) showToast({ severity: 'error', message: errorMessage(error) });
    else dispatchMessages({ type: 'failed', chatId, error: errorMessage(error) });
  }
}

/** What the chat page shows of a thread besides its messages (the message list reads those itself). */
export interface ThreadState {
  loaded: boolean;
  hasMore: boolean;
  loadingOlder: boolean;
  missing: boolean;
  error: string | undefined;
  /** A reply is being written. */
  streaming: boolean;
}

const NOT_OPENED = emptyThread();

/**
 * Opens a chat: loads its newest page and follows the user's room, so a reply streaming in
 * another tab streams here too. After a reconnect the newest page is fetched again, so text
 * streamed while disconnected shows at once. Returns `loadOlder` for scroll-up paging and `retry`
 * for a failed load. A draft chat (`draft`) loads nothing.
 */
export function useChatThread(chatId: string, draft = false) {
  // Fields, not the thread: a frame of a streaming reply does not render the whole chat page again
  // (only the list, which selects the messages), issue #50 item 3.
  // A chat not opened yet reads as the empty thread its opening adds, so the opening (an effect)
  // changes nothing this page shows (a store's change in an effect is rendered synchronously).
  const thread = useMessages(
    useShallow((s): ThreadState | undefined => {
      const t = draft ? undefined : (s.threads[chatId] ?? NOT_OPENED);
      return t
        ? {
            loaded: t.loaded,
            hasMore: t.hasMore,
            loadingOlder: t.loadingOlder,
            missing: t.missing ?? false,
            error: t.error,
            streaming: isStreaming(t),
          }
        : undefined;
    }),
  );
  const signedIn = useAppStore((s) => s.token !== null);

  useEffect(() => {
    // A draft chat (not created yet) has nothing to load; its events are still followed below.
    if (draft) return;
    dispatchMessages({ type: 'opened', chatId });
    if (!signedIn || useMessages.getState().threads[chatId]?.loaded) return;
    let cancelled = false;
    void loadNewest(chatId, false, () => cancelled);
    return () => {
      cancelled = true;
    };
  }, [chatId, signedIn, draft]);

  const retry = useCallback(() => loadNewest(chatId, false), [chatId]);

  // `ready` follows every (re)connect of the session socket.
  useSessionEvent('ready', () => {
    if (draft) return;
    const current = useMessages.getState().threads[chatId];
    if (!current || current.missing || current.loadingOlder) return;
    if (current.loaded || current.error) void loadNewest(chatId, current.loaded);
  });

  const loadOlder = useCallback(async () => {
    const current = useMessages.getState().threads[chatId];
    if (!current?.loaded || !current.hasMore || current.loadingOlder) return;
    const oldest = current.messages[0]?.id;
    dispatchMessages({ type: 'loadingOlder', chatId, loading: true });
    try {
      const page = await fetchMessages(chatId, oldest);
      dispatchMessages({ type: 'page', chatId, page, hasMore: page.length >= MESSAGES_PAGE_SIZE });
    } catch (error) {
      dispatchMessages({ type: 'loadingOlder', chatId, loading: false });
      showToast({ severity: 'error', message: errorMessage(error) });
    }
  }, [chatId]);

  useSessionEvent('message.created', ({ chatId: id, message }) => {
    flushDeltas();
    if (message.role === 'assistant' && message.status === 'streaming') replyStarted(message.id);
    dispatchMessages({ type: 'upserted', chatId: id, message });
  });
  useSessionEvent('message.delta', (delta) => queueDelta(delta));
  useSessionEvent('message.reasoning', (delta) => queueReasoning(delta));
  useSessionEvent('message.tool', ({ chatId: id, messageId, call }) => {
    flushDeltas();
    dispatchMessages({ type: 'tool', chatId: id, messageId, call });
  });
  useSessionEvent('message.done', ({ chatId: id, message }) => {
    flushDeltas();
    replyEnded(message.id);
    dispatchMessages({ type: 'upserted', chatId: id, message });
  });
  // An edited user message (editMessage from any device).
  useSessionEvent('message.updated', ({ chatId: id, message }) => {
    dispatchMessages({ type: 'upserted', chatId: id, message });
  });
  useSessionEvent('message.error', ({ chatId: id, messageId, message }) => {
    flushDeltas();
    dispatchMessages({ type: 'status', chatId: id, messageId, status: 'failed' });
    if (id === chatId) showToast({ severity: 'error', message });
  });
  useSessionEvent('chat.messages', ({ chatId: id, messages }) => {
    dispatchMessages({ type: 'page', chatId: id, page: messages, hasMore: messages.length >= MESSAGES_PAGE_SIZE });
  });

  return { thread, loadOlder, retry };
}

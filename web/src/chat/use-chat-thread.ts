import { MESSAGES_PAGE_SIZE } from '@neura/contract';
import { useCallback, useEffect } from 'react';
import { AppError, errorMessage } from '../api/app-error';
import { useSessionEvent } from '../api/use-session-event';
import { useAppStore } from '../store/app-store';
import { dispatchMessages, flushDeltas, queueDelta, useMessages } from '../store/messages';
import { showToast } from '../ui/toast-store';
import { fetchMessages } from './chat-api';

/**
 * Opens a chat: loads its newest page and follows the user's room, so a reply streaming in
 * another tab streams here too. Returns `loadOlder` for scroll-up paging.
 */
export function useChatThread(chatId: string) {
  const thread = useMessages((s) => s.threads[chatId]);
  const signedIn = useAppStore((s) => s.token !== null);

  useEffect(() => {
    dispatchMessages({ type: 'opened', chatId });
    if (!signedIn || useMessages.getState().threads[chatId]?.loaded) return;
    let cancelled = false;
    fetchMessages(chatId)
      .then((page) => {
        if (!cancelled) dispatchMessages({ type: 'page', chatId, page, hasMore: page.length >= MESSAGES_PAGE_SIZE });
      })
      .catch((error: unknown) => {
        if (cancelled) return;
        if (error instanceof AppError && error.status === 404) {
          dispatchMessages({ type: 'missing', chatId });
          return;
        }
        dispatchMessages({ type: 'page', chatId, page: [], hasMore: false });
        showToast({ severity: 'error', message: errorMessage(error) });
      });
    return () => {
      cancelled = true;
    };
  }, [chatId, signedIn]);

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
    dispatchMessages({ type: 'upserted', chatId: id, message });
  });
  useSessionEvent('message.delta', (delta) => queueDelta(delta));
  useSessionEvent('message.tool', ({ chatId: id, messageId, call }) => {
    flushDeltas();
    dispatchMessages({ type: 'tool', chatId: id, messageId, call });
  });
  useSessionEvent('message.done', ({ chatId: id, message }) => {
    flushDeltas();
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

  return { thread, loadOlder };
}

import { MESSAGES_PAGE_SIZE } from '@neura/contract';
import { useCallback, useEffect } from 'react';
import { ApiError, errorMessage } from '../api/http';
import { useSessionEvent } from '../api/use-session-event';
import { showToast } from '../shell/toast-store';
import { useAppStore } from '../store/app-store';
import { fetchMessages } from './chat-api';
import { flushDeltas, queueDelta, useChatStore } from './chat-store';

/**
 * Opens a chat: loads its newest page and follows the user's room, so a reply streaming in
 * another tab streams here too. Returns `loadOlder` for scroll-up paging.
 */
export function useChatThread(chatId: string) {
  const thread = useChatStore((s) => s.threads[chatId]);
  const signedIn = useAppStore((s) => s.token !== null);

  useEffect(() => {
    const store = useChatStore.getState();
    store.open(chatId);
    if (!signedIn || store.threads[chatId]?.loaded) return;
    let cancelled = false;
    fetchMessages(chatId)
      .then((page) => {
        if (!cancelled) useChatStore.getState().addPage(chatId, page, page.length >= MESSAGES_PAGE_SIZE);
      })
      .catch((error: unknown) => {
        if (cancelled) return;
        if (error instanceof ApiError && error.status === 404) {
          useChatStore.getState().markMissing(chatId);
          return;
        }
        useChatStore.getState().addPage(chatId, [], false);
        showToast({ severity: 'error', message: errorMessage(error) });
      });
    return () => {
      cancelled = true;
    };
  }, [chatId, signedIn]);

  const loadOlder = useCallback(async () => {
    const current = useChatStore.getState().threads[chatId];
    if (!current?.loaded || !current.hasMore || current.loadingOlder) return;
    const oldest = current.messages[0]?.id;
    useChatStore.getState().setLoadingOlder(chatId, true);
    try {
      const page = await fetchMessages(chatId, oldest);
      useChatStore.getState().addPage(chatId, page, page.length >= MESSAGES_PAGE_SIZE);
    } catch (error) {
      useChatStore.getState().setLoadingOlder(chatId, false);
      showToast({ severity: 'error', message: errorMessage(error) });
    }
  }, [chatId]);

  useSessionEvent('message.created', ({ chatId: id, message }) => {
    flushDeltas();
    useChatStore.getState().upsert(id, message);
  });
  useSessionEvent('message.delta', (delta) => queueDelta(delta));
  useSessionEvent('message.tool', ({ chatId: id, messageId, call }) => {
    flushDeltas();
    useChatStore.getState().applyTool(id, messageId, call);
  });
  useSessionEvent('message.done', ({ chatId: id, message }) => {
    flushDeltas();
    useChatStore.getState().upsert(id, message);
  });
  useSessionEvent('message.error', ({ chatId: id, messageId, message }) => {
    flushDeltas();
    useChatStore.getState().setStatus(id, messageId, 'failed');
    if (id === chatId) showToast({ severity: 'error', message });
  });
  useSessionEvent('chat.messages', ({ chatId: id, messages }) => {
    useChatStore.getState().addPage(id, messages, messages.length >= MESSAGES_PAGE_SIZE);
  });

  return { thread, loadOlder };
}

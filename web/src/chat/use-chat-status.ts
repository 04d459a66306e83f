import type { ErrorBody } from '@neura/contract';
import { useCallback, useEffect, useState } from 'react';
import { AppError } from '../api/app-error';
import { useSessionEvent } from '../api/use-session-event';
import { useAppStore } from '../store/app-store';
import { fetchChatStatus } from './chat-api';

/** Codes of a send refused because the chat itself is closed (not the user's balance or the moment). */
const CLOSING_CODES = new Set(['persona:unpublished']);

/**
 * Why no message can be sent in this chat (its persona was unpublished), or null while it can. Read
 * from the server when the chat opens, again after every (re)connect and whenever the operator
 * changes the catalog (`personas.changed`), so an open chat turns read-only at once; `onSendError`
 * takes a send refused for that reason too.
 */
export function useChatClosed(chatId: string | null): {
  closed: ErrorBody | null;
  onSendError: (error: unknown) => void;
} {
  const signedIn = useAppStore((s) => s.token !== null);
  const [state, setState] = useState<{ chatId: string | null; closed: ErrorBody | null }>({ chatId, closed: null });

  const load = useCallback(() => {
    // A draft (no chat yet) has nothing to ask about.
    if (chatId === null) return;
    fetchChatStatus(chatId).then(
      (status) => setState({ chatId, closed: status.canSend ? null : status.reason }),
      // A missing chat or a network failure: the page says so elsewhere; the composer stays.
      () => undefined,
    );
  }, [chatId]);

  useEffect(() => {
    if (signedIn) load();
  }, [signedIn, load]);
  useSessionEvent('personas.changed', load);
  useSessionEvent('ready', load);

  const onSendError = useCallback(
    (error: unknown) => {
      if (error instanceof AppError && CLOSING_CODES.has(error.code)) {
        setState({ chatId, closed: { code: error.code, message: error.message } });
      }
    },
    [chatId],
  );

  return { closed: state.chatId === chatId ? state.closed : null, onSendError };
}

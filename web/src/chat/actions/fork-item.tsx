import { useState } from 'react';
import { useInRouterContext, useNavigate } from 'react-router';
import { errorMessage } from '../../api/app-error';
import { dispatchChats, useChats } from '../../store/chats';
import { messageActionTexts as t } from '../../texts/app-texts';
import { Button } from '../../ui/button';
import { showToast } from '../../ui/toast-store';
import { fetchChat, forkChat } from '../chat-api';
import { menuItem } from './classes';

function ForkButton({ chatId, messageId, onDone }: { chatId: string; messageId: string; onDone: () => void }) {
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const fork = async () => {
    setBusy(true);
    try {
      const id = await forkChat(chatId, messageId);
      // chat.created is on its way too; this covers a missed event so the list has it at once.
      dispatchChats({ type: 'upserted', chat: await fetchChat(id) });
      onDone();
      navigate(`/chats/${id}`);
    } catch (error) {
      setBusy(false);
      showToast({ severity: 'error', message: errorMessage(error, t.forkFailed) });
    }
  };
  return (
    <Button role="menuitem" className={menuItem} disabled={busy} onClick={() => void fork()} data-testid="fork-message">
      {t.fork}
    </Button>
  );
}

/**
 * "Fork from here" in a message's menu (issue #49): a new chat up to this message, opened at once.
 * Not in a temporary chat, which leaves no trace (the server refuses its fork).
 */
export function ForkItem(props: { chatId: string; messageId: string; onDone: () => void }) {
  const temporary = useChats((s) => s.chats.find((c) => c.id === props.chatId)?.temporary ?? false);
  return useInRouterContext() && !temporary ? <ForkButton {...props} /> : null;
}

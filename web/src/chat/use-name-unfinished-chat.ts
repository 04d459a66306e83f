import { useEffect } from 'react';
import { callSession } from '../api/call-session';
import { useChats } from '../store/chats';
import { isStreaming, useMessages } from '../store/messages';

/** Chats named here in this page's life (once each). */
const asked = new Set<string>();

/**
 * The server names a chat after its first exchange, but only when that first reply completes: a
 * chat whose first reply was stopped (or failed) kept the persona's name for good. Once such a
 * chat sits idle, it is named from its first message (generateName, as Regenerate Name does).
 */
export function useNameUnfinishedChat(chatId: string | null, personaName?: string): void {
  const name = useChats((s) => s.chats.find((c) => c.id === chatId)?.name);
  // Booleans from the store, not the messages: the page does not render again for each frame of a reply.
  const streaming = useMessages((s) => isStreaming(chatId === null ? undefined : s.threads[chatId]));
  const unfinished = useMessages((s) => {
    const messages = chatId === null ? undefined : s.threads[chatId]?.messages;
    const firstReply = messages?.find((m) => m.role === 'assistant' || m.role === 'system');
    return firstReply !== undefined && firstReply.role === 'assistant' && firstReply.status !== 'complete';
  });
  const unnamed = chatId !== null && personaName !== undefined && name === personaName;
  useEffect(() => {
    if (!chatId || !unnamed || !unfinished || streaming || asked.has(chatId)) return;
    asked.add(chatId);
    callSession('generateName', chatId).catch(() => asked.delete(chatId));
  }, [chatId, unnamed, unfinished, streaming]);
}

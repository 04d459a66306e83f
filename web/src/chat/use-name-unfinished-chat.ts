import type { Message } from '@neura/contract';
import { useEffect } from 'react';
import { callSession } from '../api/call-session';
import { useChats } from '../store/chats';

/** Chats named here in this page's life (once each). */
const asked = new Set<string>();

/**
 * The server names a chat after its first exchange, but only when that first reply completes: a
 * chat whose first reply was stopped (or failed) kept the persona's name for good. Once such a
 * chat sits idle, it is named from its first message (generateName, as Regenerate Name does).
 */
export function useNameUnfinishedChat(chatId: string | null, messages: readonly Message[], personaName?: string): void {
  const name = useChats((s) => s.chats.find((c) => c.id === chatId)?.name);
  const firstReply = messages.find((m) => m.role === 'assistant' || m.role === 'system');
  const streaming = messages.some((m) => m.status === 'streaming');
  const unnamed = chatId !== null && personaName !== undefined && name === personaName;
  const unfinished = firstReply !== undefined && firstReply.role === 'assistant' && firstReply.status !== 'complete';
  useEffect(() => {
    if (!chatId || !unnamed || !unfinished || streaming || asked.has(chatId)) return;
    asked.add(chatId);
    callSession('generateName', chatId).catch(() => asked.delete(chatId));
  }, [chatId, unnamed, unfinished, streaming]);
}

import { callSession } from '../api/call-session';

/** Group chats (issue #46) over the session socket; each rejects with an AppError when refused. */

/** A persona joins the chat; resolves with the chat's personas. */
export async function addChatPersona(chatId: string, personaId: string): Promise<string[]> {
  return (await callSession('addChatPersona', { chatId, personaId })).personas;
}

/** "Let … speak": one persona of the chat replies again, without a message. */
export async function nextSpeaker(chatId: string, personaId: string): Promise<string> {
  return (await callSession('nextSpeaker', { chatId, personaId })).messageId;
}

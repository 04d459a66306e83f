/** The chat pages' paths: plain functions the first route's shell reads without the chat operations. */

export const openChatId = (pathname: string): string | null => {
  const id = /^\/chats\/([^/]+)\/?$/.exec(pathname)?.[1] ?? null;
  return id === DRAFT_CHAT_ID ? null : id;
};

/** The path segment of a draft chat: `/chats/new?persona=ID` (nothing exists until the first send). */
export const DRAFT_CHAT_ID = 'new';

/** `temporary`: the draft becomes a temporary chat (issue #49; `&temporary=1`). */
export const draftChatPath = (personaId: string, temporary = false) =>
  `/chats/${DRAFT_CHAT_ID}?persona=${encodeURIComponent(personaId)}${temporary ? '&temporary=1' : ''}`;

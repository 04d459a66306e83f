import type { Chat } from '@neura/contract';
import { AppError, errorMessage } from '../api/app-error';
import { callSession } from '../api/call-session';
import { getSessionSocket } from '../api/session-socket';
import { useAppStore } from '../store/app-store';
import { dispatchChats, useChats } from '../store/chats';
import { dispatchMessages } from '../store/messages';
import { usePersonas } from '../store/personas';
import { selectIsPro, useUser } from '../store/user';
import { appTexts } from '../texts/app-texts';
import { showToast } from '../ui/toast-store';
import { draftChatPath, openChatId } from './chat-paths';
import { useChatUiStore } from './chat-ui-store';
import { patchChatRequest, reloadUser } from './chats-api';
import { showSendError } from './send-error';

/** The chat operations of SPEC.md §4 Chat lifecycle, with the failure texts of §8. */

export { DRAFT_CHAT_ID, draftChatPath, openChatId } from './chat-paths';

type Navigate = (to: string) => void;

const needsPro = (personaId: string) =>
  !selectIsPro(useUser.getState()) && usePersonas.getState().personas.find((p) => p.id === personaId)?.requiresPro;

/**
 * Opens a draft chat with the persona (its intro and the message box); the chat itself is created
 * with the first message (`sendFirstMessage`). An empty chat with the persona left from before is
 * opened instead. Without a persona id the New Chat modal opens.
 */
export function startChat(personaId: string | null | undefined, navigate: Navigate, temporary = false): boolean {
  const state = useAppStore.getState();
  if (!state.token) {
    // A visitor signs in first, then lands on the persona's draft.
    state.setAfterSignIn(personaId ? draftChatPath(personaId) : null);
    state.setActiveModal('auth');
    return false;
  }
  if (!personaId) {
    state.setActiveModal('newchat');
    return false;
  }
  // A Pro persona for a non-Pro user: the subscribe modal instead of a refused call.
  if (needsPro(personaId)) {
    state.setActiveModal('subscribe');
    return false;
  }
  const empty = temporary
    ? undefined
    : useChats
        .getState()
        .chats.find((c) => c.persona === personaId && !c.lastMessageAt && !c.preview && !c.isArchived && !c.temporary);
  navigate(empty ? `/chats/${empty.id}` : draftChatPath(personaId, temporary));
  return true;
}

/**
 * The first message of a draft chat: the server makes the chat with it (createChatWithMessage)
 * and, when the message is refused (no credits, a limit), leaves no chat behind. Resolves with the
 * new chat's id, or null when it was refused: the reason shows as for any send (no credits: the
 * warning with Buy Credits; Pro required: the subscribe modal), anything else as the "Couldn't
 * create chat" alert. The chat's thread follows the server from its announcement (`chat.created`
 * comes before the first `message.created`), and the chat joins the list once it is accepted.
 */
export async function sendFirstMessage(
  personaId: string,
  text: string,
  attachments: string[],
  temporary = false,
  /** A group's draft (issue #46): its personas in speaking order (`personaId` is the first). */
  personas?: string[],
  /** The group's personas the message addresses (picked with `@`), by id. */
  to?: string[],
): Promise<string | null> {
  if (needsPro(personaId)) {
    useAppStore.getState().setActiveModal('subscribe');
    return null;
  }
  const socket = getSessionSocket();
  let announced: string | null = null;
  const follow = ({ chat }: { chat: Chat }) => {
    if (announced || chat.persona !== personaId) return;
    announced = chat.id;
    useChatUiStore.getState().setPending(chat.id, true);
    // A new chat has no messages: its thread is loaded (and empty) before the first one arrives.
    dispatchMessages({ type: 'opened', chatId: chat.id });
    dispatchMessages({ type: 'page', chatId: chat.id, page: [], hasMore: false });
  };
  socket?.on('chat.created', follow);
  try {
    const { chatId } = await callSession('createChatWithMessage', {
      ...(personas ? { personas } : { persona: personaId }),
      text,
      ...(attachments.length > 0 ? { attachments } : {}),
      ...(temporary ? { temporary } : {}),
      ...(personas && to?.length ? { to } : {}),
    });
    // chat.created usually arrived first; this covers a missed event.
    if (!useChats.getState().chats.some((c) => c.id === chatId)) {
      const persona = usePersonas.getState().personas.find((p) => p.id === personaId);
      dispatchChats({
        type: 'upserted',
        chat: {
          id: chatId,
          name: persona?.name ?? appTexts.chats.newChat,
          persona: personaId,
          lastMessageAt: null,
          preview: null,
          isPinned: false,
          isArchived: false,
          ...(temporary ? { temporary } : {}),
          ...(personas ? { personas } : {}),
        },
      });
    }
    return chatId;
  } catch (error) {
    // The server removed the chat again (its chat.deleted may still be on its way).
    if (announced) dispatchChats({ type: 'removed', chatId: announced });
    const code = error instanceof AppError ? error.code : null;
    if (code === 'credits:insufficient' || code === 'credits:limit' || code === 'pro:required') showSendError(error);
    else
      showToast({
        severity: 'error',
        title: appTexts.chats.createFailedTitle,
        message: errorMessage(error, appTexts.chats.createFailed),
      });
    return null;
  } finally {
    socket?.off('chat.created', follow);
    if (announced) useChatUiStore.getState().setPending(announced, false);
  }
}

/** Rename; resolves false (and shows the alert) when it failed, so the caller restores the name. */
export async function renameChat(chatId: string, name: string): Promise<boolean> {
  const before = useChats.getState().chats.find((c) => c.id === chatId);
  dispatchChats({ type: 'patched', chatId, fields: { name } });
  try {
    const chat = await patchChatRequest(chatId, { name });
    dispatchChats({ type: 'patched', chatId, fields: { name: chat.name } });
    return true;
  } catch (error) {
    if (before) dispatchChats({ type: 'patched', chatId, fields: { name: before.name } });
    showToast({
      severity: 'error',
      title: appTexts.chats.renameFailedTitle,
      message: errorMessage(error, appTexts.chats.renameFailed),
    });
    return false;
  }
}

async function setFlag(chatId: string, field: 'isPinned' | 'isArchived', value: boolean, failure: string) {
  dispatchChats({ type: 'patched', chatId, fields: { [field]: value } });
  try {
    await patchChatRequest(chatId, field === 'isPinned' ? { isPinned: value } : { isArchived: value });
  } catch {
    dispatchChats({ type: 'patched', chatId, fields: { [field]: !value } });
    showToast({ severity: 'error', message: failure });
  }
}

export const setPinned = (chatId: string, pinned: boolean) =>
  setFlag(chatId, 'isPinned', pinned, appTexts.chats.pinFailed);

export const setArchived = (chatId: string, archived: boolean) =>
  setFlag(chatId, 'isArchived', archived, appTexts.chats.archiveFailed);

/** Delete: removed locally at once (home if it is open); a failure reloads the user and alerts. */
export async function deleteChat(chatId: string, navigate: Navigate, currentPath: string): Promise<void> {
  dispatchChats({ type: 'removed', chatId });
  if (openChatId(currentPath) === chatId) navigate('/');
  try {
    await callSession('deleteChat', chatId);
  } catch (error) {
    showToast({
      severity: 'error',
      title: appTexts.chats.deleteFailedTitle,
      message: errorMessage(error, appTexts.chats.deleteFailed),
    });
    await reloadUser().catch((e: unknown) => console.error('Failed to reload the user', e));
  }
}

/** Regenerate Name: "Renaming Chat..." shows until chat.renamed (or the call's answer) arrives. */
export async function regenerateName(chatId: string): Promise<void> {
  const ui = useChatUiStore.getState();
  ui.setRenaming(chatId, true);
  try {
    const { name } = await callSession('generateName', chatId);
    if (useChatUiStore.getState().renaming[chatId]) {
      dispatchChats({ type: 'patched', chatId, fields: { name } });
      useChatUiStore.getState().markTyping(chatId);
    }
  } catch (error) {
    showToast({
      severity: 'error',
      title: appTexts.chats.renameFailedTitle,
      message: errorMessage(error, appTexts.chats.renameFailed),
    });
  } finally {
    useChatUiStore.getState().setRenaming(chatId, false);
  }
}

/**
 * Reload Chat: asks the server for the chat's latest messages (answered with chat.messages), then
 * says so, or why it failed.
 */
export async function reloadChat(chatId: string): Promise<void> {
  try {
    await callSession('reloadChat', chatId);
    showToast({ severity: 'success', message: appTexts.chats.reloaded });
  } catch (error) {
    showToast({ severity: 'error', message: errorMessage(error) });
  }
}

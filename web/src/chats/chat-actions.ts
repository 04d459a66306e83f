import { AppError, errorMessage } from '../api/app-error';
import { callSession } from '../api/call-session';
import { useAppStore } from '../store/app-store';
import { dispatchChats, useChats } from '../store/chats';
import { usePersonas } from '../store/personas';
import { selectIsPro, useUser } from '../store/user';
import { texts } from '../texts/texts';
import { showToast } from '../ui/toast-store';
import { useChatUiStore } from './chat-ui-store';
import { patchChatRequest, reloadUser } from './chats-api';

/** The chat operations of SPEC.md §4 Chat lifecycle, with the failure texts of §8. */

type Navigate = (to: string) => void;

export const openChatId = (pathname: string): string | null => /^\/chats\/([^/]+)\/?$/.exec(pathname)?.[1] ?? null;

/**
 * Creates a chat with the persona and opens it (an empty one with it is reused); without a persona
 * id the New Chat modal opens.
 * Failure goes to / with the "Couldn't create chat" alert.
 */
export async function startChat(personaId: string | null | undefined, navigate: Navigate): Promise<boolean> {
  const state = useAppStore.getState();
  if (!state.token) {
    state.setActiveModal('auth');
    return false;
  }
  if (!personaId) {
    state.setActiveModal('newchat');
    return false;
  }
  // A Pro persona for a non-Pro user: the subscribe modal instead of a refused call.
  if (
    !selectIsPro(useUser.getState()) &&
    usePersonas.getState().personas.find((p) => p.id === personaId)?.requiresPro
  ) {
    state.setActiveModal('subscribe');
    return false;
  }
  // An empty chat with this persona is already there (an earlier tap that sent nothing): open it
  // rather than leave another "No messages yet" row behind.
  const empty = useChats
    .getState()
    .chats.find((c) => c.persona === personaId && !c.lastMessageAt && !c.preview && !c.isArchived);
  if (empty) {
    navigate(`/chats/${empty.id}`);
    return true;
  }
  try {
    const { id } = await callSession('createChat', personaId);
    // chat.created usually arrives first; this covers a missed event.
    if (!useChats.getState().chats.some((c) => c.id === id)) {
      const persona = usePersonas.getState().personas.find((p) => p.id === personaId);
      dispatchChats({
        type: 'upserted',
        chat: {
          id,
          name: persona?.name ?? texts.chats.newChat,
          persona: personaId,
          lastMessageAt: null,
          preview: null,
          isPinned: false,
          isArchived: false,
        },
      });
    }
    navigate(`/chats/${id}`);
    return true;
  } catch (error) {
    if (error instanceof AppError && error.code === 'pro:required') {
      useAppStore.getState().setActiveModal('subscribe');
      return false;
    }
    navigate('/');
    showToast({
      severity: 'error',
      title: texts.chats.createFailedTitle,
      message: errorMessage(error, texts.chats.createFailed),
    });
    return false;
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
      title: texts.chats.renameFailedTitle,
      message: errorMessage(error, texts.chats.renameFailed),
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
  setFlag(chatId, 'isPinned', pinned, texts.chats.pinFailed);

export const setArchived = (chatId: string, archived: boolean) =>
  setFlag(chatId, 'isArchived', archived, texts.chats.archiveFailed);

/** Delete: removed locally at once (home if it is open); a failure reloads the user and alerts. */
export async function deleteChat(chatId: string, navigate: Navigate, currentPath: string): Promise<void> {
  dispatchChats({ type: 'removed', chatId });
  if (openChatId(currentPath) === chatId) navigate('/');
  try {
    await callSession('deleteChat', chatId);
  } catch (error) {
    showToast({
      severity: 'error',
      title: texts.chats.deleteFailedTitle,
      message: errorMessage(error, texts.chats.deleteFailed),
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
      title: texts.chats.renameFailedTitle,
      message: errorMessage(error, texts.chats.renameFailed),
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
    showToast({ severity: 'success', message: texts.chats.reloaded });
  } catch (error) {
    showToast({ severity: 'error', message: errorMessage(error) });
  }
}

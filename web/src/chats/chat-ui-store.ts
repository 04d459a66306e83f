import { create } from 'zustand';

/** UI state of the chat list: pending renames, names to type out, the open menu and confirmation. */
interface ChatUiState {
  /** Chats whose name is being regenerated ("Renaming Chat..."). */
  renaming: Record<string, true>;
  /** Chats whose new name should be typed out, keyed to a counter so repeats animate again. */
  typing: Record<string, number>;
  /**
   * Chats being made with their first message (a draft's send): not listed until the server
   * accepted that message, so a refused one never flashes into the list.
   */
  pending: Record<string, true>;
  menuChatId: string | null;
  confirmDeleteId: string | null;
  setRenaming: (chatId: string, on: boolean) => void;
  setPending: (chatId: string, on: boolean) => void;
  markTyping: (chatId: string) => void;
  clearTyping: (chatId: string) => void;
  openMenu: (chatId: string | null) => void;
  confirmDelete: (chatId: string | null) => void;
  /** The chat whose "Add persona" list is open (group chats, issue #46). */
  addingPersonaTo: string | null;
  setAddingPersona: (chatId: string | null) => void;
}

let typingSeq = 0;

export const useChatUiStore = create<ChatUiState>()((set) => ({
  renaming: {},
  typing: {},
  pending: {},
  menuChatId: null,
  confirmDeleteId: null,
  addingPersonaTo: null,
  setAddingPersona: (chatId) => set({ addingPersonaTo: chatId }),
  setRenaming: (chatId, on) =>
    set((s) => {
      const renaming = { ...s.renaming };
      if (on) renaming[chatId] = true;
      else delete renaming[chatId];
      return { renaming };
    }),
  setPending: (chatId, on) =>
    set((s) => {
      const pending = { ...s.pending };
      if (on) pending[chatId] = true;
      else delete pending[chatId];
      return { pending };
    }),
  markTyping: (chatId) => set((s) => ({ typing: { ...s.typing, [chatId]: ++typingSeq } })),
  clearTyping: (chatId) =>
    set((s) => {
      const typing = { ...s.typing };
      delete typing[chatId];
      return { typing };
    }),
  openMenu: (menuChatId) => set({ menuChatId }),
  confirmDelete: (confirmDeleteId) => set({ confirmDeleteId }),
}));

import { create } from 'zustand';

/** Which chat's share dialog is open (the chat menu opens it). */
export const useShareDialog = create<{ chatId: string | null; open: (chatId: string | null) => void }>()((set) => ({
  chatId: null,
  open: (chatId) => set({ chatId }),
}));

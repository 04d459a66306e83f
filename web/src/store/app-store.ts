import type { Chat, HelpDocName, ModalId, Persona, User } from '@neura/contract';
import type { Socket } from 'socket.io-client';
import { create } from 'zustand';
import { type Persisted, readPersisted, writePersisted } from './persisted';

export interface HelpDoc {
  name: HelpDocName | string;
  /** The document's markdown once loaded. */
  markdown?: string;
}

export type ViewTransition = 'none' | 'slide-next' | 'slide-prev' | 'slide-child-next' | 'slide-child-prev';

/** The client state of SPEC.md §3. Token, blackout, theme and intro progress are persisted. */
export interface AppState {
  token: string | null;
  user: User | null;
  userFlags: string[];
  isProUser: boolean;
  credits: number | null;
  chats: Chat[];
  personas: Persona[];
  personasLoaded: boolean;
  chatId: string | null;
  activeModal: ModalId | null;
  isDataLoading: boolean;
  isViewLoading: boolean;
  viewTitle: string;
  activeHelpDoc: HelpDoc | 'isLoading' | null;
  helpDocHistory: string[];
  blackout: boolean;
  theme: 'dark' | 'light';
  introFinished: boolean;
  activeSocket: Socket | null;
  sessionSocketId: string | null;
  serverOnline: boolean | null;
  /** The transition of the latest navigation (SPEC.md §2). */
  viewTransition: ViewTransition;

  setToken: (token: string | null) => void;
  setUser: (user: User | null) => void;
  setCredits: (credits: number | null) => void;
  setChats: (chats: Chat[]) => void;
  setPersonas: (personas: Persona[]) => void;
  setActiveModal: (modal: ModalId | null) => void;
  setViewTitle: (title: string) => void;
  setViewLoading: (loading: boolean) => void;
  setBlackout: (on: boolean) => void;
  setTheme: (theme: 'dark' | 'light') => void;
  setIntroFinished: (done: boolean) => void;
  setServerOnline: (online: boolean) => void;
  /** Logout of SPEC.md §4: clears token, user, flags, credits, Pro status and chats. */
  clearSession: () => void;
}

const initial = readPersisted();

export const useAppStore = create<AppState>()((set) => ({
  token: initial.token,
  user: null,
  userFlags: [],
  isProUser: false,
  credits: null,
  chats: [],
  personas: [],
  personasLoaded: false,
  chatId: null,
  activeModal: null,
  isDataLoading: false,
  isViewLoading: false,
  viewTitle: '',
  activeHelpDoc: null,
  helpDocHistory: [],
  blackout: initial.blackout,
  theme: initial.theme,
  introFinished: initial.introFinished,
  activeSocket: null,
  sessionSocketId: null,
  serverOnline: null,
  viewTransition: 'none',

  setToken: (token) => set({ token }),
  setUser: (user) =>
    set(
      user
        ? { user, userFlags: user.flags, isProUser: user.isPro, credits: user.credits }
        : { user: null, userFlags: [], isProUser: false },
    ),
  setCredits: (credits) => set({ credits }),
  setChats: (chats) => set({ chats }),
  setPersonas: (personas) => set({ personas, personasLoaded: true }),
  setActiveModal: (activeModal) => set({ activeModal }),
  setViewTitle: (viewTitle) => set({ viewTitle }),
  setViewLoading: (isViewLoading) => set({ isViewLoading }),
  setBlackout: (blackout) => set({ blackout }),
  setTheme: (theme) => set({ theme }),
  setIntroFinished: (introFinished) => set({ introFinished }),
  setServerOnline: (serverOnline) => set({ serverOnline }),
  clearSession: () =>
    set({ token: null, user: null, userFlags: [], credits: null, isProUser: false, chats: [], chatId: null }),
}));

// Persist the persisted slice whenever it changes.
useAppStore.subscribe((state, prev) => {
  if (
    state.token !== prev.token ||
    state.blackout !== prev.blackout ||
    state.theme !== prev.theme ||
    state.introFinished !== prev.introFinished
  ) {
    const value: Persisted = {
      token: state.token,
      blackout: state.blackout,
      theme: state.theme,
      introFinished: state.introFinished,
    };
    writePersisted(value);
  }
});

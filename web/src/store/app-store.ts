import type { HelpDocName, ModalId } from '@neura/contract';
import { create } from 'zustand';
import { type Persisted, readPersisted, writePersisted } from './persisted';

export interface HelpDoc {
  name: HelpDocName | string;
  /** The document's markdown once loaded. */
  markdown?: string;
}

export type ViewTransition = 'none' | 'slide-next' | 'slide-prev' | 'slide-child-next' | 'slide-child-prev';

/**
 * The client state of SPEC.md §3: the token and what the UI shows (modal, view, help, theme).
 * Server data lives in its own stores (user.ts, chats.ts, personas.ts, messages.ts). Token, blackout, theme and
 * intro progress are persisted.
 */
export interface AppState {
  token: string | null;
  activeModal: ModalId | null;
  isViewLoading: boolean;
  viewTitle: string;
  activeHelpDoc: HelpDoc | 'isLoading' | null;
  helpDocHistory: string[];
  blackout: boolean;
  theme: 'dark' | 'light';
  introFinished: boolean;
  serverOnline: boolean | null;
  /** The transition of the latest navigation (SPEC.md §2). */
  viewTransition: ViewTransition;
  /** A visitor chose "Browse as visitor": the sign-in entry (home) no longer opens by itself. */
  browsing: boolean;
  /** Where a visitor was going when sign-in was asked for (a persona's draft chat): opened once signed in. */
  afterSignIn: string | null;

  setToken: (token: string | null) => void;
  setActiveModal: (modal: ModalId | null) => void;
  setViewTitle: (title: string) => void;
  setViewLoading: (loading: boolean) => void;
  setBlackout: (on: boolean) => void;
  setTheme: (theme: 'dark' | 'light') => void;
  setIntroFinished: (done: boolean) => void;
  setServerOnline: (online: boolean) => void;
  setBrowsing: (browsing: boolean) => void;
  setAfterSignIn: (path: string | null) => void;
}

const initial = readPersisted();

export const useAppStore = create<AppState>()((set) => ({
  token: initial.token,
  activeModal: null,
  isViewLoading: false,
  viewTitle: '',
  activeHelpDoc: null,
  helpDocHistory: [],
  blackout: initial.blackout,
  theme: initial.theme,
  introFinished: initial.introFinished,
  serverOnline: null,
  viewTransition: 'none',
  browsing: false,
  afterSignIn: null,

  setToken: (token) => set({ token }),
  setActiveModal: (activeModal) => set({ activeModal }),
  setViewTitle: (viewTitle) => set({ viewTitle }),
  setViewLoading: (isViewLoading) => set({ isViewLoading }),
  setBlackout: (blackout) => set({ blackout }),
  setTheme: (theme) => set({ theme }),
  setIntroFinished: (introFinished) => set({ introFinished }),
  setServerOnline: (serverOnline) => set({ serverOnline }),
  setBrowsing: (browsing) => set({ browsing }),
  setAfterSignIn: (afterSignIn) => set({ afterSignIn }),
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

import type { User } from '@neura/contract';
import { create } from 'zustand';

/**
 * The signed-in user as the server knows them (credits, Pro status and flags included): one copy,
 * written only through `dispatchUser` by the REST loads (`/users/me`, sign-in) and the session
 * socket (`ready`, `updateCredits`).
 */
export type UserAction = { type: 'loaded'; user: User } | { type: 'credits'; credits: number } | { type: 'cleared' };

function userReducer(user: User | null, action: UserAction): User | null {
  switch (action.type) {
    case 'loaded':
      return action.user;
    case 'credits':
      return user ? { ...user, credits: action.credits } : user;
    case 'cleared':
      return null;
  }
}

export const useUser = create<{ user: User | null }>()(() => ({ user: null }));

export function dispatchUser(action: UserAction): void {
  useUser.setState((s) => ({ user: userReducer(s.user, action) }));
}

/** The balance for the header and banners; null until the server sent the user. */
export const selectCredits = (s: { user: User | null }): number | null => s.user?.credits ?? null;
export const selectIsPro = (s: { user: User | null }): boolean => s.user?.isPro ?? false;

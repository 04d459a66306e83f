import type { CustomPersona } from '@neura/contract';
import { create } from 'zustand';
import { useAppStore } from '../store/app-store';
import { customPersonasApi } from './custom-personas-api';

/**
 * The signed-in user's own personas (`GET /users/me/personas`), shared by the builder, My personas
 * and New Chat's Custom tab. Written only here: loads, and the answers of create/update/delete.
 */
interface MyPersonasState {
  items: CustomPersona[];
  limit: number | null;
  loaded: boolean;
  error: unknown;
}

export const useMyPersonas = create<MyPersonasState>()(() => ({ items: [], limit: null, loaded: false, error: null }));

let inflight: Promise<void> | null = null;

/** Loads (or reloads) the list; concurrent callers share one request. */
export function loadMyPersonas(): Promise<void> {
  inflight ??= customPersonasApi
    .list()
    .then(({ items, limit }) => useMyPersonas.setState({ items, limit, loaded: true, error: null }))
    .catch((error: unknown) => useMyPersonas.setState({ error }))
    .finally(() => {
      inflight = null;
    });
  return inflight;
}

/** A created or updated persona: newest first, replacing an older copy. */
export function upsertMyPersona(persona: CustomPersona): void {
  useMyPersonas.setState((s) => {
    const rest = s.items.filter((p) => p.id !== persona.id);
    const known = rest.length !== s.items.length;
    return { items: known ? s.items.map((p) => (p.id === persona.id ? persona : p)) : [persona, ...rest] };
  });
}

export function removeMyPersona(id: string): void {
  useMyPersonas.setState((s) => ({ items: s.items.filter((p) => p.id !== id) }));
}

/** Forget the list (sign-out). */
export function clearMyPersonas(): void {
  useMyPersonas.setState({ items: [], limit: null, loaded: false, error: null });
}

// Another account's list must never show: the list is forgotten whenever the token changes.
useAppStore.subscribe((state, previous) => {
  if (state.token !== previous.token) clearMyPersonas();
});

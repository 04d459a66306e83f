import type { Persona } from '@neura/contract';
import { useEffect, useState } from 'react';
import { AppError } from '../api/app-error';
import { usePersonas } from '../store/personas';
import { customPersonasApi } from './custom-personas-api';
import { useMyPersonas } from './my-personas';

export type ProfileState =
  | { status: 'loading'; persona: null }
  | { status: 'found'; persona: Persona }
  /** 404: deleted, private to someone else, or withdrawn (unlisted by the operator, unpublished). */
  | { status: 'missing'; persona: null }
  | { status: 'error'; persona: null };

/** Profiles fetched in this page's life (a persona's profile rarely changes while it is open). */
const cache = new Map<string, Promise<Persona | null>>();

function fetchProfile(id: string): Promise<Persona | null> {
  let pending = cache.get(id);
  if (!pending) {
    pending = customPersonasApi.profile(id).catch((error: unknown) => {
      cache.delete(id);
      if (error instanceof AppError && error.status === 404) return null;
      throw error;
    });
    cache.set(id, pending);
  }
  return pending;
}

/** Forget a cached profile (after its owner edits or deletes it). */
export function forgetProfile(id: string): void {
  cache.delete(id);
}

/**
 * A persona by id: from the catalog (`GET /personas`, published custom ones included), the user's
 * own list, or else its profile (`GET /personas/:id/profile`), which answers 404 for anything the
 * user may not open.
 */
export function usePersonaProfile(id: string | null | undefined): ProfileState {
  const listed = usePersonas((s) => (id ? s.personas.find((p) => p.id === id) : undefined));
  const own = useMyPersonas((s) => (id ? s.items.find((p) => p.id === id) : undefined));
  const known = listed ?? own;
  // The catalog first: a profile call only for what it does not hold.
  const catalogLoaded = usePersonas((s) => s.loaded);
  const [state, setState] = useState<ProfileState>({ status: 'loading', persona: null });

  useEffect(() => {
    if (!id || known || !catalogLoaded) return;
    let live = true;
    setState({ status: 'loading', persona: null });
    fetchProfile(id).then(
      (persona) => live && setState(persona ? { status: 'found', persona } : { status: 'missing', persona: null }),
      () => live && setState({ status: 'error', persona: null }),
    );
    return () => {
      live = false;
    };
  }, [id, known, catalogLoaded]);

  if (known) return { status: 'found', persona: known };
  return state;
}

import type { Persona } from '@neura/contract';
import { useQuery } from '@tanstack/react-query';
import { AppError } from '../../api/app-error';
import { queryClient } from '../../api/query-client';
import { usePersonas } from '../../store/personas';
import { customPersonasApi } from '../custom-personas-api';
import { useMyPersonas } from './my-personas';

type ProfileState =
  | { status: 'loading'; persona: null }
  | { status: 'found'; persona: Persona }
  /** 404: deleted, private to someone else, or withdrawn (unlisted by the operator, unpublished). */
  | { status: 'missing'; persona: null }
  | { status: 'error'; persona: null };

/** Persona profiles (`GET /personas/:id/profile`), kept for the page's life: a profile rarely changes while open. */
export const profileKeys = {
  all: ['personas', 'profile'] as const,
  detail: (id: string) => [...profileKeys.all, id] as const,
};

/** A profile, or null for a 404 (anything the user may not open). */
async function fetchProfile(id: string): Promise<Persona | null> {
  try {
    return await customPersonasApi.profile(id);
  } catch (error) {
    if (error instanceof AppError && error.status === 404) return null;
    throw error;
  }
}

/** Forget a cached profile (after its owner edits or deletes it). */
export function forgetProfile(id: string): void {
  queryClient.removeQueries({ queryKey: profileKeys.detail(id) });
}

/**
 * A persona by id: from the catalog (`GET /personas`, published custom ones included), the user's
 * own list, or else its profile, asked only for what neither holds (once the catalog is loaded).
 */
export function usePersonaProfile(id: string | null | undefined): ProfileState {
  const listed = usePersonas((s) => (id ? s.personas.find((p) => p.id === id) : undefined));
  const own = useMyPersonas({ enabled: false }).data?.items.find((p) => p.id === id);
  const known = listed ?? own;
  const catalogLoaded = usePersonas((s) => s.loaded);
  const profile = useQuery(
    {
      queryKey: profileKeys.detail(id ?? ''),
      queryFn: () => fetchProfile(id as string),
      enabled: Boolean(id) && !known && catalogLoaded,
      staleTime: Number.POSITIVE_INFINITY,
    },
    queryClient,
  );
  if (known) return { status: 'found', persona: known };
  if (profile.data) return { status: 'found', persona: profile.data };
  if (profile.data === null) return { status: 'missing', persona: null };
  if (profile.isError) return { status: 'error', persona: null };
  return { status: 'loading', persona: null };
}

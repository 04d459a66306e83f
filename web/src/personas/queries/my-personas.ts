import type { CustomPersona } from '@neura/contract';
import { useQuery } from '@tanstack/react-query';
import { queryClient } from '../../api/query-client';
import { customPersonasApi } from '../custom-personas-api';

/**
 * The signed-in user's own personas (`GET /users/me/personas`), shared by the builder, My personas,
 * New Chat's Custom tab and the report button. Kept fresh by the answers of create, update and
 * delete (written into the cache below), so a read never goes stale on its own.
 */
export interface MyPersonas {
  items: CustomPersona[];
  limit: number | null;
}

export const myPersonaKeys = { all: ['personas', 'mine'] as const };

/**
 * The list; `enabled: false` reads what is cached without asking. `fresh`: ask again on mount
 * (the builder's page, where the count against the limit matters).
 */
export const useMyPersonas = ({ enabled = true, fresh = false }: { enabled?: boolean; fresh?: boolean } = {}) =>
  useQuery(
    {
      queryKey: myPersonaKeys.all,
      queryFn: (): Promise<MyPersonas> => customPersonasApi.list(),
      enabled,
      staleTime: Number.POSITIVE_INFINITY,
      refetchOnMount: fresh ? 'always' : true,
    },
    queryClient,
  );

const update = (change: (items: CustomPersona[]) => CustomPersona[]) =>
  queryClient.setQueryData<MyPersonas>(myPersonaKeys.all, (list) =>
    list ? { ...list, items: change(list.items) } : list,
  );

/** A created or updated persona: newest first, replacing an older copy. */
export function upsertMyPersona(persona: CustomPersona): void {
  update((items) =>
    items.some((p) => p.id === persona.id)
      ? items.map((p) => (p.id === persona.id ? persona : p))
      : [persona, ...items],
  );
}

export function removeMyPersona(id: string): void {
  update((items) => items.filter((p) => p.id !== id));
}

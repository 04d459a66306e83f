import type { Persona } from '@neura/contract';
import { queryClient } from '../api/query-client';
import { type MyPersonas, myPersonaKeys, useMyPersonas } from '../personas/queries/my-personas';
import { useChats } from '../store/chats';
import { usePersonas } from '../store/personas';
import { mentioned } from './group-mentions';

export type GroupMember = Pick<Persona, 'id' | 'name' | 'cost'> & { avatarUrl: string | null };

/**
 * A group's personas (issue #46) as its bar and `@` list show them: the catalog's entry, the user's
 * own persona, or the id alone (a persona gone from both), in the chat's order. No ids (not a
 * group): the user's own personas are not asked for.
 */
export function useGroupMembers(ids: readonly string[]): GroupMember[] {
  const catalog = usePersonas((s) => s.personas);
  const mine = useMyPersonas({ enabled: ids.length > 0 }).data?.items;
  return ids.map((id) => memberOf(id, catalog, mine));
}

type Listed = Pick<Persona, 'id' | 'name' | 'cost'> & { avatarUrl?: string | null };

function memberOf(id: string, catalog: readonly Listed[], mine: readonly Listed[] | undefined): GroupMember {
  const persona = catalog.find((p) => p.id === id) ?? mine?.find((p) => p.id === id);
  return persona
    ? { id, name: persona.name, cost: persona.cost, avatarUrl: persona.avatarUrl ?? null }
    : { id, name: id, cost: 0, avatarUrl: null };
}

/**
 * The ids of the group's personas that `text` names as `@Name`, as the composer sends them in `to`
 * (for an edit, read outside React); none in a chat of one persona or when the text names nobody.
 */
export function addressedIn(chatId: string, text: string): string[] {
  const ids = useChats.getState().chats.find((c) => c.id === chatId)?.personas;
  if (!ids || ids.length < 2) return [];
  const catalog = usePersonas.getState().personas;
  const mine = queryClient.getQueryData<MyPersonas>(myPersonaKeys.all)?.items;
  return mentioned(
    ids.map((id) => memberOf(id, catalog, mine)),
    text,
  ).map((m) => m.id);
}

/** A group's name as the server names a new group chat: its personas' names, in order, comma-separated. */
export function groupName(members: readonly Pick<GroupMember, 'name'>[]): string {
  return members.map((m) => m.name).join(', ');
}

import type { Persona } from '@neura/contract';
import { useMyPersonas } from '../personas/queries/my-personas';
import { usePersonas } from '../store/personas';

export type GroupMember = Pick<Persona, 'id' | 'name' | 'cost'> & { avatarUrl: string | null };

/**
 * A group's personas (issue #46) as its bar and `@` list show them: the catalog's entry, the user's
 * own persona, or the id alone (a persona gone from both), in the chat's order. No ids (not a
 * group): the user's own personas are not asked for.
 */
export function useGroupMembers(ids: readonly string[]): GroupMember[] {
  const catalog = usePersonas((s) => s.personas);
  const mine = useMyPersonas({ enabled: ids.length > 0 }).data?.items;
  return ids.map((id) => {
    const persona = catalog.find((p) => p.id === id) ?? mine?.find((p) => p.id === id);
    return persona
      ? { id, name: persona.name, cost: persona.cost, avatarUrl: persona.avatarUrl ?? null }
      : { id, name: id, cost: 0, avatarUrl: null };
  });
}

/** A group's name as the server names a new group chat: its personas' names, in order, comma-separated. */
export function groupName(members: readonly Pick<GroupMember, 'name'>[]): string {
  return members.map((m) => m.name).join(', ');
}

import type { Persona } from '@neura/contract';
import { PersonaIcon } from '../personas/persona-icon';
import { useMyPersonas } from '../personas/queries/my-personas';
import { usePersonas } from '../store/personas';

/** A group's persona as the chat shows it: the catalog's entry, the user's own (as cached), or its id. */
function useGroupPersona(id: string): Pick<Persona, 'id' | 'name' | 'cost'> & { avatarUrl?: string | null } {
  const listed = usePersonas((s) => s.personas.find((p) => p.id === id));
  const own = useMyPersonas({ enabled: false }).data?.items.find((p) => p.id === id);
  return listed ?? own ?? { id, name: id, cost: 0 };
}

/** The name and avatar above a group reply. */
export function SpeakerLabel({ personaId }: { personaId: string }) {
  const persona = useGroupPersona(personaId);
  return (
    <div className="mb-1 flex items-center gap-2 text-sm font-medium" data-testid="message-speaker">
      <PersonaIcon id={persona.id} avatarUrl={persona.avatarUrl ?? null} size={22} className="rounded-full" />
      <span>{persona.name}</span>
    </div>
  );
}

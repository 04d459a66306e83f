import type { Persona } from '@neura/contract';
import { PersonaIcon } from '../personas/persona-icon';
import { usePersonas } from '../store/personas';

/** A group's persona as the chat shows it: the catalog's entry, or its id when the catalog lacks it. */
export function useGroupPersona(id: string): Pick<Persona, 'id' | 'name' | 'cost'> & { avatarUrl?: string | null } {
  return usePersonas((s) => s.personas.find((p) => p.id === id)) ?? { id, name: id, cost: 0 };
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

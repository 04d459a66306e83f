import type { Persona } from '@neura/contract';
import { appTexts } from '../texts/app-texts';
import { texts } from '../texts/texts';
import { Button } from '../ui/button';
import { PersonaIcon } from './persona-icon';
import { ProLabel } from './pro-label';

/** A persona in the New Chat list; Pro personas are disabled and labelled for non-Pro users. */
export function PersonaOption({
  persona,
  locked,
  onSelect,
}: {
  persona: Persona;
  locked: boolean;
  onSelect: () => void;
}) {
  return (
    <li>
      <Button
        onClick={onSelect}
        title={locked ? appTexts.newChat.needsPro : undefined}
        data-testid="newchat-persona"
        data-locked={locked || undefined}
        className="flex w-full items-center gap-3 rounded-xl p-2 text-start hover:bg-surface-3"
      >
        <PersonaIcon id={persona.id} avatarUrl={persona.avatarUrl} size={44} />
        <span className="min-w-0 flex-1">
          <span className="flex items-center gap-2 font-medium">
            <span className="truncate">{persona.name}</span>
            {persona.requiresPro ? <ProLabel /> : null}
          </span>
          <span className="line-clamp-2 text-sm text-muted">{persona.tagline || persona.description}</span>
          <span className="text-xs text-muted" data-testid="newchat-persona-cost">
            {texts.explore.costLabel(persona.cost)}
          </span>
        </span>
      </Button>
    </li>
  );
}

import type { Persona } from '@neura/contract';
import { CostBadge } from '../personas/cost-badge';
import { PersonaIcon } from '../personas/persona-icon';
import { SkillList } from '../skills/skill-list';
import { texts } from '../texts/texts';
import { Markdown } from '../ui/lazy-markdown';
import { suggestionsFor } from './suggestions';

/**
 * An empty chat: who the persona is (avatar, name, description, skills, cost), its greeting as the
 * first assistant bubble (shown here only: never stored, charged or sent to the model) and a few
 * prompts to start with.
 */
export function ChatIntro({
  persona,
  onPick,
  disabled,
}: {
  persona: Persona;
  onPick: (prompt: string) => void;
  disabled?: boolean;
}) {
  const suggestions = suggestionsFor(persona);
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-4 pb-4" data-testid="chat-intro">
      <header className="flex flex-col items-center gap-2 pt-2 text-center">
        <PersonaIcon id={persona.id} avatarUrl={persona.avatarUrl} size={72} className="rounded-2xl" />
        <h3 className="text-xl font-semibold" data-testid="chat-intro-name">
          {persona.name}
        </h3>
        {persona.tagline ? (
          <p className="max-w-md font-medium" data-testid="chat-intro-tagline">
            {persona.tagline}
          </p>
        ) : null}
        <p className="max-w-md text-sm text-muted">{persona.description}</p>
        <CostBadge cost={persona.cost} />
        {persona.includedSkills.length > 0 ? (
          <div className="flex justify-center">
            <SkillList skills={persona.includedSkills} />
          </div>
        ) : null}
      </header>
      {persona.greeting ? (
        <div className="flex justify-start" data-testid="greeting">
          <div className="min-w-0 max-w-[95%] break-words rounded-2xl rounded-bl-sm bg-surface-2 px-4 py-2">
            <span className="sr-only">{texts.chat.greetingLabel(persona.name)}</span>
            <Markdown>{persona.greeting}</Markdown>
          </div>
        </div>
      ) : null}
      <section aria-label={texts.chat.suggestions} className="flex flex-col items-end gap-2">
        <h4 className="sr-only">{texts.chat.suggestions}</h4>
        <ul className="flex flex-wrap justify-end gap-2">
          {suggestions.map((prompt) => (
            <li key={prompt}>
              <button
                type="button"
                disabled={disabled}
                onClick={() => onPick(prompt)}
                data-testid="suggestion"
                className="rounded-full border border-border bg-surface px-3 py-1.5 text-left text-sm hover:bg-surface-3 disabled:opacity-50"
              >
                {prompt}
              </button>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}

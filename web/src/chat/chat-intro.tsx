import type { Persona } from '@neura/contract';
import { useLayoutEffect, useRef } from 'react';
import { CostBadge } from '../personas/cost-badge';
import { PersonaIcon } from '../personas/persona-icon';
import { SkillList } from '../skills/skill-list';
import { appTexts } from '../texts/app-texts';
import { Button } from '../ui/button';
import { Markdown } from '../ui/lazy-markdown';
import { useKeyboardOpen } from '../ui/use-viewport-shrink';
import { suggestionsFor } from './suggestions';

/**
 * An empty chat: who the persona is (avatar, name, tagline, description, skills, cost), its
 * greeting as the first assistant bubble (shown here only: never stored, charged or sent to the
 * model) and a few prompts to start with (the persona's own suggested prompts when it has them).
 * While the on-screen keyboard is open the header folds to one line (no tagline, description or
 * skills) and the greeting and prompts, next to the message box, stay in view.
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
  const keyboard = useKeyboardOpen();
  const end = useRef<HTMLElement>(null);
  useLayoutEffect(() => {
    // The list's scroller keeps its scroll position when it gets shorter: show the end instead.
    if (keyboard) end.current?.scrollIntoView({ block: 'end' });
  }, [keyboard]);
  return (
    <div
      className="mx-auto flex w-full max-w-3xl flex-col gap-4 pb-4"
      data-testid="chat-intro"
      data-keyboard={keyboard || undefined}
    >
      <header
        className={
          keyboard ? 'flex items-center justify-center gap-2' : 'flex flex-col items-center gap-2 pt-2 text-center'
        }
      >
        <PersonaIcon
          id={persona.id}
          avatarUrl={persona.avatarUrl}
          size={keyboard ? 32 : 72}
          className={keyboard ? 'rounded-lg' : 'rounded-2xl'}
        />
        <h3 className={keyboard ? 'font-semibold' : 'text-xl font-semibold'} data-testid="chat-intro-name">
          {persona.name}
        </h3>
        {!keyboard && persona.tagline ? (
          <p className="font-medium" data-testid="chat-intro-tagline">
            {persona.tagline}
          </p>
        ) : null}
        {keyboard ? null : <p className="max-w-md text-sm text-muted">{persona.description}</p>}
        <CostBadge cost={persona.cost} />
        {!keyboard && persona.includedSkills.length > 0 ? (
          <div className="flex justify-center">
            <SkillList skills={persona.includedSkills} />
          </div>
        ) : null}
      </header>
      {persona.greeting ? (
        <div className="flex justify-start" data-testid="greeting">
          <div className="min-w-0 max-w-[95%] break-words rounded-2xl rounded-es-sm bg-surface-2 px-4 py-2">
            <span className="sr-only">{appTexts.chat.greetingLabel(persona.name)}</span>
            <Markdown>{persona.greeting}</Markdown>
          </div>
        </div>
      ) : null}
      <section ref={end} aria-label={appTexts.chat.suggestions} className="flex flex-col items-end gap-2">
        <h4 className="sr-only">{appTexts.chat.suggestions}</h4>
        <ul className="flex flex-wrap justify-end gap-2">
          {suggestions.map((prompt) => (
            <li key={prompt}>
              <Button
                disabled={disabled}
                onClick={() => onPick(prompt)}
                data-testid="suggestion"
                className="rounded-full border border-border bg-surface px-3 py-1.5 text-start text-sm hover:bg-surface-3 disabled:opacity-50"
              >
                {prompt}
              </Button>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}

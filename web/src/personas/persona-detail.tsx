import type { Persona } from '@neura/contract';
import type { ReactNode } from 'react';
import { SkillList } from '../skills/skill-list';
import { appTexts } from '../texts/app-texts';
import { Button } from '../ui/button';
import { CostBadge } from './cost-badge';
import { PersonaIcon } from './persona-icon';
import { ProLabel } from './pro-label';

/** The New Chat detail view: who the persona is (avatar, tagline), what to ask, what it can do, and Start Chat. */
export function PersonaDetail({
  persona,
  locked,
  starting,
  onStart,
  footer,
}: {
  persona: Persona;
  locked: boolean;
  starting: boolean;
  onStart: () => void;
  /** Below Start Chat (the Report action of someone else's custom persona). */
  footer?: ReactNode;
}) {
  return (
    <div className="flex flex-col items-center gap-3 overflow-y-auto p-5 text-center" data-testid="newchat-detail">
      <PersonaIcon id={persona.id} avatarUrl={persona.avatarUrl} size={96} className="rounded-3xl" />
      <h3 className="flex items-center gap-2 text-xl font-semibold">
        {persona.name}
        {persona.requiresPro ? <ProLabel /> : null}
      </h3>
      {persona.tagline ? (
        <p className="font-medium" data-testid="newchat-detail-tagline">
          {persona.tagline}
        </p>
      ) : null}
      <p className="text-muted">{persona.description}</p>
      <CostBadge cost={persona.cost} />
      {persona.suggestedPrompts?.length ? (
        <div className="w-full text-start">
          <h4 className="mb-1 text-xs font-semibold tracking-wide text-muted uppercase">
            {appTexts.newChat.suggestions}
          </h4>
          <ul className="flex flex-wrap gap-2" data-testid="newchat-detail-prompts">
            {persona.suggestedPrompts.map((prompt) => (
              <li key={prompt} className="rounded-full border border-border px-3 py-1 text-sm">
                {prompt}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <div className="w-full text-start">
        <h4 className="mb-1 text-xs font-semibold tracking-wide text-muted uppercase">{appTexts.newChat.skills}</h4>
        {persona.includedSkills.length === 0 ? (
          <p className="text-sm text-muted">{appTexts.newChat.noSkills}</p>
        ) : (
          <SkillList skills={persona.includedSkills} />
        )}
      </div>
      {locked ? <p className="text-sm text-warning">{appTexts.newChat.needsPro}</p> : null}
      <Button onClick={onStart} disabled={starting} variant="primary" size="lg" className="mt-2 w-full">
        {starting ? appTexts.newChat.starting : locked ? appTexts.newChat.getPro : appTexts.newChat.start}
      </Button>
      {footer}
    </div>
  );
}

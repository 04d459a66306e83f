import type { Persona } from '@neura/contract';
import { texts } from '../texts/texts';
import { Button } from '../ui/button';
import { CostBadge } from './cost-badge';
import { PersonaIcon } from './persona-icon';
import { personaBackgroundUrl } from './persona-images';
import { ProLabel } from './pro-label';

/**
 * An Explore card: name, tagline, description, icon (or uploaded avatar), cost and the Pro label; Featured cards also show the
 * persona's background image. The whole card starts a chat.
 */
export function PersonaCard({
  persona,
  featured,
  onStart,
  priority = false,
}: {
  persona: Persona;
  featured: boolean;
  onStart: (persona: Persona) => void;
  /** The first card in view on the Explore page: its image is the page's largest paint, load it at once. */
  priority?: boolean;
}) {
  return (
    <article
      className={`relative flex h-full flex-col overflow-hidden rounded-2xl border border-border ${featured ? 'min-h-56 bg-surface-3' : 'min-h-44 bg-surface-2'}`}
      data-testid="persona-card"
      data-persona-id={persona.id}
    >
      {featured ? (
        <img
          src={personaBackgroundUrl(persona.id)}
          alt=""
          loading={priority ? 'eager' : 'lazy'}
          fetchPriority={priority ? 'high' : 'auto'}
          decoding="async"
          draggable={false}
          className="absolute inset-0 h-full w-full object-cover"
          data-testid="persona-background"
        />
      ) : null}
      {featured ? (
        <div
          className="absolute inset-0 bg-gradient-to-t from-black/75 via-black/25 to-transparent"
          aria-hidden="true"
        />
      ) : null}
      <div
        className={`relative flex flex-1 flex-col gap-2 p-4 ${featured ? 'justify-end text-white [text-shadow:0_1px_2px_rgb(0_0_0/0.5)]' : ''}`}
      >
        <div className="flex items-start gap-3">
          <PersonaIcon
            id={persona.id}
            avatarUrl={persona.avatarUrl}
            size={featured ? 56 : 48}
            className={featured ? 'shadow-lg ring-2 ring-white/30' : ''}
          />
          <div className="min-w-0 flex-1">
            <h3 className="flex items-center gap-2 font-semibold">
              <Button
                onClick={() => onStart(persona)}
                className="truncate text-start after:absolute after:inset-0 after:content-['']"
                aria-label={texts.explore.startChat(persona.name)}
              >
                {persona.name}
              </Button>
              {persona.requiresPro ? <ProLabel /> : null}
            </h3>
            {persona.tagline ? (
              <p
                className={`line-clamp-1 text-sm font-medium ${featured ? 'text-white' : 'text-fg'}`}
                data-testid="persona-tagline"
              >
                {persona.tagline}
              </p>
            ) : null}
            {/* Three lines of text in all: with a tagline, two of description (community cards matched the others). */}
            <p
              className={`${persona.tagline ? 'line-clamp-2' : 'line-clamp-3'} text-sm ${featured ? 'text-white/85' : 'text-muted'}`}
            >
              {persona.description}
            </p>
          </div>
        </div>
        <div className={`relative z-10 flex ${featured ? '' : 'mt-auto'}`}>
          <CostBadge cost={persona.cost} />
        </div>
      </div>
    </article>
  );
}

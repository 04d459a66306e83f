import { EXPLORE_CAROUSELS, EXPLORE_SKELETON_COUNTS, type Persona } from '@neura/contract';
import { useCallback, useDeferredValue, useLayoutEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { startChat } from '../chats/chat-actions';
import { localTexts } from '../i18n/local-texts';
import { endFirstPaintWhenPainted } from '../personas/first-paint';
import { usePersonas } from '../store/personas';
import { creatorTexts } from '../texts/creator';
import { carouselTitles } from '../texts/explore-carousels';
import { texts } from '../texts/texts';
import { ExploreBanners } from './explore-banners';
import { PersonaCarousel } from './persona-carousel';

/** Explore (home): banners, then the five carousels of published personas by tag. */
export function ExplorePage() {
  // The catalog arrives as one store write: its five carousels of cards render in a deferred
  // (time-sliced) render, not in one long task; the skeletons stay until it commits.
  const personas = useDeferredValue(usePersonas((s) => s.personas));
  const loaded = useDeferredValue(usePersonas((s) => s.loaded));
  // Published personas made by people (issue #29): a carousel of their own, only when there are some.
  const community = personas.filter((p) => p.published && p.custom);
  const navigate = useNavigate();
  const onStart = useCallback((persona: Persona) => void startChat(persona.id, navigate), [navigate]);
  // The server's first paint of this page (index.html) gives way once these cards are here.
  const section = useRef<HTMLElement>(null);
  useLayoutEffect(() => {
    if (loaded && section.current) endFirstPaintWhenPainted(section.current);
  }, [loaded]);

  return (
    <section
      ref={section}
      className="mx-auto flex w-full max-w-6xl flex-col gap-6 py-4"
      aria-labelledby="explore-heading"
    >
      <h2 id="explore-heading" className="px-4 text-2xl font-bold">
        {texts.explore.heading}
      </h2>
      <ExploreBanners />
      {EXPLORE_CAROUSELS.map((carousel, i) => (
        <PersonaCarousel
          key={carousel.tag}
          title={localTexts(carouselTitles)[carousel.tag] ?? carousel.title}
          featured={carousel.tag === 'featured'}
          loading={!loaded}
          skeletons={EXPLORE_SKELETON_COUNTS[i] ?? 2}
          personas={personas.filter((p) => p.published && p.tags.includes(carousel.tag))}
          onStart={onStart}
        />
      ))}
      {community.length > 0 ? (
        <PersonaCarousel
          title={creatorTexts.explore.community}
          featured={false}
          loading={false}
          skeletons={0}
          personas={community}
          onStart={onStart}
        />
      ) : null}
      <p className="px-4 pb-4 text-center text-sm text-muted" data-testid="explore-footer">
        <span className="lg:hidden">{texts.explore.footerMobile}</span>
        <span className="hidden lg:inline">{texts.explore.footerDesktop}</span>
      </p>
    </section>
  );
}

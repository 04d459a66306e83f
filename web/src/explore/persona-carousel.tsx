import { EXPLORE_CAROUSEL_SPEED_MS, type Persona } from '@neura/contract';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { PersonaCard } from '../personas/persona-card';
import { texts } from '../texts/texts';
import { afterNextFrame } from '../ui/after-next-frame';
import { Button } from '../ui/button';
import { PersonaSkeleton } from './persona-skeleton';
import { useSlidesPerView } from './use-slides-per-view';

const ease = (t: number) => (t < 0.5 ? 4 * t * t * t : 1 - (-2 * t + 2) ** 3 / 2);

/** Animates scrollLeft over the carousel speed, with snapping paused so it does not fight the animation. */
function animateScroll(el: HTMLElement, to: number): void {
  const from = el.scrollLeft;
  const reduce =
    typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  if (reduce || typeof requestAnimationFrame !== 'function') {
    el.scrollLeft = to;
    return;
  }
  const start = performance.now();
  el.style.scrollSnapType = 'none';
  const step = (now: number) => {
    const t = Math.min(1, (now - start) / EXPLORE_CAROUSEL_SPEED_MS);
    el.scrollLeft = from + (to - from) * ease(t);
    if (t < 1) requestAnimationFrame(step);
    else el.style.scrollSnapType = '';
  };
  requestAnimationFrame(step);
}

/**
 * One carousel of persona cards: a CSS scroll-snap strip (swipe, trackpad, keyboard) with previous
 * and next buttons that slide by one card at the speed of SPEC.md §9.
 */
export function PersonaCarousel({
  title,
  personas,
  loading,
  skeletons,
  featured,
  onStart,
}: {
  title: string;
  personas: Persona[];
  loading: boolean;
  skeletons: number;
  featured: boolean;
  onStart: (persona: Persona) => void;
}) {
  const slidesPerView = useSlidesPerView();
  const strip = useRef<HTMLUListElement>(null);
  const headingId = useId();
  // What the first measure finds (all cards in view: no next), so it changes nothing.
  const [edges, setEdges] = useState(() => ({ start: true, end: !loading && personas.length <= slidesPerView }));

  const updateEdges = useCallback(() => {
    const el = strip.current;
    if (!el) return;
    // Right to left (issue #43), scrollLeft runs from 0 down to negative values: measured as a distance.
    const offset = Math.abs(el.scrollLeft);
    const start = offset <= 2;
    const end = offset + el.clientWidth >= el.scrollWidth - 2;
    // Unchanged edges keep the state as it is: no re-render (each carousel measures after its first render).
    setEdges((was) => (was.start === start && was.end === end ? was : { start, end }));
  }, []);
  // The first render's edges are the initial state's (a strip starts at its start): measuring them
  // in the commit's effects laid the page out there, including the off-screen carousels that
  // `content-visibility` skips (issue #50: 40–170 ms at 4× CPU). When the cards change later, they
  // are measured after the next frame, once the browser has laid the page out itself.
  const mounted = useRef(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: re-measure when the cards change.
  useEffect(() => {
    if (!mounted.current) {
      mounted.current = true;
      return;
    }
    return afterNextFrame(updateEdges);
  }, [updateEdges, personas.length, slidesPerView, loading]);

  const slideBy = (direction: 1 | -1) => {
    const el = strip.current;
    if (!el) return;
    const slide = el.clientWidth / slidesPerView;
    const sign = getComputedStyle(el).direction === 'rtl' ? -1 : 1;
    const offset = Math.abs(el.scrollLeft);
    const target = Math.round((offset + direction * slide) / slide) * slide;
    animateScroll(el, sign * Math.max(0, Math.min(target, el.scrollWidth - el.clientWidth)));
  };

  const count = loading ? skeletons : personas.length;
  if (!loading && personas.length === 0) return null;

  return (
    // Off screen, a carousel is neither styled nor laid out until it comes near (issue #50: the first
    // render's style and layout); its placeholder is its own height (a title and a row of min-height
    // cards), kept once it has been shown, so nothing moves when it renders.
    <section
      aria-labelledby={headingId}
      className={`flex flex-col gap-2 [content-visibility:auto] ${featured ? '[contain-intrinsic-size:auto_268px] sm:[contain-intrinsic-size:auto_272px]' : '[contain-intrinsic-size:auto_220px] sm:[contain-intrinsic-size:auto_224px]'}`}
      data-testid="persona-carousel"
    >
      <div className="flex items-center gap-2 px-4">
        <h3 id={headingId} className="flex-1 text-lg font-semibold">
          {title}
        </h3>
        <Button
          onClick={() => slideBy(-1)}
          disabled={loading || edges.start}
          aria-label={texts.explore.previous(title)}
          className="hidden h-8 w-8 items-center justify-center rounded-full bg-surface-3 text-lg disabled:opacity-30 sm:flex"
        >
          <span aria-hidden="true">‹</span>
        </Button>
        <Button
          onClick={() => slideBy(1)}
          disabled={loading || edges.end}
          aria-label={texts.explore.next(title)}
          className="hidden h-8 w-8 items-center justify-center rounded-full bg-surface-3 text-lg disabled:opacity-30 sm:flex"
        >
          <span aria-hidden="true">›</span>
        </Button>
      </div>
      <ul
        ref={strip}
        onScroll={updateEdges}
        className="flex snap-x snap-mandatory scroll-px-4 overflow-x-auto px-4 pb-2 [scrollbar-width:none]"
        aria-busy={loading}
      >
        {Array.from({ length: count }, (_, i) => {
          const persona = personas[i];
          return (
            // A card out of the strip's view is neither styled nor laid out until it scrolls near
            // (issue #50: the first page's frame that lays Explore out, 170–280 → 80–120 ms at 4× CPU);
            // its placeholder is a card's minimum height, so the strip keeps its height.
            <li
              key={persona?.id ?? `skeleton-${i}`}
              className={`shrink-0 snap-start pe-3 [content-visibility:auto] ${featured ? '[contain-intrinsic-height:auto_224px]' : '[contain-intrinsic-height:auto_176px]'}`}
              style={{ width: `${100 / slidesPerView}%` }}
            >
              {loading || !persona ? (
                <PersonaSkeleton featured={featured} />
              ) : (
                <PersonaCard persona={persona} featured={featured} onStart={onStart} priority={featured && i === 0} />
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}

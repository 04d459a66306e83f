import { INTRO_AUTOPLAY_MS, INTRO_DRAG_THRESHOLD_PX } from '@neura/contract';
import { type PointerEvent, useEffect, useRef, useState } from 'react';
import { appTexts } from '../texts/app-texts';
import { Button } from '../ui/button';
import { IntroIcon } from './intro-icon';

const CELLS = appTexts.auth.intro;
const LAST = CELLS.length - 1;

/**
 * The intro of SPEC.md §2: six cells, autoplay every 8000 ms, draggable (50 px threshold), no
 * wrap, no arrows. Reports finished = true only on the last cell.
 */
export function IntroCarousel({ onFinishedChange }: { onFinishedChange: (finished: boolean) => void }) {
  const [index, setIndex] = useState(0);
  const dragStart = useRef<number | null>(null);
  const report = useRef(onFinishedChange);
  report.current = onFinishedChange;

  useEffect(() => {
    report.current(index === LAST);
    if (index >= LAST) return;
    const timer = setTimeout(() => setIndex((i) => Math.min(i + 1, LAST)), INTRO_AUTOPLAY_MS);
    return () => clearTimeout(timer);
  }, [index]);

  const go = (i: number) => setIndex(Math.max(0, Math.min(LAST, i)));

  const onPointerDown = (e: PointerEvent<HTMLDivElement>) => {
    dragStart.current = e.clientX;
  };
  const onPointerUp = (e: PointerEvent<HTMLDivElement>) => {
    if (dragStart.current === null) return;
    // Right to left (issue #43): the next cell is to the left, so a drag to the right goes on.
    const dx = (e.clientX - dragStart.current) * (document.documentElement.dir === 'rtl' ? -1 : 1);
    dragStart.current = null;
    if (dx <= -INTRO_DRAG_THRESHOLD_PX) go(index + 1);
    else if (dx >= INTRO_DRAG_THRESHOLD_PX) go(index - 1);
  };

  return (
    <section aria-roledescription="carousel" aria-label={appTexts.auth.headings.initial} className="select-none">
      <div
        className="overflow-hidden touch-pan-y"
        onPointerDown={onPointerDown}
        onPointerUp={onPointerUp}
        onPointerCancel={() => {
          dragStart.current = null;
        }}
        data-testid="intro-track"
      >
        <div
          className="flex transition-transform duration-500"
          style={{ transform: `translateX(calc(-${index * 100}% * var(--dir, 1)))` }}
        >
          {CELLS.map((cell, i) => (
            // biome-ignore lint/a11y/useSemanticElements: the WAI carousel pattern: a group with roledescription "slide"
            <div
              key={cell.title}
              role="group"
              aria-roledescription="slide"
              aria-label={appTexts.auth.introSlide(i + 1)}
              aria-hidden={i !== index}
              className="flex w-full shrink-0 flex-col items-center gap-3 px-2 py-6 text-center"
            >
              <IntroIcon index={i} />
              <h3 className="text-xl font-semibold">{cell.title}</h3>
              <p className="text-muted">{cell.body}</p>
              {i === 0 ? (
                <p className="mt-2 text-sm text-accent-text">
                  {appTexts.auth.swipe} <span className="inline-block rtl:-scale-x-100">→</span>
                </p>
              ) : null}
            </div>
          ))}
        </div>
      </div>
      {/* Each dot sits in a 24 × 24 px target (WCAG 2.5.8 target size; Lighthouse's touch targets). */}
      <div className="mt-1 flex justify-center">
        {CELLS.map((cell, i) => (
          <Button
            key={cell.title}
            aria-label={appTexts.auth.introSlide(i + 1)}
            aria-current={i === index}
            onClick={() => go(i)}
            className="flex h-6 min-w-6 items-center justify-center px-1"
          >
            <span
              aria-hidden="true"
              className={`block h-2 rounded-full transition-all ${i === index ? 'w-6 bg-accent' : 'w-2 bg-muted/40'}`}
            />
          </Button>
        ))}
      </div>
    </section>
  );
}

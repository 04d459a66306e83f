import { useEffect, useState } from 'react';

/** A viewport this much shorter than it was at the same width: the on-screen keyboard is open. */
export const KEYBOARD_MIN_PX = 150;

/**
 * The tallest visual viewport seen per width (so per orientation), for the whole visit: a page
 * that mounts while the keyboard is already open still knows how tall the screen was.
 */
const tallest = new Map<number, number>();

function measure(viewport: VisualViewport): number {
  // Pinch-zoom also makes the visual viewport shorter (in CSS pixels): that is no keyboard.
  if (viewport.scale > 1.01) return 0;
  const width = Math.round(viewport.width);
  const top = Math.max(tallest.get(width) ?? 0, viewport.height);
  tallest.set(width, top);
  return Math.max(0, Math.round(top - viewport.height));
}

/**
 * How many CSS pixels shorter the visible viewport is than the tallest seen at this width, from
 * `window.visualViewport` (0 where there is none). On a phone this is the on-screen keyboard: with
 * `interactive-widget=resizes-content` (Android Chrome) the layout shrinks with it; on iOS only the
 * visual viewport does. Compare with KEYBOARD_MIN_PX to tell the keyboard from a toolbar hiding.
 */
export function useViewportShrink(): number {
  const [shrink, setShrink] = useState(() => (window.visualViewport ? measure(window.visualViewport) : 0));
  useEffect(() => {
    const viewport = window.visualViewport;
    if (!viewport) return;
    const update = () => setShrink(measure(viewport));
    update();
    viewport.addEventListener('resize', update);
    return () => viewport.removeEventListener('resize', update);
  }, []);
  return shrink;
}

/** Whether the on-screen keyboard is (most likely) open. */
export function useKeyboardOpen(): boolean {
  return useViewportShrink() >= KEYBOARD_MIN_PX;
}

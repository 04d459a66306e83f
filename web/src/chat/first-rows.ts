import { defaultRangeExtractor, type Range, type Virtualizer } from '@tanstack/react-virtual';
import { type RefObject, useCallback, useRef } from 'react';

/**
 * The last rows that fill `view` px by their estimated sizes, with `overscan` more above: what the
 * list shows once it has followed the bottom (its first rows are all estimated, none measured yet).
 */
function lastRows(range: Range, view: number, estimate: (index: number) => number): number[] {
  let first = range.count - 1;
  for (let filled = estimate(first); first > 0 && filled < view; filled += estimate(first)) first--;
  first = Math.max(0, first - range.overscan);
  return Array.from({ length: range.count - first }, (_, i) => first + i);
}

/**
 * The message list's `rangeExtractor`. A chat's first rows (its newest page arriving) are shown at
 * the bottom: their commit follows the bottom, so they are the last rows, not those at the scroll
 * offset the empty list had (0: the page's oldest rows, dropped again at once; at 4× CPU their
 * render, commit and forced layout made the open's longest task after the page arrived, issue #50
 * item 3). Until the virtualizer hears of that scroll (the scroll event comes with the next frame,
 * after the re-render its measurements ask for), its own offset is still the old one: the range
 * stays at the bottom until then. `following`: the list follows the bottom; `followed`: it has
 * followed rows already (then the range is the virtualizer's own).
 */
export function useFirstRowsAtBottom(
  count: number,
  following: boolean,
  followed: boolean,
  virtualizer: RefObject<Virtualizer<HTMLDivElement, Element> | null>,
  estimate: (index: number) => number,
) {
  const opening = useRef<'before' | { offset: number } | 'done'>('before');
  const offsetNow = virtualizer.current?.scrollOffset ?? 0;
  if (count === 0) opening.current = 'before';
  else if (!following) opening.current = 'done';
  else if (opening.current === 'before') opening.current = followed ? 'done' : { offset: offsetNow };
  else if (opening.current !== 'done' && opening.current.offset !== offsetNow) opening.current = 'done';
  const fromBottom = typeof opening.current === 'object';
  return useCallback(
    (range: Range) =>
      fromBottom
        ? lastRows(range, virtualizer.current?.scrollRect?.height ?? window.innerHeight, estimate)
        : defaultRangeExtractor(range),
    [fromBottom, virtualizer, estimate],
  );
}

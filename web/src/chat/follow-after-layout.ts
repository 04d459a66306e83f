import type { Virtualizer } from '@tanstack/react-virtual';
import { type RefObject, useCallback, useLayoutEffect, useRef } from 'react';

/**
 * A row's height for the virtualizer (its `measureElement`): the ResizeObserver's box, after the
 * frame's layout; called in a commit (a row just mounted), what is known without laying out (the
 * size measured before, else the estimate) instead of the row's offsetHeight, which laid the rows
 * out inside React's task. The library's own `measureElement` with its last step (`offsetHeight`
 * for a row never measured) replaced by the estimate.
 */
export function measureAfterLayout(
  element: Element,
  entry: ResizeObserverEntry | undefined,
  instance: Virtualizer<HTMLDivElement, Element>,
): number {
  const box = entry?.borderBoxSize?.[0];
  if (box) return Math.round(box.blockSize);
  const index = instance.indexFromElement(element);
  return instance.itemSizeCache.get(instance.options.getItemKey(index)) ?? instance.options.estimateSize(index);
}

/**
 * Calls `follow` in a ResizeObserver's callback whenever the list, the element sized to all its rows
 * (`sizer`) or one of its mounted rows (`rowRef`, which also hands the row to `measureRow`) changes
 * size. The callback runs after the frame's layout, so reading `scrollHeight` there lays nothing out;
 * read in a commit's layout effect, it forced the style and layout of a streaming reply's grown row
 * inside React's task each frame (10–25 ms at 4× CPU, issue #50 item 3). `observing()` is false
 * where there is no ResizeObserver (then the list follows in its commits).
 */
export function useFollowAfterLayout(
  list: RefObject<HTMLElement | null>,
  follow: () => void,
  measureRow: (node: HTMLDivElement | null) => void,
) {
  const followRef = useRef(follow);
  followRef.current = follow;
  const observer = useRef<ResizeObserver | null>(null);
  const sizer = useRef<HTMLDivElement | null>(null);
  const mounted = useRef(new Set<Element>());
  useLayoutEffect(() => {
    if (typeof ResizeObserver === 'undefined') return;
    const resizes = new ResizeObserver(() => followRef.current());
    // The list itself too: a shorter view (the on-screen keyboard opening) keeps its bottom.
    if (list.current) resizes.observe(list.current);
    if (sizer.current) resizes.observe(sizer.current);
    for (const row of mounted.current) resizes.observe(row);
    observer.current = resizes;
    return () => {
      resizes.disconnect();
      observer.current = null;
    };
  }, [list]);
  // One function for every row (a new one each render would measure every row again each commit).
  const rowRef = useCallback(
    (node: HTMLDivElement | null) => {
      measureRow(node);
      if (node) {
        mounted.current.add(node);
        observer.current?.observe(node);
        return;
      }
      for (const row of mounted.current) {
        if (row.isConnected) continue;
        observer.current?.unobserve(row);
        mounted.current.delete(row);
      }
    },
    [measureRow],
  );
  const observing = useCallback(() => observer.current !== null, []);
  return { sizer, rowRef, observing };
}

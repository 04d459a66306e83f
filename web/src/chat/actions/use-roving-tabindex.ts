import { type KeyboardEvent, type RefObject, useCallback, useLayoutEffect, useRef } from 'react';

/** The toolbar's own controls: enabled buttons, not those inside an open menu or receipt. */
function itemsOf(root: HTMLElement): HTMLElement[] {
  return [...root.querySelectorAll<HTMLButtonElement>('button')].filter(
    (b) => !b.disabled && b.closest('[role="menu"], [role="dialog"]') === null,
  );
}

/**
 * A roving tabindex for a toolbar (WAI-ARIA APG): the toolbar is one tab stop (the control used
 * last, else the first); ArrowLeft / ArrowRight move between its controls (wrapping), Home / End go
 * to the first / last. Keys from an open menu or popover inside it are left to them.
 */
export function useRovingTabindex(root: RefObject<HTMLElement | null>) {
  const active = useRef<HTMLElement | null>(null);

  const sync = useCallback(() => {
    const el = root.current;
    if (!el) return;
    const items = itemsOf(el);
    const current = active.current && items.includes(active.current) ? active.current : items[0];
    for (const item of items) item.tabIndex = item === current ? 0 : -1;
  }, [root]);

  // After every render: controls come and go (a reply finishes, versions appear).
  useLayoutEffect(() => sync());

  const onFocus = useCallback(
    (event: React.FocusEvent<HTMLElement>) => {
      const el = root.current;
      if (!el || !itemsOf(el).includes(event.target)) return;
      active.current = event.target;
      sync();
    },
    [root, sync],
  );

  const onKeyDown = useCallback(
    (event: KeyboardEvent<HTMLElement>) => {
      const el = root.current;
      if (!el) return;
      const items = itemsOf(el);
      const i = items.indexOf(event.target as HTMLElement);
      if (i === -1) return;
      let next: number;
      if (event.key === 'ArrowRight') next = (i + 1) % items.length;
      else if (event.key === 'ArrowLeft') next = (i - 1 + items.length) % items.length;
      else if (event.key === 'Home') next = 0;
      else if (event.key === 'End') next = items.length - 1;
      else return;
      event.preventDefault();
      items[next]?.focus();
    },
    [root],
  );

  return { onFocus, onKeyDown };
}

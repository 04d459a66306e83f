import { type RefObject, useEffect } from 'react';

/** The keys a browser scrolls the page with. */
const SCROLL_KEYS = new Set(['PageDown', 'PageUp', ' ', 'ArrowDown', 'ArrowUp', 'Home', 'End']);

/**
 * The window no longer scrolls (the shell is one screen tall; the main column scrolls): with
 * nothing focused, the keys that used to scroll the page go to the main column. It takes focus
 * (without moving) before the browser acts on the key, so the key scrolls it as it scrolled the
 * page, and the next ones do too.
 */
export function useKeyboardScroll(main: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
      if (!SCROLL_KEYS.has(event.key)) return;
      const focused = document.activeElement;
      if (focused && focused !== document.body && focused !== document.documentElement) return;
      main.current?.focus({ preventScroll: true });
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [main]);
}

import type { MouseEvent } from 'react';
import { texts } from '../texts/texts';
import { buttonClass } from '../ui/button';

/**
 * The first tab stop of every page: hidden until focused, it skips the sidebar and header to the
 * message box on a chat (to the main content elsewhere).
 */
export function SkipLink({ toComposer }: { toComposer: boolean }) {
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    const target = toComposer
      ? document.querySelector<HTMLElement>('[data-testid="composer"] textarea')
      : document.getElementById('main');
    if (!target) return;
    event.preventDefault();
    target.focus();
  };
  return (
    // biome-ignore lint/a11y/useValidAnchor: a skip link is a link to #main; the script only moves focus further (to the box) without adding a history entry.
    <a
      href="#main"
      onClick={onClick}
      data-testid="skip-link"
      className={buttonClass('primary', 'md', 'sr-only z-50 focus:not-sr-only focus:fixed focus:top-2 focus:start-2')}
    >
      {toComposer ? texts.a11y.skipToMessage : texts.a11y.skipToMain}
    </a>
  );
}

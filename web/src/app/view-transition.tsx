import type { ReactNode } from 'react';
import { useLocation } from 'react-router';
import { useAppStore } from '../store/app-store';

/**
 * Plays the chosen transition (CSS animation, see styles.css) when the page changes. Keyed by
 * pathname so each page enters once; prefers-reduced-motion turns the animation off.
 */
export function ViewTransition({ children, fill = false }: { children: ReactNode; fill?: boolean }) {
  const { pathname } = useLocation();
  const transition = useAppStore((s) => s.viewTransition);
  const loading = useAppStore((s) => s.isViewLoading);
  return (
    <div
      key={pathname}
      className={`view view-${transition} ${fill ? 'flex min-h-0 flex-1 flex-col' : 'min-h-full'}`}
      aria-busy={loading || undefined}
    >
      {children}
    </div>
  );
}

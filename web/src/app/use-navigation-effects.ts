import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { hapticImpact } from '../platform/haptics';
import { useAppStore } from '../store/app-store';
import { routeFor } from './routes';
import { chooseTransition } from './transitions';

/**
 * SPEC.md §2 "before/after each navigation": before the page shows, the view-loading flag is set,
 * the title is set from the route and a haptic impact fires; after it, loading clears and the
 * transition is chosen. Layout effects run before the pages' own effects, so a page (a chat) can
 * still set a more specific title.
 */
export function useNavigationEffects(): void {
  const { pathname } = useLocation();
  const previous = useRef<string | null>(null);
  const viewTitle = useAppStore((s) => s.viewTitle);

  useLayoutEffect(() => {
    const from = previous.current;
    previous.current = pathname;
    const { setViewLoading, setViewTitle } = useAppStore.getState();
    setViewTitle(routeFor(pathname).title);
    if (from === null || from === pathname) return;
    setViewLoading(true);
    hapticImpact('LIGHT');
    useAppStore.setState({ viewTransition: chooseTransition(from, pathname) });
    const frame = requestAnimationFrame(() => setViewLoading(false));
    return () => cancelAnimationFrame(frame);
  }, [pathname]);

  useEffect(() => {
    if (viewTitle) document.title = viewTitle;
  }, [viewTitle]);
}

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

  // The document's title follows the store without rendering the layout again: a layout render
  // from a title set in an effect was a synchronous render of the whole shell (a chat's open, 4× CPU).
  useEffect(() => {
    const apply = (title: string) => {
      if (title) document.title = title;
    };
    apply(useAppStore.getState().viewTitle);
    return useAppStore.subscribe((state, before) => {
      if (state.viewTitle !== before.viewTitle) apply(state.viewTitle);
    });
  }, []);
}

/**
 * The first page's title before the first render, so the layout's first commit does not change
 * what the header rendered (a changed store value in a commit is re-rendered synchronously).
 */
export function setTitleAtStart(pathname: string): void {
  useAppStore.getState().setViewTitle(routeFor(pathname).title);
}

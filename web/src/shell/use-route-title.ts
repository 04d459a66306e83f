import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { useAppStore } from '../store/app-store';
import { routeFor } from './routes';

/** Sets the view title (and the document title) from the route before each page shows. */
export function useRouteTitle(): void {
  const { pathname } = useLocation();
  const setViewTitle = useAppStore((s) => s.setViewTitle);
  const viewTitle = useAppStore((s) => s.viewTitle);

  useEffect(() => {
    setViewTitle(routeFor(pathname).title);
  }, [pathname, setViewTitle]);

  useEffect(() => {
    if (viewTitle) document.title = viewTitle;
  }, [viewTitle]);
}

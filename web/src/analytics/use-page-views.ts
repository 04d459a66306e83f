import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { sendPageView } from './page-views';

/** One page view per route change (nothing when analytics is unset or switched off). */
export function usePageViews(): void {
  const { pathname } = useLocation();
  useEffect(() => {
    void sendPageView(pathname);
  }, [pathname]);
}

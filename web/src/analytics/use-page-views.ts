import { useEffect } from 'react';
import { useLocation } from 'react-router';

/**
 * One page view per route change. Builds without VITE_ANALYTICS_URL carry none of the sender's
 * code; with it, the sender loads on the first page view and honours the opt-out switch.
 */
export function usePageViews(): void {
  const { pathname } = useLocation();
  useEffect(() => {
    if (!import.meta.env.VITE_ANALYTICS_URL) return;
    void import('./page-views').then(({ sendPageView }) => sendPageView(pathname));
  }, [pathname]);
}

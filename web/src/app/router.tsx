import { lazy, Suspense } from 'react';
import { BrowserRouter, type RouteObject, useRoutes } from 'react-router';
import { withMarkdown } from '../ui/lazy-markdown';
import { AppLayout } from './app-layout';
import { pageElements } from './pages';
import { RedirectRoute } from './redirects';
import { ROUTES } from './routes';

/** A shared chat (issue #30): a page of its own, outside the app's layout (no sidebar, no composer). */
const SharedChatPage = lazy(() => withMarkdown(import('../chat/shared-chat-page')));

export function buildRoutes(): RouteObject[] {
  return [
    {
      path: '/share/:shareId',
      element: (
        <Suspense fallback={null}>
          <SharedChatPage />
        </Suspense>
      ),
    },
    {
      element: <AppLayout />,
      children: [
        ...ROUTES.map((r) => ({ path: r.path, element: pageElements[r.name] })),
        { path: '/privacy', element: <RedirectRoute /> },
        { path: '/account', element: <RedirectRoute /> },
        { path: '/account/*', element: <RedirectRoute /> },
        { path: '*', element: pageElements['not-found'] },
      ],
    },
  ];
}

const routes = buildRoutes();

function AppRoutes() {
  return useRoutes(routes);
}

/**
 * The app's router: the declarative BrowserRouter, not the data router (createBrowserRouter), whose
 * loaders and fetchers the app does not use and which would add ~10 KB gzip to the first route.
 */
export function AppRouter() {
  return (
    <BrowserRouter>
      <AppRoutes />
    </BrowserRouter>
  );
}

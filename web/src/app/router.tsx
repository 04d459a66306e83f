import { BrowserRouter, type RouteObject, useRoutes } from 'react-router';
import { AppLayout } from './app-layout';
import { pageElements } from './pages';
import { RedirectRoute } from './redirects';
import { ROUTES } from './routes';

export function buildRoutes(): RouteObject[] {
  return [
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

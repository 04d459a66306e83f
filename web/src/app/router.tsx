import { createBrowserRouter, type RouteObject } from 'react-router';
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

export const createRouter = () => createBrowserRouter(buildRoutes());

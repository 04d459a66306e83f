import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';

/** Renders a component inside a memory router (and a query client) at a path. */
export function renderWithRouter(node: ReactNode, path = '/') {
  const router = createMemoryRouter(
    [
      { path: '/', element: node },
      { path: '*', element: node },
    ],
    { initialEntries: [path] },
  );
  const client = new QueryClient();
  const view = render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { ...view, router };
}

import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';

/** Renders a component inside a memory router at a path. */
export function renderWithRouter(node: ReactNode, path = '/') {
  const router = createMemoryRouter(
    [
      { path: '/', element: node },
      { path: '*', element: node },
    ],
    { initialEntries: [path] },
  );
  const view = render(<RouterProvider router={router} />);
  return { ...view, router };
}

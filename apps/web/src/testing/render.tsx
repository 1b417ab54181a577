import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { routes as appRoutes } from '../app/router.tsx';

/**
 * Renders the real app routes (guards, layouts, lazy pages) at a path, with a fresh query
 * client that does not retry, so tests see errors at once.
 */
export function renderApp(
  path: string,
  options: { routes?: RouteObject[]; state?: unknown; hash?: string } = {},
) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(options.routes ?? appRoutes, {
    initialEntries: [
      {
        pathname: path.split('?')[0] ?? path,
        search: path.includes('?') ? `?${path.split('?')[1]}` : '',
        hash: options.hash ?? '',
        state: options.state,
      },
    ],
  });
  const view = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { ...view, router, queryClient };
}

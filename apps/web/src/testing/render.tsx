import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { Fragment, StrictMode, useLayoutEffect } from 'react';
import {
  MemoryRouter,
  useLocation,
  useRoutes,
  type Location,
  type RouteObject,
} from 'react-router';
import { AppRoutes } from '../app/router.tsx';

/** Where the app is after its navigations, for tests to check. */
export interface RouterProbe {
  state: { location: Location };
}

function LocationProbe({ onChange }: { onChange: (location: Location) => void }) {
  const location = useLocation();
  useLayoutEffect(() => {
    onChange(location);
  }, [onChange, location]);
  return null;
}

function CustomRoutes({ routes }: { routes: RouteObject[] }) {
  return useRoutes(routes);
}

/**
 * Renders the real app routes (guards, layouts, lazy pages, their preloading), or `routes`, at a
 * path, with a fresh query client that does not retry, so tests see errors at once. `strict`
 * renders under React's StrictMode, as the app does (main.tsx): effects run twice on mount.
 */
export function renderApp(
  path: string,
  options: { routes?: RouteObject[]; state?: unknown; hash?: string; strict?: boolean } = {},
) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const initial = {
    pathname: path.split('?')[0] ?? path,
    search: path.includes('?') ? `?${path.split('?')[1]}` : '',
    hash: options.hash ?? '',
    state: options.state,
  };
  const router: RouterProbe = { state: { location: { ...initial, key: 'default' } } };
  const Mode = options.strict ? StrictMode : Fragment;
  const view = render(
    <Mode>
      <QueryClientProvider client={queryClient}>
        <MemoryRouter initialEntries={[initial]}>
          <LocationProbe
            onChange={(location) => {
              router.state.location = location;
            }}
          />
          {options.routes ? <CustomRoutes routes={options.routes} /> : <AppRoutes />}
        </MemoryRouter>
      </QueryClientProvider>
    </Mode>,
  );
  return { ...view, router, queryClient };
}

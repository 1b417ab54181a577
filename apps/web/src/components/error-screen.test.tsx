import { fireEvent, screen } from '@testing-library/react';
import { Outlet, type RouteObject } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { RootLayout } from '../app/root-layout.tsx';
import { mockApi } from '../testing/mock-api.ts';
import { renderApp } from '../testing/render.tsx';
import { PageErrorBoundary } from './error-screen.tsx';

function Broken(): never {
  throw new Error('the page broke');
}

const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      {
        element: (
          <PageErrorBoundary>
            <Outlet />
          </PageErrorBoundary>
        ),
        children: [
          { path: '/broken', element: <Broken /> },
          { path: '/login', element: <p>login page</p> },
        ],
      },
    ],
  },
];

describe('a page that fails', () => {
  it('shows the error screen in its place, and the next page again', async () => {
    // React reports the error it caught; that is expected here.
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    mockApi({});
    renderApp('/broken', { routes });
    expect(await screen.findByRole('heading', { name: 'Something went wrong' })).toBeTruthy();
    expect(screen.getByText('the page broke')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Log Out' }));
    expect(await screen.findByText('login page')).toBeTruthy();
    expect(screen.queryByText('Something went wrong')).toBeNull();
  });
});

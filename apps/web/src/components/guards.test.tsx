import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { RouteObject } from 'react-router';
import { RootLayout } from '../app/root-layout.tsx';
import { mockApi, signedInAs } from '../testing/mock-api.ts';
import { renderApp } from '../testing/render.tsx';
import { GuestOnly, RequireAuth, RequireRole, useReturnPath } from './guards.tsx';

function LoginProbe() {
  return <p>login page, back to {useReturnPath()}</p>;
}

const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      { path: '/', element: <p>home page</p> },
      {
        path: '/login',
        element: (
          <GuestOnly>
            <LoginProbe />
          </GuestOnly>
        ),
      },
      {
        path: '/private',
        element: (
          <RequireAuth>
            <p>private page</p>
          </RequireAuth>
        ),
      },
      {
        path: '/admin-only',
        element: (
          <RequireRole role="admin">
            <p>admin page</p>
          </RequireRole>
        ),
      },
    ],
  },
];

describe('route guards', () => {
  it('sends a signed-out visitor to /login, remembering where they were going', async () => {
    mockApi({});
    renderApp('/private?tab=2', { routes });
    expect(await screen.findByText('login page, back to /private?tab=2')).toBeTruthy();
  });

  it('shows the page to a signed-in user', async () => {
    mockApi(signedInAs('buyer'));
    renderApp('/private', { routes });
    expect(await screen.findByText('private page')).toBeTruthy();
  });

  it('lets a signed-in user through once the session is checked, without waiting for the role', async () => {
    const session = signedInAs('buyer');
    mockApi({
      ...session,
      // The role lookup never answers: a page for any signed-in user does not need it.
      'GET /api/user/checkrole/buyer%40example.com': () => new Promise(() => undefined),
    });
    renderApp('/private', { routes });
    expect(await screen.findByText('private page')).toBeTruthy();
  });

  it('shows a spinner while the session and role load', async () => {
    mockApi(signedInAs('admin'));
    renderApp('/admin-only', { routes });
    expect(screen.getByRole('status')).toBeTruthy();
    expect(await screen.findByText('admin page')).toBeTruthy();
  });

  it('sends a user with the wrong role to /login', async () => {
    mockApi(signedInAs('buyer'));
    renderApp('/admin-only', { routes });
    expect(await screen.findByText('login page, back to /admin-only')).toBeTruthy();
  });

  it('sends a signed-in user away from /login to the home page', async () => {
    mockApi(signedInAs('seller'));
    renderApp('/login', { routes });
    expect(await screen.findByText('home page')).toBeTruthy();
  });

  it('treats a stored token the API rejects as signed out', async () => {
    localStorage.setItem('jwttoken', 'expired');
    mockApi({ 'GET /api/auth/me': { status: 401, body: { message: 'expired' } } });
    renderApp('/private', { routes });
    expect(await screen.findByText('login page, back to /private')).toBeTruthy();
    expect(localStorage.getItem('jwttoken')).toBeNull();
  });

  it('lets a visitor whose stored session expired stay on a public page, signed out', async () => {
    localStorage.setItem('jwttoken', 'expired-token');
    mockApi({ 'GET /api/auth/me': { status: 401, body: { message: 'Your session has ended' } } });
    const { router } = renderApp('/', { routes });
    expect(await screen.findByText('home page')).toBeTruthy();
    await waitFor(() => expect(localStorage.getItem('jwttoken')).toBeNull());
    expect(router.state.location.pathname).toBe('/');
    expect(screen.queryByText('unauthorized access')).toBeNull();
  });
});

import { lazy, Suspense } from 'react';
import { Outlet } from 'react-router';
import { AuthProvider } from '../lib/auth.tsx';

// Toasts only ever follow an action, so the toast library loads after the first paint.
const Toaster = lazy(() => import('./toaster.tsx'));

/** Inside the router, so auth can navigate (e.g. to /login when the session dies). */
export function RootLayout() {
  return (
    <AuthProvider>
      <Outlet />
      <Suspense>
        <Toaster />
      </Suspense>
    </AuthProvider>
  );
}

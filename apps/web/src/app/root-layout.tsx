import { lazy, Suspense } from 'react';
import { Outlet } from 'react-router';
import { AfterFirstPaint } from '../components/after-first-paint.tsx';
import { Spinner } from '../components/spinner.tsx';
import { AuthProvider } from '../lib/auth.tsx';

// Toasts only ever follow an action, so the toast library loads after the first paint.
const Toaster = lazy(() => import('./toaster.tsx'));

/** Inside the router, so auth can navigate (e.g. to /login when the session dies). */
export function RootLayout() {
  return (
    <AuthProvider>
      {/* While the dashboard shell loads; the public shell is in the first bundle. */}
      <Suspense fallback={<Spinner />}>
        <Outlet />
      </Suspense>
      <AfterFirstPaint>
        <Toaster />
      </AfterFirstPaint>
    </AuthProvider>
  );
}

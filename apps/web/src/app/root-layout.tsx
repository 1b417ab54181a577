import { lazy, Suspense } from 'react';
import { Outlet } from 'react-router';
import { AfterFirstPaint } from '../components/after-first-paint.tsx';
import { NavbarAccountItems } from '../components/navbar.tsx';
import { Spinner } from '../components/spinner.tsx';
import { AuthProvider } from '../lib/auth.tsx';

// Scroll restoration has nothing to do before the first navigation, so it is no part of the first
// bundle: it loads at once, alongside the page's data.
const ScrollRestoration = lazy(() => import('./scroll-restoration.tsx'));

// Toasts only ever follow an action, so the toast library loads after the first paint.
const Toaster = lazy(() => import('./toaster.tsx'));

// The bell, like the search box, is no part of a first look: it arrives after the first paint,
// with a space of its size standing in.
const NotificationBell = lazy(
  () => import('../features/notifications/components/notification-bell.tsx'),
);
const navbarAccountItems = (
  <AfterFirstPaint fallback={<span className="size-10" aria-hidden="true" />}>
    <NotificationBell />
  </AfterFirstPaint>
);

/** Inside the router, so auth can navigate (e.g. to /login when the session dies). */
export function RootLayout() {
  return (
    <AuthProvider>
      <Suspense>
        <ScrollRestoration />
      </Suspense>
      <NavbarAccountItems value={navbarAccountItems}>
        {/* While the dashboard shell loads; the public shell is in the first bundle. */}
        <Suspense fallback={<Spinner />}>
          <Outlet />
        </Suspense>
      </NavbarAccountItems>
      <AfterFirstPaint>
        <Toaster />
      </AfterFirstPaint>
    </AuthProvider>
  );
}

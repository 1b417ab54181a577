import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { lazy, useEffect, useState, type ComponentType } from 'react';
import {
  matchRoutes,
  Navigate,
  useLocation,
  useRoutes,
  type Params,
  type RouteObject,
} from 'react-router';
import { NotFound, PageErrorBoundary } from '../components/error-screen.tsx';
import { GuestOnly, RequireAuth, RequireRole } from '../components/guards.tsx';
import { MainLayout } from '../components/layouts/main-layout.tsx';
import { Spinner } from '../components/spinner.tsx';
import { dashboardPathFor, useAuth } from '../lib/auth.tsx';
import { HomePage } from './routes/home.tsx';
import { RootLayout } from './root-layout.tsx';

/** What a lazily loaded page module exports. */
interface PageModule {
  Component: ComponentType;
  /** Starts loading the page's data, so it arrives while the code and the guards are busy. */
  prefetch?: (queryClient: QueryClient, params: Params) => unknown;
}

interface PageHandle {
  preload: () => Promise<PageModule>;
}

/**
 * A page whose code loads when its route matches (see AppRoutes), in parallel with the session
 * check a guard waits for. Code that is in by the time the page shows renders at once: no
 * fallback, and none of React's delay before revealing what a fallback stood in for.
 */
function lazyPage(load: () => Promise<PageModule>): Pick<RouteObject, 'element' | 'handle'> {
  let loading: Promise<PageModule> | undefined;
  let loaded: ComponentType | undefined;
  const preload = () =>
    (loading ??= load().then((page) => {
      loaded = page.Component;
      return page;
    }));
  const LazyPage = lazy(async () => ({ default: (await preload()).Component }));
  function Page() {
    // Chosen once per mount, so the page is never swapped for another component under it.
    const [Loaded] = useState(() => loaded);
    return Loaded ? <Loaded /> : <LazyPage />;
  }
  const handle: PageHandle = { preload };
  return { element: <Page />, handle };
}

/**
 * /dashboard, where the navbar's Dashboard link goes: each role's landing page, once the role is
 * known, so a click right after sign-in never lands on another role's page.
 */
function DashboardIndex() {
  const { role, loading } = useAuth();
  if (loading) return <Spinner />;
  return <Navigate to={dashboardPathFor(role)} replace />;
}

const dashboardShell = lazyPage(() => import('../components/layouts/dashboard-layout.tsx'));

/**
 * The routes of pages that share a chunk, by their paths in the `pages` of the module `load`
 * gives (see routes/*-pages.ts).
 */
const sharedChunk =
  <Pages extends Record<keyof Pages, PageModule>>(load: () => Promise<{ pages: Pages }>) =>
  (path: keyof Pages & string) => ({ path, ...lazyPage(async () => (await load()).pages[path]) });

const accountPage = sharedChunk(() => import('./routes/account-pages.ts'));
const adminPage = sharedChunk(() => import('./routes/admin-pages.ts'));
const conversationPage = sharedChunk(() => import('./routes/conversation-pages.ts'));
const moneyPage = sharedChunk(() => import('./routes/money-pages.ts'));

/**
 * Every screen of the app. Only the home page and the public shell are in the first bundle;
 * every other page, and the dashboard shell, is loaded when first shown. The routes are plain
 * elements for `useRoutes` (react-router's declarative mode): its data router would add 16 KB
 * gzip to the first bundle for loaders and actions the app does not use.
 */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      {
        element: (
          <PageErrorBoundary>
            <MainLayout />
          </PageErrorBoundary>
        ),
        children: [
          { index: true, element: <HomePage /> },
          { path: 'blog', ...lazyPage(() => import('../features/blog/routes/blog-page.tsx')) },
          {
            path: 'product/:id',
            ...lazyPage(() => import('../features/catalog/routes/product-page.tsx')),
          },
          {
            path: 'search',
            ...lazyPage(() => import('../features/catalog/routes/search-page.tsx')),
          },
          { path: 'seller/:id', ...lazyPage(() => import('./routes/profile.tsx')) },
          {
            element: <GuestOnly />,
            children: [
              {
                path: 'login',
                ...lazyPage(() => import('../features/auth/routes/login-page.tsx')),
              },
              {
                path: 'register',
                ...lazyPage(() => import('../features/auth/routes/register-page.tsx')),
              },
            ],
          },
          accountPage('forgot-password'),
          accountPage('reset-password'),
          accountPage('verify-email'),
          accountPage('unsubscribe'),
          {
            path: 'auth/callback',
            ...lazyPage(() => import('../features/auth/routes/auth-callback-page.tsx')),
          },
          {
            path: 'category/:id',
            element: <RequireAuth />,
            children: [
              {
                index: true,
                ...lazyPage(() => import('../features/catalog/routes/category-page.tsx')),
              },
            ],
          },
          { path: '*', element: <NotFound /> },
        ],
      },
      {
        path: 'dashboard',
        handle: dashboardShell.handle,
        element: <PageErrorBoundary>{dashboardShell.element}</PageErrorBoundary>,
        children: [
          { index: true, element: <DashboardIndex /> },
          {
            path: 'orders',
            ...lazyPage(() => import('../features/orders/routes/my-orders-page.tsx')),
          },
          conversationPage('orders/:orderId/messages'),
          conversationPage('questions/:id?'),
          accountPage('settings'),
          accountPage('watching'),
          {
            path: 'payment/:id',
            ...lazyPage(() => import('../features/orders/routes/payment-page.tsx')),
          },
          {
            element: <RequireRole role="seller" />,
            children: [
              {
                path: 'products',
                ...lazyPage(() => import('../features/seller/routes/seller-products-page.tsx')),
              },
              {
                path: 'addproduct',
                ...lazyPage(() => import('../features/seller/routes/add-product-page.tsx')),
              },
              {
                path: 'products/:id/edit',
                ...lazyPage(() => import('../features/seller/routes/edit-product-page.tsx')),
              },
              {
                path: 'sales',
                ...lazyPage(() => import('../features/sales/routes/my-sales-page.tsx')),
              },
              conversationPage('sales/:saleId/messages'),
              moneyPage('earnings'),
            ],
          },
          {
            element: <RequireRole role="admin" />,
            children: [
              adminPage('users'),
              adminPage('sellers'),
              adminPage('buyers'),
              adminPage('report'),
              adminPage('reported-reviews'),
              adminPage('requests'),
              adminPage('audit'),
              adminPage('bookings'),
              conversationPage('report/:productId/threads/:bookingId?'),
              conversationPage('complaints/:bookingId?'),
              moneyPage('money'),
            ],
          },
          { path: '*', element: <NotFound /> },
        ],
      },
    ],
  },
];

/** The app's screen for the current location (inside a BrowserRouter, or a MemoryRouter in tests). */
export function AppRoutes() {
  const { pathname } = useLocation();
  const queryClient = useQueryClient();
  useEffect(() => preloadPages(pathname, queryClient), [pathname, queryClient]);
  return useRoutes(routes);
}

/**
 * Starts loading the code and data of the pages at `pathname`: on every navigation, and from
 * main.tsx before the first render.
 */
export function preloadPages(pathname: string, queryClient: QueryClient): void {
  for (const { route, params } of matchRoutes(routes, pathname) ?? []) {
    const handle = route.handle as PageHandle | undefined;
    // A page whose code fails to load says so when it renders (PageErrorBoundary).
    handle
      ?.preload()
      .then((page) => page.prefetch?.(queryClient, params))
      .catch(() => undefined);
  }
}

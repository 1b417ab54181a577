import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { ErrorScreen, NotFound } from '../components/error-screen.tsx';
import { GuestOnly, RequireAuth, RequireRole } from '../components/guards.tsx';
import { Spinner } from '../components/spinner.tsx';
import { MainLayout } from '../components/layouts/main-layout.tsx';
import { dashboardPathFor, useAuth } from '../lib/auth.tsx';
import { HomePage } from './routes/home.tsx';
import { RootLayout } from './root-layout.tsx';

/**
 * Every screen of the app. Only the home page and the public shell are in the first bundle;
 * every other route, and the dashboard shell, is loaded when first visited (each lazy route
 * module exports `Component`).
 */
/**
 * /dashboard, where the navbar's Dashboard link goes: each role's landing page. The dashboard
 * layout renders it only once the role is known, so a click right after sign-in never lands on
 * another role's page.
 */
function DashboardIndex() {
  const { role } = useAuth();
  return <Navigate to={dashboardPathFor(role)} replace />;
}

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    // Shown while a lazy route the page was opened on is loading.
    hydrateFallbackElement: <Spinner />,
    children: [
      {
        element: <MainLayout />,
        errorElement: <ErrorScreen />,
        children: [
          { index: true, element: <HomePage /> },
          { path: 'blog', lazy: () => import('../features/blog/routes/blog-page.tsx') },
          {
            element: <GuestOnly />,
            children: [
              { path: 'login', lazy: () => import('../features/auth/routes/login-page.tsx') },
              { path: 'register', lazy: () => import('../features/auth/routes/register-page.tsx') },
            ],
          },
          {
            path: 'auth/callback',
            lazy: () => import('../features/auth/routes/auth-callback-page.tsx'),
          },
          {
            path: 'category/:id',
            element: <RequireAuth />,
            children: [
              { index: true, lazy: () => import('../features/catalog/routes/category-page.tsx') },
            ],
          },
          { path: '*', element: <NotFound /> },
        ],
      },
      {
        path: 'dashboard',
        lazy: async () => ({
          Component: (await import('../components/layouts/dashboard-layout.tsx')).DashboardLayout,
        }),
        errorElement: <ErrorScreen />,
        children: [
          { index: true, element: <DashboardIndex /> },
          { path: 'orders', lazy: () => import('../features/orders/routes/my-orders-page.tsx') },
          {
            path: 'payment/:id',
            lazy: () => import('../features/orders/routes/payment-page.tsx'),
          },
          {
            element: <RequireRole role="seller" />,
            children: [
              {
                path: 'products',
                lazy: () => import('../features/seller/routes/seller-products-page.tsx'),
              },
              {
                path: 'addproduct',
                lazy: () => import('../features/seller/routes/add-product-page.tsx'),
              },
            ],
          },
          {
            element: <RequireRole role="admin" />,
            children: [
              {
                path: 'sellers',
                lazy: () => import('../features/admin/routes/all-sellers-page.tsx'),
              },
              {
                path: 'buyers',
                lazy: () => import('../features/admin/routes/all-buyers-page.tsx'),
              },
              {
                path: 'report',
                lazy: () => import('../features/admin/routes/reported-products-page.tsx'),
              },
            ],
          },
          { path: '*', element: <NotFound /> },
        ],
      },
    ],
  },
];

export const createRouter = () => createBrowserRouter(routes);

import type { ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import type { Role } from '@reloop/shared';
import { useAuth } from '../lib/auth.tsx';
import { Spinner } from './spinner.tsx';

/**
 * Route guards. They only decide what the browser shows: every rule is enforced again by the
 * API. Redirects to /login remember where the user was going, so login can return there.
 */
function ToLogin() {
  const location = useLocation();
  return <Navigate to="/login" replace state={{ from: location }} />;
}

/** Signed-in users only; the role is not waited for, since this guard does not need it. */
export function RequireAuth({ children }: { children?: ReactNode }) {
  const { user, checkingSession } = useAuth();
  if (checkingSession) return <Spinner />;
  if (!user) return <ToLogin />;
  return children ?? <Outlet />;
}

export function RequireRole({ role, children }: { role: Role; children?: ReactNode }) {
  const auth = useAuth();
  if (auth.loading) return <Spinner />;
  if (!auth.user || auth.role !== role) return <ToLogin />;
  return children ?? <Outlet />;
}

/**
 * /login and /register: a signed-in user has nothing to do there and goes home — unless a role
 * guard sent them (their account lacks the role), so they can sign in with another account.
 */
export function GuestOnly({ children }: { children?: ReactNode }) {
  const { user, loading } = useAuth();
  const sentByGuard = useReturnPath() !== '/';
  if (loading) return <Spinner />;
  if (user && !sentByGuard) return <Navigate to="/" replace />;
  return children ?? <Outlet />;
}

/** The path a guard sent the user away from, to return to after signing in. */
export function useReturnPath(): string {
  const location = useLocation();
  const from = (location.state as { from?: { pathname?: string; search?: string } } | null)?.from;
  return from?.pathname ? `${from.pathname}${from.search ?? ''}` : '/';
}

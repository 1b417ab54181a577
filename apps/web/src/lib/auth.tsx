import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  createContext,
  use,
  useCallback,
  useEffect,
  useMemo,
  useState,
  type ReactNode,
} from 'react';
import { useNavigate } from 'react-router';
import type { AuthResult, AuthUser, Role } from '@reloop/shared';
import { uiMessages } from '@reloop/shared/messages';
import { api, ApiError, apiRequest, errorMessage, onUnauthorized } from './api-client.ts';
import { clearToken, storeToken, storedToken } from './token.ts';

/**
 * Who is signed in, and with which role. The session is the stored API token; on load it is
 * checked with /auth/me, and the role is looked up by email whenever the user changes.
 */
interface AuthContextValue {
  user: AuthUser | null;
  role: Role | null;
  /** True until the session and the role are known. */
  loading: boolean;
  signIn(email: string, password: string): Promise<void>;
  /** Keeps the API token (see requestApiToken) and signs `user` in with it. */
  startSession(token: string, user: AuthUser): void;
  signOut(): Promise<void>;
}

const AuthContext = createContext<AuthContextValue | null>(null);

// The toast library is not part of the home page's first bundle; these rare errors load it.
const toastError = (message: string, id?: string) =>
  void import('react-hot-toast').then(({ default: toast }) => toast.error(message, { id }));

const roleQueryKey = (email: string) => ['role', email] as const;

/** Exchanges the sign-in token of a password or Google sign-in for the API token. */
export const requestApiToken = async (signedIn: AuthResult): Promise<string> =>
  (
    await api.post<{ token: string }>(
      '/jwtgenerate',
      { email: signedIn.user.email },
      signedIn.idToken,
    )
  ).token;

export function AuthProvider({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [user, setUser] = useState<AuthUser | null>(null);
  const [checkingSession, setCheckingSession] = useState(() => storedToken() !== null);

  useEffect(() => {
    if (!storedToken()) return;
    // A token that expired while the app was closed just means "signed out" here.
    apiRequest<{ user: AuthUser }>('/auth/me', { quiet: true })
      .then(({ data }) => setUser(data.user))
      .catch(() => setUser(null))
      .finally(() => setCheckingSession(false));
  }, []);

  const forget = useCallback(() => {
    clearToken();
    setUser(null);
    queryClient.clear();
  }, [queryClient]);

  useEffect(
    () =>
      onUnauthorized(() => {
        forget();
        toastError(uiMessages.unauthorized, 'unauthorized');
        void navigate('/login');
      }),
    [forget, navigate],
  );

  const roleQuery = useQuery({
    queryKey: roleQueryKey(user?.email ?? ''),
    queryFn: ({ signal }) =>
      api.get<{ role: Role | null }>(
        `/user/checkrole/${encodeURIComponent(user?.email ?? '')}`,
        signal,
      ),
    enabled: user !== null,
    staleTime: Infinity,
  });

  const startSession = useCallback((token: string, signedInUser: AuthUser) => {
    storeToken(token);
    setUser(signedInUser);
  }, []);

  const signIn = useCallback(
    async (email: string, password: string) => {
      const signedIn = await api.post<AuthResult>('/auth/signin', { email, password });
      startSession(await requestApiToken(signedIn), signedIn.user);
    },
    [startSession],
  );

  const signOut = useCallback(async () => {
    try {
      if (storedToken()) await apiRequest('/auth/signout', { method: 'POST', quiet: true });
    } catch (error) {
      // A session the server already ended is signed out all the same.
      if (!(error instanceof ApiError && error.status === 401)) toastError(errorMessage(error));
    }
    forget();
    await navigate('/login');
  }, [forget, navigate]);

  const value = useMemo<AuthContextValue>(
    () => ({
      user,
      role: roleQuery.data?.role ?? null,
      loading: checkingSession || (user !== null && roleQuery.isPending),
      signIn,
      startSession,
      signOut,
    }),
    [user, roleQuery.data, roleQuery.isPending, checkingSession, signIn, startSession, signOut],
  );
  return <AuthContext value={value}>{children}</AuthContext>;
}

export function useAuth(): AuthContextValue {
  const context = use(AuthContext);
  if (!context) throw new Error('useAuth must be used inside <AuthProvider>');
  return context;
}

/** Where each role's Dashboard link and post-login landing go. */
export const dashboardPathFor = (role: Role | null): string =>
  role === 'admin'
    ? '/dashboard/sellers'
    : role === 'seller'
      ? '/dashboard/products'
      : '/dashboard/orders';

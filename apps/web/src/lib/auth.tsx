import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  createContext,
  startTransition,
  use,
  useCallback,
  useEffect,
  useMemo,
  useState,
  type ReactNode,
} from 'react';
import { useNavigate } from 'react-router';
import type { Role } from '@reloop/shared';
import { uiMessages } from '@reloop/shared/messages';
import {
  api,
  ApiError,
  dataOf,
  errorMessage,
  onUnauthorized,
  quietly,
  withToken,
  type ApiSchema,
} from './api-client.ts';
import { sharedKeys } from './query-keys.ts';
import { clearToken, storeToken, storedToken } from './token.ts';

export type AuthUser = ApiSchema<'AuthUser'>;

/**
 * Who is signed in, and with which role. The session is the stored API token; on load it is
 * checked with /auth/me, and the role is looked up by email whenever the user changes.
 */
interface AuthContextValue {
  user: AuthUser | null;
  role: Role | null;
  /** True until the session and the role are known. */
  loading: boolean;
  /** True until the stored session is checked; the role may still be loading after that. */
  checkingSession: boolean;
  signIn(email: string, password: string): Promise<void>;
  /** Keeps the API token (see requestApiToken) and signs `user` in with it. */
  startSession(token: string, user: AuthUser): void;
  signOut(): Promise<void>;
  /**
   * Forgets the session on this device only, without asking the server: for a session the
   * server has already ended (a password reset, a deleted account). The caller navigates.
   */
  signOutLocally(): void;
  /**
   * Shows what the server answered about the signed-in user: a profile saved, or the user read
   * again (readSignedInUser) after an address was confirmed or changed.
   */
  updateUser(user: AuthUser): void;
}

const AuthContext = createContext<AuthContextValue | null>(null);

// The toast library is not part of the home page's first bundle; these rare errors load it.
const toastError = (message: string, id?: string) =>
  void import('react-hot-toast').then(({ default: toast }) => toast.error(message, { id }));

/** Exchanges the sign-in token of a password or Google sign-in for the API token. */
export const requestApiToken = async (signedIn: ApiSchema<'AuthResult'>): Promise<string> =>
  (
    await dataOf(
      api.POST('/api/jwtgenerate', {
        body: { email: signedIn.user.email },
        ...withToken(signedIn.idToken),
      }),
    )
  ).token;

// A token that expired while the app was closed just means "signed out" here.
const checkSession = (): Promise<AuthUser | null> =>
  dataOf(api.GET('/api/auth/me', quietly)).then(
    ({ user }) => user,
    () => null,
  );

let earlySessionCheck: Promise<AuthUser | null> | undefined;

/**
 * Starts checking the stored session before the app first renders (main.tsx), so the answer is
 * on its way while the page draws; the provider picks it up when it mounts.
 */
export function startSessionCheck(): void {
  if (storedToken()) earlySessionCheck = checkSession();
}

export function AuthProvider({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [user, setUser] = useState<AuthUser | null>(null);
  const [checkingSession, setCheckingSession] = useState(() => storedToken() !== null);

  useEffect(() => {
    if (!storedToken()) return;
    const check = earlySessionCheck ?? checkSession();
    earlySessionCheck = undefined;
    void check.then((checked) =>
      // A transition, so the page it lets through renders in slices, not in one long task.
      startTransition(() => {
        setUser(checked);
        setCheckingSession(false);
      }),
    );
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
    queryKey: sharedKeys.role(user?.email ?? ''),
    queryFn: ({ signal }) =>
      dataOf(
        api.GET('/api/user/checkrole/{email}', {
          params: { path: { email: user?.email ?? '' } },
          signal,
        }),
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
      const signedIn = await dataOf(api.POST('/api/auth/signin', { body: { email, password } }));
      startSession(await requestApiToken(signedIn), signedIn.user);
    },
    [startSession],
  );

  const signOut = useCallback(async () => {
    try {
      if (storedToken()) await dataOf(api.POST('/api/auth/signout', quietly));
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
      checkingSession,
      signIn,
      startSession,
      signOut,
      signOutLocally: forget,
      updateUser: setUser,
    }),
    [
      user,
      roleQuery.data,
      roleQuery.isPending,
      checkingSession,
      signIn,
      startSession,
      signOut,
      forget,
    ],
  );
  return <AuthContext value={value}>{children}</AuthContext>;
}

export function useAuth(): AuthContextValue {
  const context = use(AuthContext);
  // A programming error, seen only in development: its words are kept short, the first bundle
  // carries them.
  if (!context) throw new Error('useAuth outside <AuthProvider>');
  return context;
}

/** Where each role's Dashboard link and post-login landing go. */
export const dashboardPathFor = (role: Role | null): string =>
  role === 'admin'
    ? '/dashboard/sellers'
    : role === 'seller'
      ? '/dashboard/products'
      : '/dashboard/orders';

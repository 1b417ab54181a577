import { useEffect, useRef } from 'react';
import toast from 'react-hot-toast';
import { useLocation, useNavigate } from 'react-router';
import { Spinner } from '../../../components/spinner.tsx';
import { api, dataOf, errorMessage, withToken } from '../../../lib/api-client.ts';
import { requestApiToken, useAuth } from '../../../lib/auth.tsx';
import { takeGoogleSignInState } from '../google-sign-in.ts';

/**
 * /auth/callback — where Google sign-in lands. The API put a sign-in token and the state this
 * tab started with in the URL fragment; both are taken out of the address bar at once. Only a
 * sign-in this tab started (same state) is exchanged like a password sign-in, and the user goes
 * back where they were; anything else goes to the login page, which says why.
 */
const safePath = (path: string | null) =>
  path?.startsWith('/') && !path.startsWith('//') ? path : '/';

export function Component() {
  const { startSession } = useAuth();
  const navigate = useNavigate();
  const { hash } = useLocation();
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const fragment = new URLSearchParams(hash.slice(1));
    // Out of the address bar (and so out of history and bookmarks) before anything else.
    window.history.replaceState(window.history.state, '', window.location.pathname);
    const idToken = fragment.get('idToken');
    const returnTo = safePath(fragment.get('returnTo'));
    if (!takeGoogleSignInState(fragment.get('state')) || !idToken) {
      void navigate('/login?signin_error=not_started', { replace: true });
      return;
    }
    dataOf(api.GET('/api/auth/me', withToken(idToken)))
      .then(async ({ user }) => {
        startSession(await requestApiToken({ idToken, user }), user);
        await navigate(returnTo, { replace: true });
      })
      .catch((error: unknown) => {
        toast.error(errorMessage(error));
        void navigate('/login', { replace: true });
      });
  }, [hash, navigate, startSession]);

  return <Spinner label="Signing you in" />;
}

/**
 * Google sign-in as this browser sees it. Starting keeps a random state in sessionStorage and
 * sends it through the API, which hands it back with the sign-in token; the landing page
 * accepts the token only with that same state, and only once. A link that carries someone
 * else's token (login CSRF) cannot carry the state this tab kept, so it signs nobody in.
 */
const STATE_KEY = 'reloop.googleSignInState';

/** 256 random bits as base64url: what the API's `state` parameter accepts. */
function randomState(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return btoa(String.fromCharCode(...bytes))
    .replaceAll('+', '-')
    .replaceAll('/', '_')
    .replace(/=+$/, '');
}

export function startGoogleSignIn(returnTo: string): void {
  const state = randomState();
  sessionStorage.setItem(STATE_KEY, state);
  window.location.assign(`/api/auth/oidc/start?${new URLSearchParams({ returnTo, state })}`);
}

/** Whether this tab started the sign-in that came back with `state`; the stored state is used up. */
export function takeGoogleSignInState(state: string | null): boolean {
  const expected = sessionStorage.getItem(STATE_KEY);
  sessionStorage.removeItem(STATE_KEY);
  return expected !== null && state === expected;
}

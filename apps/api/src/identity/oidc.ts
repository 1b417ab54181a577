import * as client from 'openid-client';
import { SignJWT, jwtVerify } from 'jose';

/**
 * Sign-in with an OpenID Connect issuer (Google, or any other): the authorization code flow
 * with PKCE, state and nonce. What must survive the trip to the issuer and back (state, nonce,
 * code verifier, where to return, the web app's own state) travels in a short-lived signed
 * cookie, so any Reloop process can finish a sign-in another one started.
 */
export interface OidcSettings {
  issuer: string;
  clientId: string;
  clientSecret: string;
}

export interface OidcProfile {
  email: string;
  name: string;
  picture: string;
}

interface PendingLogin {
  state: string;
  nonce: string;
  verifier: string;
  returnTo: string;
  /**
   * The random value the web app kept when it started this sign-in. It goes back to the web app
   * with the sign-in token, which is accepted only by the browser holding the same value.
   */
  browserState: string;
}

/** Where the browser goes once signed in, and what it must prove it started. */
export interface PendingReturn {
  returnTo: string;
  browserState: string;
}

const PENDING_AUDIENCE = 'reloop-oidc-login';
const PENDING_LIFETIME = '10m';

export class OidcError extends Error {
  override name = 'OidcError';
}

export class OidcSignIn {
  #configuration: Promise<client.Configuration> | undefined;
  readonly #key: Uint8Array;

  constructor(
    private readonly settings: OidcSettings,
    secret: string,
  ) {
    this.#key = new TextEncoder().encode(secret);
  }

  /** The issuer's metadata, fetched once (and again after a failure, e.g. the issuer was down). */
  private configuration(): Promise<client.Configuration> {
    this.#configuration ??= client
      .discovery(
        new URL(this.settings.issuer),
        this.settings.clientId,
        this.settings.clientSecret,
        undefined,
        // Plain http is only ever accepted for an issuer on this machine (tests, local IdPs).
        isLoopback(this.settings.issuer) ? { execute: [client.allowInsecureRequests] } : {},
      )
      .catch((error: unknown) => {
        this.#configuration = undefined;
        throw new OidcError(`the issuer could not be reached: ${(error as Error).message}`);
      });
    return this.#configuration;
  }

  /** Where to send the browser, and the signed cookie value that must come back with it. */
  async start(
    redirectUri: string,
    { returnTo, browserState }: PendingReturn,
  ): Promise<{ url: string; pending: string }> {
    const configuration = await this.configuration();
    const login: PendingLogin = {
      state: client.randomState(),
      nonce: client.randomNonce(),
      verifier: client.randomPKCECodeVerifier(),
      returnTo,
      browserState,
    };
    const url = client.buildAuthorizationUrl(configuration, {
      redirect_uri: redirectUri,
      scope: 'openid email profile',
      code_challenge: await client.calculatePKCECodeChallenge(login.verifier),
      code_challenge_method: 'S256',
      state: login.state,
      nonce: login.nonce,
    });
    const pending = await new SignJWT({ ...login })
      .setProtectedHeader({ alg: 'HS256' })
      .setAudience(PENDING_AUDIENCE)
      .setIssuedAt()
      .setExpirationTime(PENDING_LIFETIME)
      .sign(this.#key);
    return { url: url.href, pending };
  }

  /**
   * Checks the issuer's answer against the pending login (state, nonce, PKCE), exchanges the
   * code, and returns who signed in, where they wanted to go and the web app's state.
   */
  async finish(
    callbackUrl: URL,
    pendingCookie: string | undefined,
  ): Promise<{ profile: OidcProfile } & PendingReturn> {
    const login = await this.readPending(pendingCookie);
    const configuration = await this.configuration();
    let tokens;
    try {
      tokens = await client.authorizationCodeGrant(configuration, callbackUrl, {
        pkceCodeVerifier: login.verifier,
        expectedState: login.state,
        expectedNonce: login.nonce,
        idTokenExpected: true,
      });
    } catch (error) {
      throw new OidcError(`the issuer's answer was refused: ${(error as Error).message}`);
    }
    const claims = tokens.claims();
    if (!claims) throw new OidcError('the issuer sent no ID token');
    let info: client.UserInfoResponse;
    try {
      info = await client.fetchUserInfo(configuration, tokens.access_token, claims.sub);
    } catch (error) {
      throw new OidcError(`the issuer's user info was refused: ${(error as Error).message}`);
    }
    const email = verifiedEmail(claims, info);
    return {
      profile: {
        email: email.toLowerCase(),
        name: stringClaim(claims.name) ?? stringClaim(info.name) ?? '',
        picture: stringClaim(claims.picture) ?? stringClaim(info.picture) ?? '',
      },
      returnTo: login.returnTo,
      browserState: login.browserState,
    };
  }

  private async readPending(cookie: string | undefined): Promise<PendingLogin> {
    if (!cookie) throw new OidcError('no sign-in was started in this browser');
    try {
      const { payload } = await jwtVerify(cookie, this.#key, {
        audience: PENDING_AUDIENCE,
        algorithms: ['HS256'],
      });
      const { state, nonce, verifier, returnTo, browserState } = payload;
      if ([state, nonce, verifier, returnTo, browserState].some((v) => typeof v !== 'string')) {
        throw new Error('incomplete');
      }
      return payload as unknown as PendingLogin;
    } catch {
      throw new OidcError('the sign-in expired or was tampered with');
    }
  }
}

/**
 * The email signs into the account that has it, so it must be one the issuer verified: taken
 * from the ID token, else from the user info, with that same source's `email_verified`.
 */
function verifiedEmail(claims: client.IDToken, info: client.UserInfoResponse): string {
  const source = stringClaim(claims.email) ? claims : info;
  const email = stringClaim(source.email);
  if (!email) throw new OidcError('the issuer did not share an email address');
  if (source.email_verified !== true) {
    throw new OidcError('the issuer has not verified the email address');
  }
  return email;
}

const stringClaim = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;

function isLoopback(url: string): boolean {
  const { hostname } = new URL(url);
  return hostname === 'localhost' || hostname === '127.0.0.1' || hostname === '[::1]';
}

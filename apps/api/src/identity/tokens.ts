import { webcrypto } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';

/**
 * Session tokens: JWTs signed with JWT_SECRET that name a user and a server-side session.
 * The signature alone is never enough — the session is looked up on every request so that
 * signing out or deleting a user takes effect at once.
 */
const ISSUER = 'reloop';
const AUDIENCE = 'reloop-api';
const LIFETIME = '7d';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const isUuid = (value: unknown): value is string => typeof value === 'string' && UUID.test(value);

export interface TokenClaims {
  userId: string;
  sessionId: string;
}

/**
 * Tokens whose signature was checked, by their exact text. WebCrypto's HMAC runs as a job on
 * the thread pool, about 0.1 ms a call and a tenth of a signed-in list's CPU; the same text
 * always verifies the same way, so only the expiry is checked again (fast-jwt caches alike).
 * Bounded, oldest out first; only valid tokens get in.
 */
const VERIFIED_KEPT = 10_000;

export class TokenService {
  readonly #verified = new Map<string, TokenClaims & { expiresAtMs: number }>();

  /** Imported once: given the raw bytes, jose would import the key again on every call. */
  readonly #key: Promise<webcrypto.CryptoKey>;

  constructor(secret: string) {
    this.#key = webcrypto.subtle.importKey(
      'raw',
      new TextEncoder().encode(secret),
      { name: 'HMAC', hash: 'SHA-256' },
      false,
      ['sign', 'verify'],
    );
  }

  async issue(claims: TokenClaims): Promise<string> {
    return new SignJWT({ sid: claims.sessionId })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(claims.userId)
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setIssuedAt()
      .setExpirationTime(LIFETIME)
      .sign(await this.#key);
  }

  /** The claims of a valid token, or undefined for anything forged, expired or malformed. */
  async verify(token: string): Promise<TokenClaims | undefined> {
    const known = this.#verified.get(token);
    if (known && Date.now() < known.expiresAtMs) {
      return { userId: known.userId, sessionId: known.sessionId };
    }
    this.#verified.delete(token);
    try {
      const { payload } = await jwtVerify(token, await this.#key, {
        issuer: ISSUER,
        audience: AUDIENCE,
        algorithms: ['HS256'],
        requiredClaims: ['exp'],
      });
      if (!isUuid(payload.sub) || !isUuid(payload.sid) || payload.exp === undefined) {
        return undefined;
      }
      const claims = { userId: payload.sub, sessionId: payload.sid };
      this.#remember(token, { ...claims, expiresAtMs: payload.exp * 1000 });
      return claims;
    } catch {
      return undefined;
    }
  }

  #remember(token: string, verified: TokenClaims & { expiresAtMs: number }): void {
    if (this.#verified.size >= VERIFIED_KEPT) {
      const oldest = this.#verified.keys().next();
      if (!oldest.done) this.#verified.delete(oldest.value);
    }
    this.#verified.set(token, verified);
  }
}

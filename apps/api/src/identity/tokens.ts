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

export class TokenService {
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
    try {
      const { payload } = await jwtVerify(token, await this.#key, {
        issuer: ISSUER,
        audience: AUDIENCE,
        algorithms: ['HS256'],
      });
      if (!isUuid(payload.sub) || !isUuid(payload.sid)) return undefined;
      return { userId: payload.sub, sessionId: payload.sid };
    } catch {
      return undefined;
    }
  }
}

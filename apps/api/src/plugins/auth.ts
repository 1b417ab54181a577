import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { messages, type Role } from '@reloop/shared';
import { findSessionUser, type UserRow } from '../identity/accounts.ts';
import { HttpError } from '../http-errors.ts';
import { assertNotSuspended, isSuspended } from '../moderation/suspensions.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** onRequest hook for routes that need a signed-in user. */
    authenticate(request: FastifyRequest): Promise<void>;
    /** onRequest hook for routes that need a signed-in user with one of these roles. */
    requireRole(...roles: Role[]): (request: FastifyRequest) => Promise<void>;
    /**
     * onRequest hook for public routes that show more to some users: the session when the token
     * is good; anonymous (no error) without one or with one that no longer is.
     */
    identifyIfSignedIn(request: FastifyRequest): Promise<void>;
  }
  interface FastifyRequest {
    session: { user: UserRow; sessionId: string } | null;
  }
}

/**
 * Identity comes only from the Bearer token, checked against a live session on every call:
 * a signed-out session, a deleted user or a suspended one (with the reason and the end date)
 * fails with 401 however valid the signature.
 */
export const authPlugin = fp(
  async (app: FastifyInstance) => {
    app.decorateRequest('session', null);
    const sessionOf = async (token: string) => {
      const claims = await app.tokens.verify(token);
      const user = claims && (await findSessionUser(app.db, claims));
      return claims && user ? { user, sessionId: claims.sessionId } : null;
    };
    app.decorate('authenticate', async (request: FastifyRequest) => {
      const token = bearerToken(request);
      if (!token) throw new HttpError(401, messages.signInRequired);
      const session = await sessionOf(token);
      if (!session) throw new HttpError(401, messages.invalidToken);
      assertNotSuspended(session.user);
      request.session = session;
    });
    app.decorate('identifyIfSignedIn', async (request: FastifyRequest) => {
      const token = bearerToken(request);
      const session = token ? await sessionOf(token) : null;
      if (session && !isSuspended(session.user)) request.session = session;
    });
    app.decorate('requireRole', (...roles: Role[]) => async (request: FastifyRequest) => {
      await app.authenticate(request);
      const { role } = currentSession(request).user;
      if (!role || !roles.includes(role)) throw new HttpError(403, messages.forbidden);
    });
  },
  { name: 'auth' },
);

function bearerToken(request: FastifyRequest): string | undefined {
  const match = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '');
  return match?.[1];
}

/** The session set by `authenticate`; on a route without it, the caller is anonymous → 401. */
export function currentSession(request: FastifyRequest): { user: UserRow; sessionId: string } {
  if (!request.session) throw new HttpError(401, messages.signInRequired);
  return request.session;
}

/** The signed-in user may act for this email: it is their own, or they are an admin. */
export function assertSelfOrAdmin(user: UserRow, email: string): void {
  if (user.role !== 'admin' && user.email !== email.toLowerCase()) {
    throw new HttpError(403, messages.forbidden);
  }
}

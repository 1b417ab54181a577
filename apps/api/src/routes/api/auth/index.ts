import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  authResultSchema,
  authUserSchema,
  jwtGenerateBodySchema,
  jwtGenerateResultSchema,
  messages,
  profileBodySchema,
  signInBodySchema,
  signUpBodySchema,
} from '@reloop/shared';
import {
  EmailTakenError,
  createAccount,
  findActiveUserByEmail,
  replacePasswordHash,
  revokeSession,
  startSession,
  toAuthUser,
  updateProfile,
  type UserRow,
} from '../../../identity/accounts.ts';
import {
  decoyPasswordHash,
  hashPassword,
  needsRehash,
  verifyPassword,
} from '../../../identity/passwords.ts';
import {
  SignInThrottleUnavailable,
  type SignInReservation,
  type SignInThrottle,
} from '../../../identity/sign-in-throttle.ts';
import { HttpError } from '../../../http-errors.ts';
import { assertNotSuspended } from '../../../moderation/suspensions.ts';
import { currentSession } from '../../../plugins/auth.ts';
import { bearerAuth, described, errorResponses, publicAccess } from '../responses.ts';

/** Sign-up and sign-in by email, plus the token exchange the web app calls after either. */
const AUTH_RATE_LIMIT = { max: 30, timeWindow: '1 minute' };
const signedInUser = described(
  z.object({ user: authUserSchema }),
  'The signed-in user, as the web app shows them',
);

/** How long a client is asked to wait while the shared throttle cannot count. */
const THROTTLE_DOWN_RETRY_SECONDS = 30;

/**
 * The throttle's go-ahead for a sign-in attempt. When its shared store (Redis) is down, the
 * attempt is refused rather than let through uncounted: guessing must never get cheaper
 * because a counter is unreachable.
 */
async function reserveSignIn(
  throttle: SignInThrottle,
  request: FastifyRequest,
  email: string,
): Promise<SignInReservation> {
  try {
    return await throttle.reserve({ address: request.ip, email });
  } catch (error) {
    if (!(error instanceof SignInThrottleUnavailable)) throw error;
    request.log.error({ err: error }, 'sign-in refused: the throttle cannot count attempts');
    throw new HttpError(429, messages.signInPaused, {
      'retry-after': String(THROTTLE_DOWN_RETRY_SECONDS),
    });
  }
}

const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const issueToken = (user: UserRow, sessionId: string) =>
    app.tokens.issue({ userId: user.id, sessionId });

  app.post(
    '/auth/signup',
    {
      config: { rateLimit: AUTH_RATE_LIMIT },
      schema: {
        operationId: 'signUp',
        tags: ['identity'],
        summary: 'Create an account with email and password',
        security: publicAccess,
        body: signUpBodySchema,
        response: {
          201: described(authResultSchema, 'Created and signed in, with a sign-in token'),
          ...errorResponses(400, 409, 429),
        },
      },
    },
    async (request, reply) => {
      const { email, password, displayName, photoURL } = request.body;
      const passwordHash = await hashPassword(password);
      try {
        const { user, sessionId } = await app.db.transaction(async (tx) => {
          const created = await createAccount(tx, {
            email,
            passwordHash,
            name: displayName,
            image: photoURL,
          });
          // The verification link goes out with the account, or not at all.
          await app.jobs.enqueue(tx, 'email', { kind: 'emailVerification', userId: created.id });
          return { user: created, sessionId: await startSession(tx, created.id) };
        });
        return reply
          .code(201)
          .send({ idToken: await issueToken(user, sessionId), user: toAuthUser(user) });
      } catch (error) {
        if (error instanceof EmailTakenError) throw new HttpError(409, messages.emailTaken);
        throw error;
      }
    },
  );

  app.post(
    '/auth/signin',
    {
      config: { rateLimit: AUTH_RATE_LIMIT },
      schema: {
        operationId: 'signIn',
        tags: ['identity'],
        summary: 'Sign in with email and password',
        security: publicAccess,
        body: signInBodySchema,
        response: {
          200: described(authResultSchema, 'Signed in, with a sign-in token'),
          ...errorResponses(400, 401, 429),
        },
      },
    },
    async (request) => {
      const { email, password } = request.body;
      // Counted as a failure as it is let through, so parallel guesses all count.
      const attempt = await reserveSignIn(app.signInThrottle, request, email);
      if (attempt.retryAfterSeconds > 0) {
        throw new HttpError(429, messages.tooManySignIns, {
          'retry-after': String(attempt.retryAfterSeconds),
        });
      }
      const user = await findActiveUserByEmail(app.db, email);
      const passwordMatches = await verifyPassword(
        password,
        user?.passwordHash ?? (await decoyPasswordHash()),
      );
      if (!user?.passwordHash || !passwordMatches) {
        throw new HttpError(401, messages.wrongCredentials);
      }
      await attempt.succeeded();
      assertNotSuspended(user);
      // The one moment the password is known: a hash made with weaker parameters is replaced.
      if (needsRehash(user.passwordHash)) {
        await replacePasswordHash(app.db, user.id, user.passwordHash, await hashPassword(password));
      }
      const sessionId = await startSession(app.db, user.id);
      return { idToken: await issueToken(user, sessionId), user: toAuthUser(user) };
    },
  );

  app.get(
    '/auth/me',
    {
      onRequest: app.authenticate,
      schema: {
        operationId: 'getCurrentUser',
        tags: ['identity'],
        summary: 'The signed-in user',
        security: bearerAuth,
        response: { 200: signedInUser, ...errorResponses(401) },
      },
    },
    async (request) => ({ user: toAuthUser(currentSession(request).user) }),
  );

  app.patch(
    '/auth/profile',
    {
      onRequest: app.authenticate,
      schema: {
        operationId: 'updateProfile',
        tags: ['identity'],
        summary: 'Update the display name, photo and phone',
        security: bearerAuth,
        body: profileBodySchema,
        response: { 200: signedInUser, ...errorResponses(400, 401) },
      },
    },
    async (request) => {
      const { user } = currentSession(request);
      const updated = await updateProfile(app.db, user.id, {
        name: request.body.displayName,
        image: request.body.photoURL,
        phone: request.body.phone,
      });
      return { user: toAuthUser(updated) };
    },
  );

  app.post(
    '/auth/signout',
    {
      onRequest: app.authenticate,
      schema: {
        operationId: 'signOut',
        tags: ['identity'],
        summary: 'End this session on the server; its tokens stop working',
        security: bearerAuth,
        response: {
          204: described(z.undefined(), 'Signed out: no token of this session works any more'),
          ...errorResponses(401),
        },
      },
    },
    async (request, reply) => {
      await revokeSession(app.db, currentSession(request).sessionId);
      return reply.code(204).send();
    },
  );

  app.post(
    '/jwtgenerate',
    {
      onRequest: app.authenticate,
      config: { rateLimit: AUTH_RATE_LIMIT },
      schema: {
        operationId: 'createApiToken',
        tags: ['identity'],
        summary: 'Exchange the sign-in token for the API token the web app stores',
        security: bearerAuth,
        body: jwtGenerateBodySchema,
        response: {
          200: described(jwtGenerateResultSchema, 'The API token, for the same session'),
          ...errorResponses(400, 401, 403, 429),
        },
      },
    },
    async (request) => {
      const { user, sessionId } = currentSession(request);
      if (request.body.email !== user.email) throw new HttpError(403, messages.emailMismatch);
      return { token: await issueToken(user, sessionId) };
    },
  );
};

export default authRoutes;

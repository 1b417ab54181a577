import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  authResultSchema,
  authUserSchema,
  errorBodySchema,
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
  revokeSession,
  startSession,
  toAuthUser,
  updateProfile,
  type UserRow,
} from '../../../identity/accounts.ts';
import { decoyPasswordHash, hashPassword, verifyPassword } from '../../../identity/passwords.ts';
import { HttpError } from '../../../http-errors.ts';
import { currentSession } from '../../../plugins/auth.ts';

/** Sign-up and sign-in by email, plus the token exchange the web app calls after either. */
const AUTH_RATE_LIMIT = { max: 30, timeWindow: '1 minute' };
const bearer = [{ bearerAuth: [] }];

const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const issueToken = (user: UserRow, sessionId: string) =>
    app.tokens.issue({ userId: user.id, sessionId });

  app.post(
    '/auth/signup',
    {
      config: { rateLimit: AUTH_RATE_LIMIT },
      schema: {
        tags: ['identity'],
        summary: 'Create an account with email and password',
        body: signUpBodySchema,
        response: { 201: authResultSchema, 400: errorBodySchema, 409: errorBodySchema },
      },
    },
    async (request, reply) => {
      const { email, password, displayName, photoURL } = request.body;
      try {
        const user = await createAccount(app.db, {
          email,
          passwordHash: await hashPassword(password),
          name: displayName,
          image: photoURL,
        });
        const sessionId = await startSession(app.db, user.id);
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
        tags: ['identity'],
        summary: 'Sign in with email and password',
        body: signInBodySchema,
        response: { 200: authResultSchema, 401: errorBodySchema, 429: errorBodySchema },
      },
    },
    async (request) => {
      const { email, password } = request.body;
      // Counted as a failure as it is let through, so parallel guesses all count.
      const attempt = await app.signInThrottle.reserve({ address: request.ip, email });
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
      const sessionId = await startSession(app.db, user.id);
      return { idToken: await issueToken(user, sessionId), user: toAuthUser(user) };
    },
  );

  app.get(
    '/auth/me',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['identity'],
        summary: 'The signed-in user',
        security: bearer,
        response: { 200: z.object({ user: authUserSchema }), 401: errorBodySchema },
      },
    },
    async (request) => ({ user: toAuthUser(currentSession(request).user) }),
  );

  app.patch(
    '/auth/profile',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['identity'],
        summary: 'Update the display name and photo',
        security: bearer,
        body: profileBodySchema,
        response: { 200: z.object({ user: authUserSchema }), 401: errorBodySchema },
      },
    },
    async (request) => {
      const { user } = currentSession(request);
      const updated = await updateProfile(app.db, user.id, {
        name: request.body.displayName,
        image: request.body.photoURL,
      });
      return { user: toAuthUser(updated) };
    },
  );

  app.post(
    '/auth/signout',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['identity'],
        summary: 'End this session on the server; its tokens stop working',
        security: bearer,
        response: { 204: z.null(), 401: errorBodySchema },
      },
    },
    async (request, reply) => {
      await revokeSession(app.db, currentSession(request).sessionId);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/jwtgenerate',
    {
      onRequest: app.authenticate,
      config: { rateLimit: AUTH_RATE_LIMIT },
      schema: {
        tags: ['identity'],
        summary: 'Exchange the sign-in token for the API token the web app stores',
        security: bearer,
        body: jwtGenerateBodySchema,
        response: { 200: jwtGenerateResultSchema, 401: errorBodySchema, 403: errorBodySchema },
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

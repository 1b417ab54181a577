import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  accountDeletionBodySchema,
  accountExportSchema,
  authUserSchema,
  emailChangeBodySchema,
  emailTokenBodySchema,
  emailVerifiedSchema,
  messages,
  notificationPreferencesSchema,
  passwordChangeBodySchema,
  passwordResetBodySchema,
  passwordResetConfirmBodySchema,
} from '@reloop/shared';
import {
  changePassword,
  confirmEmailChange,
  confirmPasswordReset,
  preferencesOf,
  requestEmailChange,
  requestPasswordReset,
  resendVerification,
  setPreferences,
  unsubscribe,
  verifyEmail,
} from '../../../identity/account-settings.ts';
import { toAuthUser, type UserRow } from '../../../identity/accounts.ts';
import { verifyPassword } from '../../../identity/passwords.ts';
import { fieldError, HttpError } from '../../../http-errors.ts';
import { currentSession } from '../../../plugins/auth.ts';
import { exportAccount } from '../../../users/account-export.ts';
import { endAccount } from '../../../users/users.ts';
import { bearerAuth, described, errorResponses, publicAccess } from '../responses.ts';

/**
 * The account's own calls (DESIGN §14): recovery, verification, password and email changes,
 * notice emails, export and deletion. Calls that send an email answer 202: it is queued, and
 * goes out from the job queue.
 */
const LINK_RATE_LIMIT = { max: 30, timeWindow: '1 minute' };
const accepted = described(z.object({}).strict(), 'Accepted: the email is on its way');
const noContent = (description: string) => described(z.undefined(), description);

/**
 * The password, or for an account that signs in only with Google (it has none), its email
 * address typed out: deleting an account asks the person to prove they mean it.
 */
async function assertConfirmed(user: UserRow, confirmation: string): Promise<void> {
  const confirmed = user.passwordHash
    ? await verifyPassword(confirmation, user.passwordHash)
    : confirmation.trim().toLowerCase() === user.email;
  if (!confirmed) {
    throw fieldError(
      'password',
      user.passwordHash ? messages.wrongPassword : messages.typeEmailToConfirm,
    );
  }
}

const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/auth/password-reset',
    {
      schema: {
        operationId: 'requestPasswordReset',
        tags: ['account'],
        summary: 'Email a password reset link (the same answer whether or not the account exists)',
        security: publicAccess,
        body: passwordResetBodySchema,
        response: { 202: accepted, ...errorResponses(400, 429) },
      },
    },
    async (request, reply) => {
      await app.allowances.accountEmails.spend(request, request.body.email);
      await requestPasswordReset(app.db, app.jobs, request.body.email);
      return reply.code(202).send({});
    },
  );

  app.post(
    '/auth/password-reset/confirm',
    {
      config: { rateLimit: LINK_RATE_LIMIT },
      schema: {
        operationId: 'confirmPasswordReset',
        tags: ['account'],
        summary: 'Set a new password with a reset link; every earlier session is signed out',
        security: publicAccess,
        body: passwordResetConfirmBodySchema,
        response: {
          204: noContent('The password is changed; sign in with it'),
          ...errorResponses(400, 429),
        },
      },
    },
    async (request, reply) => {
      await confirmPasswordReset(app.db, request.body.token, request.body.password);
      return reply.code(204).send();
    },
  );

  app.post(
    '/auth/verify-email',
    {
      config: { rateLimit: LINK_RATE_LIMIT },
      schema: {
        operationId: 'verifyEmail',
        tags: ['account'],
        summary: 'Confirm the account’s email address with the link sent to it',
        security: publicAccess,
        body: emailTokenBodySchema,
        response: {
          200: described(emailVerifiedSchema, 'The address is verified'),
          ...errorResponses(400, 429),
        },
      },
    },
    async (request) => {
      await verifyEmail(app.db, request.body.token);
      return { emailVerified: true as const };
    },
  );

  app.post(
    '/auth/verify-email/resend',
    {
      onRequest: app.authenticate,
      schema: {
        operationId: 'resendVerificationEmail',
        tags: ['account'],
        summary: 'Send the verification link again',
        security: bearerAuth,
        response: { 202: accepted, ...errorResponses(401, 409, 429) },
      },
    },
    async (request, reply) => {
      const { user } = currentSession(request);
      // Checked first: a verified user's repeated clicks answer 409, never spend the allowance.
      if (user.emailVerifiedAt) throw new HttpError(409, messages.emailAlreadyVerified);
      await app.allowances.accountEmails.spend(request, user.email);
      await resendVerification(app.db, app.jobs, user);
      return reply.code(202).send({});
    },
  );

  app.post(
    '/auth/password',
    {
      onRequest: app.authenticate,
      config: { rateLimit: LINK_RATE_LIMIT },
      schema: {
        operationId: 'changePassword',
        tags: ['account'],
        summary: 'Change the password; every other session is signed out',
        security: bearerAuth,
        body: passwordChangeBodySchema,
        response: {
          204: noContent('Changed; this session stays signed in'),
          ...errorResponses(400, 401, 429),
        },
      },
    },
    async (request, reply) => {
      const { user, sessionId } = currentSession(request);
      await changePassword(app.db, user, sessionId, request.body);
      return reply.code(204).send();
    },
  );

  app.post(
    '/auth/email',
    {
      onRequest: app.authenticate,
      config: { rateLimit: LINK_RATE_LIMIT },
      schema: {
        operationId: 'requestEmailChange',
        tags: ['account'],
        summary: 'Change the email address: a link goes to the new one, which applies the change',
        security: bearerAuth,
        body: emailChangeBodySchema,
        response: { 202: accepted, ...errorResponses(400, 401, 409, 429) },
      },
    },
    async (request, reply) => {
      const { user } = currentSession(request);
      await app.allowances.accountEmails.spend(request, request.body.newEmail);
      await requestEmailChange(app.db, app.jobs, user, request.body);
      return reply.code(202).send({});
    },
  );

  app.post(
    '/auth/email/confirm',
    {
      config: { rateLimit: LINK_RATE_LIMIT },
      schema: {
        operationId: 'confirmEmailChange',
        tags: ['account'],
        summary: 'Apply an email change with the link sent to the new address',
        security: publicAccess,
        body: emailTokenBodySchema,
        response: {
          200: described(
            z.object({ user: authUserSchema }),
            'Changed; the old address was told. Sessions stay signed in',
          ),
          ...errorResponses(400, 409, 429),
        },
      },
    },
    async (request) => ({
      user: toAuthUser(await confirmEmailChange(app.db, app.jobs, request.body.token)),
    }),
  );

  app.get(
    '/auth/export',
    {
      onRequest: app.authenticate,
      schema: {
        operationId: 'exportAccount',
        tags: ['account'],
        summary: 'Everything Reloop holds about the signed-in user, as JSON',
        security: bearerAuth,
        response: { 200: described(accountExportSchema, 'The export'), ...errorResponses(401) },
      },
    },
    async (request, reply) => {
      reply.header('content-disposition', 'attachment; filename="reloop-account.json"');
      return exportAccount(app.db, currentSession(request).user);
    },
  );

  app.delete(
    '/auth/account',
    {
      onRequest: app.authenticate,
      config: { rateLimit: LINK_RATE_LIMIT },
      schema: {
        operationId: 'deleteAccount',
        tags: ['account'],
        summary:
          'Delete the account: personal data erased, unsold listings removed, open bookings cancelled and refunded',
        description:
          'Accounts that sign in only with Google have no password: they send their email address as `password`.',
        security: bearerAuth,
        body: accountDeletionBodySchema,
        response: {
          204: noContent('Deleted; no token of this account works any more'),
          ...errorResponses(400, 401, 429),
        },
      },
    },
    async (request, reply) => {
      const { user } = currentSession(request);
      await assertConfirmed(user, request.body.password);
      await endAccount(app.db, app.jobs, user.id, { erase: true });
      return reply.code(204).send();
    },
  );

  app.get(
    '/auth/notifications',
    {
      onRequest: app.authenticate,
      schema: {
        operationId: 'getNotificationPreferences',
        tags: ['account'],
        summary: 'Which notice emails the user wants',
        security: bearerAuth,
        response: {
          200: described(notificationPreferencesSchema, 'The choices'),
          ...errorResponses(401),
        },
      },
    },
    async (request) => preferencesOf(currentSession(request).user),
  );

  app.put(
    '/auth/notifications',
    {
      onRequest: app.authenticate,
      schema: {
        operationId: 'setNotificationPreferences',
        tags: ['account'],
        summary: 'Choose which notice emails to get (security emails always go)',
        security: bearerAuth,
        body: notificationPreferencesSchema,
        response: {
          200: described(notificationPreferencesSchema, 'The choices, as saved'),
          ...errorResponses(400, 401),
        },
      },
    },
    async (request) => setPreferences(app.db, currentSession(request).user.id, request.body),
  );

  // Mail programs post RFC 8058's one-click form, which only this call reads (a web page posts
  // JSON or nothing): the parser is this plugin's own.
  await app.register(oneClickUnsubscribe);
};

const oneClickUnsubscribe: FastifyPluginAsyncZod = async (oneClick) => {
  oneClick.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 1024 },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );

  oneClick.post(
    '/auth/unsubscribe',
    {
      config: { rateLimit: LINK_RATE_LIMIT },
      schema: {
        operationId: 'unsubscribe',
        tags: ['account'],
        summary: 'One-click unsubscribe (RFC 8058): turn one kind of notice email off',
        description:
          'The URL of a notice’s `List-Unsubscribe` header. Needs no sign-in: the token names the user and the kind and is signed. Mail programs post `List-Unsubscribe=One-Click` form-encoded; any body, or none, does.',
        security: publicAccess,
        querystring: z.object({ token: z.string().min(1).max(300) }),
        response: {
          200: described(
            z.object({ preference: notificationPreferencesSchema.keyof() }),
            'That kind of email is off',
          ),
          ...errorResponses(400, 429),
        },
      },
    },
    async (request) => {
      const link = oneClick.unsubscribeLinks.read(request.query.token);
      if (!link) throw new HttpError(400, messages.unsubscribeLinkNotValid);
      await unsubscribe(oneClick.db, link.userId, link.preference);
      return { preference: link.preference };
    },
  );
};

export default accountRoutes;

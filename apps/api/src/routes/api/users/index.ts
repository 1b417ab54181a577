import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  acknowledgedSchema,
  emailSchema,
  idParamsSchema,
  openBookingsSchema,
  paginationQuerySchema,
  registerBodySchema,
  roleResultSchema,
  userSchema,
} from '@reloop/shared';
import { assertSelfOrAdmin, currentSession } from '../../../plugins/auth.ts';
import { sendPage } from '../../../pagination.ts';
import {
  countOpenBookings,
  deleteUser,
  listUsersByRole,
  registerUser,
  roleOf,
  toUserJson,
  verifySeller,
} from '../../../users/users.ts';
import { bearerAuth, described, errorResponses, pageOf } from '../responses.ts';

/** Registration as buyer or seller, role look-up, and the admin's user management. */
const userRoutes: FastifyPluginAsyncZod = async (app) => {
  const admin = app.requireRole('admin');
  const emailParams = z.object({ email: emailSchema });

  app.post(
    '/register',
    {
      onRequest: app.authenticate,
      schema: {
        operationId: 'registerUser',
        tags: ['users'],
        summary: 'Register the signed-in account as buyer or seller (a set role never changes)',
        security: bearerAuth,
        body: registerBodySchema,
        response: {
          200: described(acknowledgedSchema, 'Registered (also when it already was)'),
          ...errorResponses(400, 401, 403),
        },
      },
    },
    async (request) => {
      await registerUser(app.db, currentSession(request).user, request.body);
      return { acknowledged: true as const };
    },
  );

  app.get(
    '/user/checkrole/:email',
    {
      onRequest: app.authenticate,
      schema: {
        operationId: 'getUserRole',
        tags: ['users'],
        summary: "A user's role: one's own, or anyone's for an admin",
        security: bearerAuth,
        params: emailParams,
        response: {
          200: described(roleResultSchema, 'The role; null until the account is registered'),
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request) => {
      assertSelfOrAdmin(currentSession(request).user, request.params.email);
      return { role: await roleOf(app.db, request.params.email) };
    },
  );

  for (const role of ['buyer', 'seller'] as const) {
    app.get(
      `/${role}s`,
      {
        onRequest: admin,
        schema: {
          operationId: role === 'buyer' ? 'listBuyers' : 'listSellers',
          tags: ['admin'],
          summary: `All ${role}s, newest first`,
          security: bearerAuth,
          querystring: paginationQuerySchema,
          response: {
            200: pageOf(userSchema, `A page of the ${role}s, newest first`),
            ...errorResponses(400, 401, 403),
          },
        },
      },
      async (request, reply) =>
        sendPage(request, reply, await listUsersByRole(app.db, role, request.query), toUserJson),
    );
  }

  app.delete(
    '/user/delete/:id',
    {
      onRequest: admin,
      schema: {
        operationId: 'deleteUser',
        tags: ['admin'],
        summary:
          'Delete a user: sessions end, listings disappear, open bookings are cancelled (paid ' +
          'ones refunded), bookings stay readable',
        description:
          "The user's `unpaid` and `paid` bookings, as buyer and as the seller of the products " +
          'booked, are cancelled on their side and the other side is notified; paid ones are ' +
          'refunded through the provider with an idempotency key (one the provider refuses is ' +
          'sent again at start-up). `GET /api/user/open-bookings/{id}` counts them beforehand.',
        security: bearerAuth,
        params: idParamsSchema,
        response: {
          200: described(
            acknowledgedSchema,
            'Deleted: signed out everywhere, listings gone, open bookings cancelled',
          ),
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request) => {
      const { user } = currentSession(request);
      await deleteUser(app.db, app.jobs, user, request.params.id);
      return { acknowledged: true as const };
    },
  );

  app.get(
    '/user/open-bookings/:id',
    {
      onRequest: admin,
      schema: {
        operationId: 'countOpenBookings',
        tags: ['admin'],
        summary: 'What deleting a user would cancel: their open bookings, as buyer or seller',
        security: bearerAuth,
        params: idParamsSchema,
        response: {
          200: described(
            openBookingsSchema,
            'How many of their bookings would be cancelled (`unpaid`) or cancelled and refunded ' +
              '(`paid`)',
          ),
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request) => countOpenBookings(app.db, request.params.id),
  );

  app.put(
    '/user/seller/update/:email',
    {
      onRequest: admin,
      schema: {
        operationId: 'verifySeller',
        tags: ['admin'],
        summary: 'Verify a seller',
        security: bearerAuth,
        params: emailParams,
        response: {
          200: described(acknowledgedSchema, 'Verified: their products show `sellerVerified`'),
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request) => {
      await verifySeller(app.db, currentSession(request).user, request.params.email);
      return { acknowledged: true as const };
    },
  );
};

export default userRoutes;

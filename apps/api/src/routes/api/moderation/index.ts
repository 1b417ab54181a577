import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  acknowledgedSchema,
  adminActionSchema,
  adminBookingQuerySchema,
  adminBookingSchema,
  adminUserQuerySchema,
  adminUserSchema,
  bulkUserActionBodySchema,
  bulkUserActionResultSchema,
  idParamsSchema,
  OWN_REPORTS_LISTED,
  ownReportsSchema,
  ownVerificationSchema,
  paginationQuerySchema,
  productReportBodySchema,
  reportedProductSchema,
  suspensionBodySchema,
  verificationRequestBodySchema,
  verificationRequestSchema,
} from '@reloop/shared';
import { currentSession } from '../../../plugins/auth.ts';
import { sendJsonPage } from '../../../pagination.ts';
import { listAdminActions } from '../../../moderation/audit.ts';
import { searchBookings } from '../../../moderation/bookings.ts';
import {
  dismissReports,
  listReportedProducts,
  ownReports,
  reportListing,
} from '../../../moderation/reports.ts';
import { suspendUser, unsuspendUser } from '../../../moderation/suspensions.ts';
import { bulkUserAction, findAdminUser, searchUsers } from '../../../moderation/users.ts';
import {
  decideRequest,
  listPendingRequests,
  ownVerification,
  requestVerification,
  unverifySeller,
} from '../../../moderation/verification.ts';
import { bearerAuth, described, errorResponses, pageOf } from '../responses.ts';

/**
 * Moderation (DESIGN §19): reports with reasons and their dismissal, the admin's user search,
 * suspensions, verification requests, bulk actions, the audit log and the orders lookup.
 */
const moderationRoutes: FastifyPluginAsyncZod = async (app) => {
  const admin = app.requireRole('admin');

  app.put(
    '/product/report/:id',
    {
      onRequest: app.authenticate,
      // The spec's call sends no body, which Fastify validates as null: the same as an empty one.
      preValidation: async (request) => {
        request.body ??= {};
      },
      schema: {
        operationId: 'reportProduct',
        tags: ['products'],
        summary: 'Report a product to the admins, once, with an optional reason',
        description:
          'The body is optional (the spec sends none). One report per user and listing: a ' +
          'second is 409; a seller reporting their own listing is 403.',
        security: bearerAuth,
        params: idParamsSchema,
        // Inline rather than a reference: an optional reference is documented as a lone allOf.
        body: z.object(productReportBodySchema.shape).optional(),
        response: {
          200: described(acknowledgedSchema, 'Reported'),
          ...errorResponses(400, 401, 403, 404, 409),
        },
      },
    },
    async (request) => {
      const { user } = currentSession(request);
      await reportListing(app.db, user, request.params.id, request.body);
      return { acknowledged: true as const };
    },
  );

  app.get(
    '/product/reports/mine',
    {
      onRequest: app.authenticate,
      schema: {
        operationId: 'listOwnReports',
        tags: ['products'],
        summary: 'The listings the signed-in user reported, newest report first',
        description: `At most ${OWN_REPORTS_LISTED}; listings deleted since are left out.`,
        security: bearerAuth,
        response: {
          200: described(ownReportsSchema, "The listings' ids"),
          ...errorResponses(401),
        },
      },
    },
    async (request) => ownReports(app.db, currentSession(request).user),
  );

  app.get(
    '/reported/products',
    {
      onRequest: admin,
      schema: {
        operationId: 'listReportedProducts',
        tags: ['admin'],
        summary: 'Products with open reports, with their reasons, count and dates',
        security: bearerAuth,
        querystring: paginationQuerySchema,
        response: {
          200: pageOf(reportedProductSchema, 'A page of the reported products, newest first'),
          ...errorResponses(400, 401, 403),
        },
      },
    },
    async (request, reply) =>
      sendJsonPage(request, reply, await listReportedProducts(app.db, request.query)),
  );

  app.post(
    '/reported/products/:id/dismiss',
    {
      onRequest: admin,
      schema: {
        operationId: 'dismissReports',
        tags: ['admin'],
        summary: "Dismiss a listing's reports: the listing stays, its reports are closed",
        security: bearerAuth,
        params: idParamsSchema,
        response: {
          200: described(acknowledgedSchema, 'Dismissed: the listing has left the reported list'),
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request) => {
      await dismissReports(app.db, currentSession(request).user, request.params.id);
      return { acknowledged: true as const };
    },
  );

  app.get(
    '/admin/users',
    {
      onRequest: admin,
      schema: {
        operationId: 'searchUsers',
        tags: ['admin'],
        summary: 'Users by words of their name or email, role and status, newest first',
        security: bearerAuth,
        querystring: adminUserQuerySchema,
        response: {
          200: pageOf(adminUserSchema, 'A page of the matching users, newest first'),
          ...errorResponses(400, 401, 403),
        },
      },
    },
    async (request, reply) =>
      sendJsonPage(request, reply, await searchUsers(app.db, request.query)),
  );

  app.post(
    '/admin/users/:id/suspend',
    {
      onRequest: admin,
      schema: {
        operationId: 'suspendUser',
        tags: ['admin'],
        summary: 'Suspend a user until a time, with a reason',
        description:
          'At once: their tokens and sign-in get 401 with the reason and the end date, their ' +
          'listings leave every public list, their open bookings are cancelled (paid ones ' +
          'refunded), and they are told by email and in the bell. Suspending again replaces ' +
          'the end date and the reason.',
        security: bearerAuth,
        params: idParamsSchema,
        body: suspensionBodySchema,
        response: {
          200: described(adminUserSchema, 'The user, suspended'),
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request) => {
      await suspendUser(
        app.db,
        app.jobs,
        currentSession(request).user,
        request.params.id,
        request.body,
      );
      return findAdminUser(app.db, request.params.id);
    },
  );

  // Lifting a suspension now and withdrawing a verification: no body; the user afterwards.
  const undoings = {
    unsuspend: {
      operationId: 'unsuspendUser',
      summary: 'Lift a suspension now: the user can sign in, their listings come back',
      after: 'The user, active',
      undo: unsuspendUser,
    },
    unverify: {
      operationId: 'unverifySeller',
      summary: "Withdraw a seller's verification, from their listings too",
      after: 'The seller, not verified',
      undo: unverifySeller,
    },
  };
  for (const [path, { operationId, summary, after, undo }] of Object.entries(undoings)) {
    app.post(
      `/admin/users/:id/${path}`,
      {
        onRequest: admin,
        schema: {
          operationId,
          tags: ['admin'],
          summary,
          security: bearerAuth,
          params: idParamsSchema,
          response: {
            200: described(adminUserSchema, after),
            ...errorResponses(400, 401, 403, 404),
          },
        },
      },
      async (request) => {
        await undo(app.db, currentSession(request).user, request.params.id);
        return findAdminUser(app.db, request.params.id);
      },
    );
  }

  app.post(
    '/admin/users/bulk',
    {
      onRequest: admin,
      schema: {
        operationId: 'bulkUserAction',
        tags: ['admin'],
        summary: 'Suspend or delete the users ticked on All Buyers or All Sellers, all or none',
        description:
          'One transaction: when any one of them is refused (an admin, oneself, one not found), ' +
          'nothing changes and the error is that one’s.',
        security: bearerAuth,
        body: bulkUserActionBodySchema,
        response: {
          200: described(bulkUserActionResultSchema, 'Done for every one of them'),
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request) => ({
      acknowledged: true as const,
      count: await bulkUserAction(app.db, app.jobs, currentSession(request).user, request.body),
    }),
  );

  app.post(
    '/verification-requests',
    {
      onRequest: app.requireRole('seller'),
      schema: {
        operationId: 'requestVerification',
        tags: ['seller'],
        summary: 'Ask the admins to verify the signed-in seller',
        security: bearerAuth,
        body: verificationRequestBodySchema,
        response: {
          201: described(verificationRequestSchema, 'Asked: the admins see it in their list'),
          ...errorResponses(400, 401, 403, 409),
        },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(await requestVerification(app.db, currentSession(request).user, request.body)),
  );

  app.get(
    '/verification-requests/mine',
    {
      onRequest: app.requireRole('seller'),
      schema: {
        operationId: 'getOwnVerification',
        tags: ['seller'],
        summary: "The signed-in seller's verification and latest request",
        security: bearerAuth,
        response: {
          200: described(ownVerificationSchema, 'Verified or not, and the latest request'),
          ...errorResponses(401, 403),
        },
      },
    },
    async (request) => ownVerification(app.db, currentSession(request).user),
  );

  app.get(
    '/verification-requests',
    {
      onRequest: admin,
      schema: {
        operationId: 'listVerificationRequests',
        tags: ['admin'],
        summary: 'Waiting verification requests, newest first',
        security: bearerAuth,
        querystring: paginationQuerySchema,
        response: {
          200: pageOf(verificationRequestSchema, 'A page of the waiting requests'),
          ...errorResponses(400, 401, 403),
        },
      },
    },
    async (request, reply) =>
      sendJsonPage(request, reply, await listPendingRequests(app.db, request.query)),
  );

  for (const decision of ['approve', 'decline'] as const) {
    app.post(
      `/verification-requests/:id/${decision}`,
      {
        onRequest: admin,
        schema: {
          operationId: decision === 'approve' ? 'approveVerification' : 'declineVerification',
          tags: ['admin'],
          summary:
            decision === 'approve'
              ? 'Approve a request: the seller is verified'
              : 'Decline a request: the seller stays unverified and may ask again',
          security: bearerAuth,
          params: idParamsSchema,
          response: {
            200: described(verificationRequestSchema, 'The request, answered'),
            ...errorResponses(400, 401, 403, 404, 409),
          },
        },
      },
      async (request) =>
        decideRequest(
          app.db,
          currentSession(request).user,
          request.params.id,
          decision === 'approve',
        ),
    );
  }

  app.get(
    '/admin/audit',
    {
      onRequest: admin,
      schema: {
        operationId: 'listAdminActions',
        tags: ['admin'],
        summary: 'The audit log: every admin action, newest first',
        security: bearerAuth,
        querystring: paginationQuerySchema,
        response: {
          200: pageOf(adminActionSchema, 'A page of admin actions, newest first'),
          ...errorResponses(400, 401, 403),
        },
      },
    },
    async (request, reply) =>
      sendJsonPage(request, reply, await listAdminActions(app.db, request.query)),
  );

  app.get(
    '/admin/bookings',
    {
      onRequest: admin,
      schema: {
        operationId: 'searchBookings',
        tags: ['admin'],
        summary: 'Every booking with its buyer, seller, status, funds and refund, newest first',
        security: bearerAuth,
        querystring: adminBookingQuerySchema,
        response: {
          200: pageOf(adminBookingSchema, 'A page of the matching bookings, newest first'),
          ...errorResponses(400, 401, 403),
        },
      },
    },
    async (request, reply) =>
      sendJsonPage(request, reply, await searchBookings(app.db, request.query)),
  );
};

export default moderationRoutes;

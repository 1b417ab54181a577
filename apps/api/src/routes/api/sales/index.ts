import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  bookingTransitionSchema,
  HANDOVER_ATTEMPTS,
  HANDOVER_LOCK_MINUTES,
  handoverBodySchema,
  idParamsSchema,
  paginationQuerySchema,
  saleSchema,
} from '@reloop/shared';
import { enterHandoverCode } from '../../../money/handover.ts';
import { findSaleFor, listSales } from '../../../bookings/bookings.ts';
import { sendJson } from '../../../json-text.ts';
import { currentSession } from '../../../plugins/auth.ts';
import { sendJsonPage } from '../../../pagination.ts';
import { bearerAuth, described, errorResponses, pageOf } from '../responses.ts';

/** A seller's sales: the bookings on their products, with what the handover needs. */
const saleRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/sales',
    {
      onRequest: app.requireRole('seller'),
      schema: {
        operationId: 'listSales',
        tags: ['sales'],
        summary: "The bookings on the seller's own products, newest first",
        security: bearerAuth,
        querystring: paginationQuerySchema,
        response: {
          200: pageOf(saleSchema, "A page of the seller's sales, newest first"),
          ...errorResponses(400, 401, 403),
        },
      },
    },
    async (request, reply) =>
      sendJsonPage(
        request,
        reply,
        await listSales(app.db, currentSession(request).user.id, request.query),
      ),
  );

  app.get(
    '/sales/:id',
    {
      onRequest: app.authenticate,
      schema: {
        operationId: 'getSale',
        tags: ['sales'],
        summary: 'One booking on one of the seller’s products',
        security: bearerAuth,
        params: idParamsSchema,
        response: {
          200: described(saleSchema, 'The sale'),
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request, reply) =>
      sendJson(reply, await findSaleFor(app.db, currentSession(request).user, request.params.id)),
  );

  app.post(
    '/sales/:id/handover',
    {
      onRequest: app.authenticate,
      schema: {
        operationId: 'enterHandoverCode',
        tags: ['money'],
        summary:
          'The seller types the buyer’s six-digit code at the meetup: the booking is completed',
        description:
          `A wrong code answers 422 with \`attemptsLeft\`; after ${HANDOVER_ATTEMPTS} wrong codes the ` +
          `call answers 429 for ${HANDOVER_LOCK_MINUTES} minutes (the buyer may still confirm it).`,
        security: bearerAuth,
        params: idParamsSchema,
        body: handoverBodySchema,
        response: {
          200: described(bookingTransitionSchema, 'Completed (or already was); `releaseAt` set'),
          ...errorResponses(400, 401, 403, 404, 409, 422, 429),
        },
      },
    },
    async (request) =>
      enterHandoverCode(
        app.db,
        app.jobs,
        app.config.money,
        currentSession(request).user,
        request.params.id,
        request.body.code,
      ),
  );
};

export default saleRoutes;

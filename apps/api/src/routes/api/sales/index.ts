import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParamsSchema, paginationQuerySchema, saleSchema } from '@reloop/shared';
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
};

export default saleRoutes;

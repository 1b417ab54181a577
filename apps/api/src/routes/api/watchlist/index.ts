import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  acknowledgedSchema,
  idSchema,
  listingSchema,
  MAX_WATCHED_LISTINGS,
  paginationQuerySchema,
} from '@reloop/shared';
import { sendJsonPage } from '../../../pagination.ts';
import { currentSession } from '../../../plugins/auth.ts';
import { listWatched, unwatch, watch } from '../../../watchlist/watchlist.ts';
import { bearerAuth, described, errorResponses, pageOf } from '../responses.ts';

const productParamsSchema = z.object({ productId: idSchema });

/** The watchlist (DESIGN §17): listings a signed-in user follows. */
const watchlistRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/watchlist',
    {
      onRequest: app.authenticate,
      schema: {
        operationId: 'listWatchlist',
        tags: ['watchlist'],
        summary: 'The listings you watch, most recently watched first',
        description:
          'Listings as the public lists show them, sold ones too; deleted ones drop out.',
        security: bearerAuth,
        querystring: paginationQuerySchema,
        response: {
          200: pageOf(listingSchema, 'A page of the watched listings'),
          ...errorResponses(400, 401),
        },
      },
    },
    async (request, reply) =>
      sendJsonPage(
        request,
        reply,
        await listWatched(app.db, currentSession(request).user, request.query),
      ),
  );

  app.put(
    '/watchlist/:productId',
    {
      onRequest: app.authenticate,
      schema: {
        operationId: 'watchListing',
        tags: ['watchlist'],
        summary: 'Watch a listing: its price drops and its sale become notices',
        description: `Idempotent. At most ${MAX_WATCHED_LISTINGS} listings (409 past that); not your own listing (409).`,
        security: bearerAuth,
        params: productParamsSchema,
        response: {
          200: described(acknowledgedSchema, 'Watched (also when it already was)'),
          ...errorResponses(400, 401, 404, 409),
        },
      },
    },
    async (request) => {
      await watch(app.db, currentSession(request).user, request.params.productId);
      return { acknowledged: true as const };
    },
  );

  app.delete(
    '/watchlist/:productId',
    {
      onRequest: app.authenticate,
      schema: {
        operationId: 'unwatchListing',
        tags: ['watchlist'],
        summary: 'Stop watching a listing',
        security: bearerAuth,
        params: productParamsSchema,
        response: {
          200: described(acknowledgedSchema, 'Not watched (also when it was not)'),
          ...errorResponses(400, 401, 404),
        },
      },
    },
    async (request) => {
      await unwatch(app.db, currentSession(request).user, request.params.productId);
      return { acknowledged: true as const };
    },
  );
};

export default watchlistRoutes;

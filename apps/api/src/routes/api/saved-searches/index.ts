import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  acknowledgedSchema,
  idParamsSchema,
  MAX_SAVED_SEARCHES,
  paginationQuerySchema,
  savedSearchBodySchema,
  savedSearchSchema,
} from '@reloop/shared';
import { sendJsonPage } from '../../../pagination.ts';
import { currentSession } from '../../../plugins/auth.ts';
import {
  deleteSavedSearch,
  listSavedSearches,
  saveSearch,
} from '../../../saved-searches/saved-searches.ts';
import { bearerAuth, described, errorResponses, pageOf } from '../responses.ts';

/** Saved searches (DESIGN §17): a user's searches, told of new and repriced listings that match. */
const savedSearchRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/saved-searches',
    {
      onRequest: app.authenticate,
      schema: {
        operationId: 'saveSearch',
        tags: ['saved-searches'],
        summary: 'Save a search under a name',
        description:
          'The terms of `GET /api/search` (as text, as its query string carries them; no paging) ' +
          'and a name; terms the search would refuse are refused the same way. A listing that is ' +
          'listed or repriced and matches is a notice at once and a line in a daily email. ' +
          `At most ${MAX_SAVED_SEARCHES} saved searches (409 past that).`,
        security: bearerAuth,
        body: savedSearchBodySchema,
        response: {
          201: described(savedSearchSchema, 'Saved'),
          ...errorResponses(400, 401, 409),
        },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await saveSearch(app.db, currentSession(request).user, request.body)),
  );

  app.get(
    '/saved-searches',
    {
      onRequest: app.authenticate,
      schema: {
        operationId: 'listSavedSearches',
        tags: ['saved-searches'],
        summary: 'Your saved searches, newest first',
        security: bearerAuth,
        querystring: paginationQuerySchema,
        response: {
          200: pageOf(savedSearchSchema, 'A page of your saved searches'),
          ...errorResponses(400, 401),
        },
      },
    },
    async (request, reply) =>
      sendJsonPage(
        request,
        reply,
        await listSavedSearches(app.db, currentSession(request).user, request.query),
      ),
  );

  app.delete(
    '/saved-searches/:id',
    {
      onRequest: app.authenticate,
      schema: {
        operationId: 'deleteSavedSearch',
        tags: ['saved-searches'],
        summary: 'Delete one of your saved searches',
        description: "Someone else's saved search is not found (404).",
        security: bearerAuth,
        params: idParamsSchema,
        response: {
          200: described(acknowledgedSchema, 'Deleted'),
          ...errorResponses(400, 401, 404),
        },
      },
    },
    async (request) => {
      await deleteSavedSearch(app.db, currentSession(request).user, request.params.id);
      return { acknowledged: true as const };
    },
  );
};

export default savedSearchRoutes;

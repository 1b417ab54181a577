import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  idParamsSchema,
  messageBodySchema,
  messageSchema,
  threadSummarySchema,
} from '@reloop/shared';
import { postMessage, readThread, threadsOfReportedProduct } from '../../../bookings/threads.ts';
import { currentSession } from '../../../plugins/auth.ts';
import { bearerAuth, described, errorResponses } from '../responses.ts';

/** The conversation of a booking between its buyer and its product's seller. */
const messageRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/bookings/:id/messages',
    {
      onRequest: app.authenticate,
      schema: {
        operationId: 'listMessages',
        tags: ['messages'],
        summary:
          "The booking's conversation, oldest first, for its buyer and its product's seller " +
          '(and an admin while the product is reported); reading it marks it read',
        security: bearerAuth,
        params: idParamsSchema,
        response: {
          200: described(z.array(messageSchema), 'The messages, oldest first'),
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request) => readThread(app.db, currentSession(request).user, request.params.id),
  );

  app.post(
    '/bookings/:id/messages',
    {
      onRequest: app.authenticate,
      preHandler: (request) => app.allowances.messages.spend(request),
      schema: {
        operationId: 'sendMessage',
        tags: ['messages'],
        summary: "Write to the other side of a booking: its buyer or its product's seller",
        security: bearerAuth,
        params: idParamsSchema,
        body: messageBodySchema,
        response: {
          201: described(messageSchema, 'Sent'),
          ...errorResponses(400, 401, 403, 404, 409, 429),
        },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(
          await postMessage(
            app.db,
            app.jobs,
            currentSession(request).user,
            request.params.id,
            request.body.text,
          ),
        ),
  );

  app.get(
    '/reported/products/:id/threads',
    {
      onRequest: app.requireRole('admin'),
      schema: {
        operationId: 'listReportedProductThreads',
        tags: ['admin'],
        summary: 'The conversations of a reported product’s bookings, for judging the report',
        security: bearerAuth,
        params: idParamsSchema,
        response: {
          200: described(z.array(threadSummarySchema), 'Each booking of the product, newest first'),
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request) => threadsOfReportedProduct(app.db, request.params.id),
  );
};

export default messageRoutes;

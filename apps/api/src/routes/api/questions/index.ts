import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  idParamsSchema,
  messageBodySchema,
  messageSchema,
  paginationQuerySchema,
  questionAskedSchema,
  questionSchema,
  questionSummarySchema,
} from '@reloop/shared';
import { sendJsonPage } from '../../../pagination.ts';
import { currentSession } from '../../../plugins/auth.ts';
import {
  askQuestion,
  listQuestions,
  postQuestionMessage,
  readQuestion,
} from '../../../questions/questions.ts';
import { bearerAuth, described, errorResponses, pageOf } from '../responses.ts';

/**
 * Asking a listing's seller before booking (DESIGN §17, decision 022), and the conversations that
 * asking opens, for their two people only. Writing spends the messages allowance, as a booking
 * thread's message does.
 */
const questionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/product/:id/questions',
    {
      onRequest: app.authenticate,
      preHandler: (request) => app.allowances.messages.spend(request),
      schema: {
        operationId: 'askQuestion',
        tags: ['questions'],
        summary:
          "Ask a listing's seller without booking: opens or continues the asker's conversation " +
          'with them, or writes into the asker’s open booking’s thread when there is one',
        description:
          'No contact details are shared. 403 for one’s own listing, 409 once it is sold (unless ' +
          'the asker holds its booking); spends one of the 20 messages a minute.',
        security: bearerAuth,
        params: idParamsSchema,
        body: messageBodySchema,
        response: {
          201: described(questionAskedSchema, 'Asked; the conversation it went into'),
          ...errorResponses(400, 401, 403, 404, 409, 429),
        },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(
          await askQuestion(
            app.db,
            app.jobs,
            currentSession(request).user,
            request.params.id,
            request.body.text,
          ),
        ),
  );

  app.get(
    '/questions',
    {
      onRequest: app.authenticate,
      schema: {
        operationId: 'listQuestions',
        tags: ['questions'],
        summary:
          "The user's conversations before booking, those they asked and those about their " +
          'listings, newest activity first',
        security: bearerAuth,
        querystring: paginationQuerySchema,
        response: {
          200: pageOf(questionSummarySchema, 'A page of the conversations, newest activity first'),
          ...errorResponses(400, 401),
        },
      },
    },
    async (request, reply) =>
      sendJsonPage(
        request,
        reply,
        await listQuestions(app.db, currentSession(request).user.id, request.query),
      ),
  );

  app.get(
    '/questions/:id',
    {
      onRequest: app.authenticate,
      schema: {
        operationId: 'getQuestion',
        tags: ['questions'],
        summary:
          'A conversation before booking, oldest message first, for its asker and the ' +
          "listing's seller; reading it marks it read",
        security: bearerAuth,
        params: idParamsSchema,
        response: {
          200: described(questionSchema, 'The conversation'),
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request) => readQuestion(app.db, currentSession(request).user, request.params.id),
  );

  app.post(
    '/questions/:id/messages',
    {
      onRequest: app.authenticate,
      preHandler: (request) => app.allowances.messages.spend(request),
      schema: {
        operationId: 'sendQuestionMessage',
        tags: ['questions'],
        summary:
          'Write in a conversation before booking, as its asker or as the seller; 409 once it ' +
          'goes on in a booking’s thread or the listing is sold or gone',
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
          await postQuestionMessage(
            app.db,
            app.jobs,
            currentSession(request).user,
            request.params.id,
            request.body.text,
          ),
        ),
  );
};

export default questionRoutes;

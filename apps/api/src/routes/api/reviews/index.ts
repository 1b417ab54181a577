import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  acknowledgedSchema,
  idParamsSchema,
  ownReviewSchema,
  paginationQuerySchema,
  profileSchema,
  reportedReviewSchema,
  reviewBodySchema,
  reviewReplyBodySchema,
  reviewSchema,
} from '@reloop/shared';
import { sendJsonPage } from '../../../pagination.ts';
import { currentSession } from '../../../plugins/auth.ts';
import {
  hideReview,
  listReportedReviews,
  listReviewsOf,
  postReview,
  profileOf,
  replyToReview,
  reportReview,
} from '../../../reviews/reviews.ts';
import { bearerAuth, described, errorResponses, pageOf, publicAccess } from '../responses.ts';

/** Reputation (DESIGN §16): reviews after a handover, replies, reports, and public profiles. */
const reviewRoutes: FastifyPluginAsyncZod = async (app) => {
  const admin = app.requireRole('admin');

  app.post(
    '/bookings/:id/review',
    {
      onRequest: app.authenticate,
      schema: {
        operationId: 'reviewBooking',
        tags: ['reviews'],
        summary: 'One side of a handed-over booking reviews the other, once, within 14 days',
        description:
          'Double blind: the review is shown (`revealed`) once both sides have reviewed, or when ' +
          'the 14 days are over.',
        security: bearerAuth,
        params: idParamsSchema,
        body: reviewBodySchema,
        response: {
          201: described(ownReviewSchema, 'Reviewed'),
          ...errorResponses(400, 401, 403, 404, 409),
        },
      },
    },
    async (request, reply) => {
      const review = await postReview(
        app.reputation,
        currentSession(request).user,
        request.params.id,
        request.body,
      );
      return reply.code(201).send(review);
    },
  );

  app.post(
    '/reviews/:id/reply',
    {
      onRequest: app.authenticate,
      schema: {
        operationId: 'replyToReview',
        tags: ['reviews'],
        summary: 'The reviewed person answers a shown review, once, in public',
        security: bearerAuth,
        params: idParamsSchema,
        body: reviewReplyBodySchema,
        response: {
          201: described(reviewSchema, 'Answered: the review with its reply'),
          ...errorResponses(400, 401, 403, 404, 409),
        },
      },
    },
    async (request, reply) => {
      const review = await replyToReview(
        app.db,
        currentSession(request).user,
        request.params.id,
        request.body.text,
      );
      return reply.code(201).send(review);
    },
  );

  app.post(
    '/reviews/:id/report',
    {
      onRequest: app.authenticate,
      schema: {
        operationId: 'reportReview',
        tags: ['reviews'],
        summary: 'Report a shown review to the admins (anyone signed in but its author)',
        security: bearerAuth,
        params: idParamsSchema,
        response: {
          200: described(acknowledgedSchema, 'Reported (also when it already was)'),
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request) => {
      await reportReview(app.db, currentSession(request).user, request.params.id);
      return { acknowledged: true as const };
    },
  );

  app.get(
    '/reviews/reported',
    {
      onRequest: admin,
      schema: {
        operationId: 'listReportedReviews',
        tags: ['reviews'],
        summary: 'Reported reviews no admin has hidden, newest first',
        security: bearerAuth,
        querystring: paginationQuerySchema,
        response: {
          200: pageOf(reportedReviewSchema, 'A page of reported reviews'),
          ...errorResponses(400, 401, 403),
        },
      },
    },
    async (request, reply) =>
      sendJsonPage(request, reply, await listReportedReviews(app.db, request.query)),
  );

  app.delete(
    '/reviews/:id',
    {
      onRequest: admin,
      schema: {
        operationId: 'hideReview',
        tags: ['reviews'],
        summary: "An admin hides a review: it leaves the profile and its subject's rating",
        security: bearerAuth,
        params: idParamsSchema,
        response: {
          200: described(acknowledgedSchema, 'Hidden (also when it already was)'),
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request) => {
      await hideReview(app.db, currentSession(request).user, request.params.id);
      return { acknowledged: true as const };
    },
  );

  app.get(
    '/users/:id/profile',
    {
      schema: {
        operationId: 'getProfile',
        tags: ['reviews'],
        summary: 'A buyer or seller as anyone may see them: rating, histogram, completed deals',
        security: publicAccess,
        params: idParamsSchema,
        response: { 200: described(profileSchema, 'The profile'), ...errorResponses(400, 404) },
      },
    },
    async (request) => profileOf(app.db, request.params.id),
  );

  app.get(
    '/users/:id/reviews',
    {
      schema: {
        operationId: 'listUserReviews',
        tags: ['reviews'],
        summary: "A buyer's or seller's shown reviews with their replies, newest first",
        security: publicAccess,
        params: idParamsSchema,
        querystring: paginationQuerySchema,
        response: {
          200: pageOf(reviewSchema, 'A page of reviews'),
          ...errorResponses(400, 404),
        },
      },
    },
    async (request, reply) =>
      sendJsonPage(request, reply, await listReviewsOf(app.db, request.params.id, request.query)),
  );
};

export default reviewRoutes;

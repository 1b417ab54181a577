import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  bookingBodySchema,
  bookingCreatedSchema,
  bookingSchema,
  bookingTransitionSchema,
  buyerBookingsQuerySchema,
  disputeBodySchema,
  idParamsSchema,
  MAX_UNPAID_BOOKINGS,
  messages,
} from '@reloop/shared';
import {
  createBooking,
  findBookingFor,
  listBuyerBookings,
  withoutHandoverCode,
} from '../../../bookings/bookings.ts';
import { cancelBooking } from '../../../bookings/lifecycle.ts';
import { openDispute, releaseEarly } from '../../../money/escrow.ts';
import { completeBooking } from '../../../money/handover.ts';
import { assertSelfOrAdmin, currentSession } from '../../../plugins/auth.ts';
import { sendJson } from '../../../json-text.ts';
import { sendJsonPage } from '../../../pagination.ts';
import { bearerAuth, described, errorResponses, pageOf } from '../responses.ts';

/** Booking a product, reading one's bookings (the buyer's orders), and finishing a booking. */
const bookingRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/booking',
    {
      onRequest: app.authenticate,
      preHandler: async (request) => {
        await app.allowances.bookings.spend(request);
        // The note is the thread's first message to the seller.
        if (request.body.note) await app.allowances.messages.spend(request);
      },
      schema: {
        operationId: 'createBooking',
        tags: ['bookings'],
        summary: 'Book a product; name, image and price are taken from the listing',
        description:
          `At most 10 bookings a minute per user (429), and ${MAX_UNPAID_BOOKINGS} unpaid ones held at once (409). ` +
          'A `note` is the first message to the seller and spends one of the 20 messages a ' +
          'minute.',
        security: bearerAuth,
        body: bookingBodySchema,
        response: {
          201: described(bookingCreatedSchema, 'Booked; `_id` is the new booking'),
          ...errorResponses(400, 401, 403, 404, 409, 429),
        },
      },
    },
    async (request, reply) => {
      const id = await createBooking(app.db, app.jobs, currentSession(request).user, request.body);
      return reply.code(201).send({ success: true, message: messages.bookingCreated, _id: id });
    },
  );

  app.get(
    '/bookings',
    {
      onRequest: app.authenticate,
      schema: {
        operationId: 'listBookings',
        tags: ['bookings'],
        summary: "A buyer's bookings, newest first: one's own, or anyone's for an admin",
        security: bearerAuth,
        querystring: buyerBookingsQuerySchema,
        response: {
          200: pageOf(bookingSchema, "A page of the buyer's bookings, newest first"),
          ...errorResponses(400, 401, 403),
        },
      },
    },
    async (request, reply) => {
      const { email, productId, ...page } = request.query;
      const { user } = currentSession(request);
      assertSelfOrAdmin(user, email);
      const listed = await listBuyerBookings(app.db, email, productId, page);
      // Only the buyer sees the handover codes; an admin reading their orders does not.
      const shown =
        user.email === email.toLowerCase()
          ? listed
          : {
              ...listed,
              rows: listed.rows.map((row) => ({ ...row, json: withoutHandoverCode(row.json) })),
            };
      return sendJsonPage(request, reply, shown);
    },
  );

  app.get(
    '/booking/:id',
    {
      onRequest: app.authenticate,
      schema: {
        operationId: 'getBooking',
        tags: ['bookings'],
        summary: 'One booking, for its buyer or an admin',
        security: bearerAuth,
        params: idParamsSchema,
        response: {
          200: described(bookingSchema, 'The booking'),
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request, reply) =>
      sendJson(
        reply,
        await findBookingFor(app.db, currentSession(request).user, request.params.id),
      ),
  );

  app.post(
    '/bookings/:id/cancel',
    {
      onRequest: app.authenticate,
      schema: {
        operationId: 'cancelBooking',
        tags: ['bookings'],
        summary:
          'Cancel a booking: the buyer or the seller, before the handover; a paid booking is ' +
          'refunded and its product listed again',
        description:
          'An `unpaid` booking whose payment the provider took with no order recorded (the tab ' +
          'closed) is refunded too: the provider is asked in the same call.',
        security: bearerAuth,
        params: idParamsSchema,
        response: {
          200: described(
            bookingTransitionSchema,
            'Cancelled (or already was); `refundId` names the refund of a paid booking',
          ),
          ...errorResponses(400, 401, 403, 404, 409),
        },
      },
    },
    async (request) =>
      cancelBooking(
        app.db,
        app.payments,
        app.jobs,
        currentSession(request).user,
        request.params.id,
      ),
  );

  app.post(
    '/bookings/:id/complete',
    {
      onRequest: app.authenticate,
      schema: {
        operationId: 'completeBooking',
        tags: ['bookings'],
        summary: 'The buyer confirms the handover of a paid booking',
        security: bearerAuth,
        params: idParamsSchema,
        response: {
          200: described(bookingTransitionSchema, 'Completed (or already was)'),
          ...errorResponses(400, 401, 403, 404, 409),
        },
      },
    },
    async (request) =>
      completeBooking(
        app.db,
        app.jobs,
        app.config.money,
        currentSession(request).user,
        request.params.id,
      ),
  );

  app.post(
    '/bookings/:id/dispute',
    {
      onRequest: app.authenticate,
      schema: {
        operationId: 'openDispute',
        tags: ['money'],
        summary: 'The buyer complains about a handed-over item before `releaseAt`',
        description:
          'The money stays held until an admin decides; the complaint opens the booking’s thread ' +
          'to the admins and is its next message.',
        security: bearerAuth,
        params: idParamsSchema,
        body: disputeBodySchema,
        response: {
          201: described(bookingTransitionSchema, 'Complaint opened; `funds` is `disputed`'),
          ...errorResponses(400, 401, 403, 404, 409),
        },
      },
    },
    async (request, reply) => {
      const transition = await openDispute(
        app.escrow,
        currentSession(request).user,
        request.params.id,
        request.body,
      );
      return reply.code(201).send(transition);
    },
  );

  app.post(
    '/bookings/:id/release',
    {
      onRequest: app.authenticate,
      schema: {
        operationId: 'releaseFunds',
        tags: ['money'],
        summary: 'The buyer releases the held money to the seller before `releaseAt`',
        security: bearerAuth,
        params: idParamsSchema,
        response: {
          200: described(bookingTransitionSchema, 'Released (or already was)'),
          ...errorResponses(400, 401, 403, 404, 409),
        },
      },
    },
    async (request) => releaseEarly(app.escrow, currentSession(request).user, request.params.id),
  );
};

export default bookingRoutes;

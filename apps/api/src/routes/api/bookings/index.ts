import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  bookingBodySchema,
  bookingCreatedSchema,
  bookingSchema,
  emailQuerySchema,
  idParamsSchema,
  messages,
} from '@reloop/shared';
import {
  createBooking,
  findBookingFor,
  listBuyerBookings,
  toBookingJson,
} from '../../../bookings/bookings.ts';
import { assertSelfOrAdmin, currentSession } from '../../../plugins/auth.ts';
import { sendPage } from '../../../pagination.ts';
import { bearerAuth, described, errorResponses, pageOf } from '../responses.ts';

/** Booking a product and reading one's bookings (the buyer's orders). */
const bookingRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/booking',
    {
      onRequest: app.authenticate,
      schema: {
        operationId: 'createBooking',
        tags: ['bookings'],
        summary: 'Book a product; name, image and price are taken from the listing',
        security: bearerAuth,
        body: bookingBodySchema,
        response: {
          201: described(bookingCreatedSchema, 'Booked; `_id` is the new booking'),
          ...errorResponses(400, 401, 403, 404, 409),
        },
      },
    },
    async (request, reply) => {
      const id = await createBooking(app.db, currentSession(request).user, request.body);
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
        querystring: emailQuerySchema,
        response: {
          200: pageOf(bookingSchema, "A page of the buyer's bookings, newest first"),
          ...errorResponses(400, 401, 403),
        },
      },
    },
    async (request, reply) => {
      const { email, ...page } = request.query;
      assertSelfOrAdmin(currentSession(request).user, email);
      return sendPage(request, reply, await listBuyerBookings(app.db, email, page), toBookingJson);
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
    async (request) =>
      toBookingJson(await findBookingFor(app.db, currentSession(request).user, request.params.id)),
  );
};

export default bookingRoutes;

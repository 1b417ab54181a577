import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { messages } from '@reloop/shared';
import { parsePosition } from '../../../events/hub.ts';
import { HttpError } from '../../../http-errors.ts';
import { streamLiveEvents } from '../../../events/stream.ts';
import { currentSession } from '../../../plugins/auth.ts';
import { bearerAuth, described, errorResponses } from '../responses.ts';

const lastEventIdSchema = z
  .string()
  .refine((text) => parsePosition(text) !== undefined, 'must be the id of an event of this stream')
  .optional();

/** The signed-in user's live events as server-sent events (DESIGN §17). */
const eventRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/events',
    {
      onRequest: app.authenticate,
      schema: {
        operationId: 'streamEvents',
        tags: ['notifications'],
        summary:
          'Server-sent events as they happen: `message` (a message in one of your threads), ' +
          '`notification` (the bell changed), `booking` (one of your bookings or sales ' +
          'changed). Each has an id; reconnect with `Last-Event-ID` to get what was missed. ' +
          'A comment line every 15 s keeps the stream open; it ends when the session does.',
        security: bearerAuth,
        headers: z.object({ 'last-event-id': lastEventIdSchema }),
        response: {
          200: described(z.string(), 'A `text/event-stream` that stays open'),
          ...errorResponses(400, 401, 503),
        },
      },
    },
    async (request, reply) => {
      const { user, sessionId } = currentSession(request);
      const lastEventId = request.headers['last-event-id'];
      // Open only once events can reach it.
      await app.liveEvents.listening().catch(() => {
        throw new HttpError(503, messages.databaseUnavailable);
      });
      reply.hijack();
      // The security headers set so far go out as on every answer.
      for (const [name, value] of Object.entries(reply.getHeaders())) {
        if (value !== undefined) reply.raw.setHeader(name, value);
      }
      reply.raw.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        // Proxies that buffer (nginx) pass each event on at once.
        'x-accel-buffering': 'no',
      });
      await streamLiveEvents(app.liveEvents, reply.raw, {
        userId: user.id,
        sessionId,
        after: lastEventId ? parsePosition(lastEventId) : undefined,
      });
    },
  );
};

export default eventRoutes;

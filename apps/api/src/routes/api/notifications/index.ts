import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { acknowledgedSchema, notificationsSchema } from '@reloop/shared';
import { markNotificationsRead, notificationsJson } from '../../../bookings/notifications.ts';
import { sendJson } from '../../../json-text.ts';
import { currentSession } from '../../../plugins/auth.ts';
import { bearerAuth, described, errorResponses } from '../responses.ts';

/** The signed-in user's notifications and unread counts (the navbar polls this). */
const notificationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/notifications',
    {
      onRequest: app.authenticate,
      schema: {
        operationId: 'listNotifications',
        tags: ['notifications'],
        summary: 'Unread counts and the latest notifications, newest first',
        security: bearerAuth,
        response: {
          200: described(notificationsSchema, "The user's notifications"),
          ...errorResponses(401),
        },
      },
    },
    async (request, reply) =>
      sendJson(reply, await notificationsJson(app.db, currentSession(request).user.id)),
  );

  app.post(
    '/notifications/read',
    {
      onRequest: app.authenticate,
      schema: {
        operationId: 'markNotificationsRead',
        tags: ['notifications'],
        summary: 'Mark the notifications read (unread messages stay until their thread is read)',
        security: bearerAuth,
        response: {
          200: described(acknowledgedSchema, 'Marked read'),
          ...errorResponses(401),
        },
      },
    },
    async (request) => {
      await markNotificationsRead(app.db, currentSession(request).user.id);
      return { acknowledged: true as const };
    },
  );
};

export default notificationRoutes;

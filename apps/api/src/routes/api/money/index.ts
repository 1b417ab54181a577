import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  disputeResolutionBodySchema,
  disputeSchema,
  earningsSchema,
  idSchema,
  moneyOverviewSchema,
  paginationQuerySchema,
  payoutAccountSchema,
  payoutSetupSchema,
} from '@reloop/shared';
import { publicBaseUrl } from '../../../config.ts';
import { listDisputes, resolveDispute } from '../../../money/escrow.ts';
import { payoutAccountStatus, setUpPayouts } from '../../../money/payouts.ts';
import { moneyOverview, sellerEarnings } from '../../../money/reports.ts';
import { sendPage } from '../../../pagination.ts';
import { currentSession } from '../../../plugins/auth.ts';
import { bearerAuth, described, errorResponses, pageOf } from '../responses.ts';

/**
 * Money after the sale (DESIGN §15): the admins' complaints and overview, the seller's payout
 * account and earnings. The buyer's calls (complain, release) and the seller's handover code
 * live with the bookings and sales they act on.
 */
const moneyRoutes: FastifyPluginAsyncZod = async (app) => {
  const admin = app.requireRole('admin');
  const seller = app.requireRole('seller');

  app.get(
    '/disputes',
    {
      onRequest: admin,
      schema: {
        operationId: 'listDisputes',
        tags: ['money'],
        summary: 'Complaints: open ones first, newest first within each',
        security: bearerAuth,
        querystring: paginationQuerySchema,
        response: {
          200: pageOf(disputeSchema, 'A page of complaints'),
          ...errorResponses(400, 401, 403),
        },
      },
    },
    async (request, reply) => {
      const page = await listDisputes(app.db, request.query);
      return sendPage(request, reply, page, ({ id: _id, ...dispute }) => dispute);
    },
  );

  app.post(
    '/disputes/:bookingId/resolve',
    {
      onRequest: admin,
      schema: {
        operationId: 'resolveDispute',
        tags: ['money'],
        summary: 'An admin decides a complaint: refund, release, or split with `refundCents`',
        description:
          'Once per complaint. The refund goes through the provider with an idempotency key; the ' +
          'rest is released to the seller. The same decision again answers the same; another is 409.',
        security: bearerAuth,
        params: z.object({ bookingId: idSchema }),
        body: disputeResolutionBodySchema,
        response: {
          200: described(disputeSchema, 'The complaint, resolved'),
          ...errorResponses(400, 401, 403, 404, 409),
        },
      },
    },
    async (request) =>
      resolveDispute(
        app.escrow,
        currentSession(request).user,
        request.params.bookingId,
        request.body,
      ),
  );

  app.post(
    '/payouts/account',
    {
      onRequest: seller,
      schema: {
        operationId: 'setUpPayouts',
        tags: ['money'],
        summary: "Set up the seller's payout account; `url` is where to go next",
        description:
          'With Stripe, a Connect Express account and its onboarding link; with the test provider, ' +
          'an account that is enabled at once, and `url` leads back to /dashboard/earnings.',
        security: bearerAuth,
        response: {
          200: described(payoutSetupSchema, 'Where the seller goes next'),
          ...errorResponses(401, 403),
        },
      },
    },
    async (request) =>
      setUpPayouts(
        app.escrow,
        currentSession(request).user,
        `${publicBaseUrl(app.config, app.server.address())}/dashboard/earnings`,
      ),
  );

  app.get(
    '/payouts/account',
    {
      onRequest: seller,
      schema: {
        operationId: 'getPayoutAccount',
        tags: ['money'],
        summary: "Whether the seller's payout account is set up",
        security: bearerAuth,
        response: {
          200: described(payoutAccountSchema, 'none, pending (details missing) or enabled'),
          ...errorResponses(401, 403),
        },
      },
    },
    async (request) => ({
      status: await payoutAccountStatus(app.db, currentSession(request).user.id),
    }),
  );

  app.get(
    '/earnings',
    {
      onRequest: seller,
      schema: {
        operationId: 'getEarnings',
        tags: ['money'],
        summary:
          "The seller's money: held, available, paid out, fees, the latest payouts, by month",
        security: bearerAuth,
        response: {
          200: described(earningsSchema, "The seller's earnings"),
          ...errorResponses(401, 403),
        },
      },
    },
    async (request) => sellerEarnings(app.db, currentSession(request).user.id),
  );

  app.get(
    '/admin/money',
    {
      onRequest: admin,
      schema: {
        operationId: 'getMoneyOverview',
        tags: ['money'],
        summary: 'The marketplace’s money: held now, released, refunded, fees, and by day',
        security: bearerAuth,
        response: {
          200: described(moneyOverviewSchema, 'Totals and the last days'),
          ...errorResponses(401, 403),
        },
      },
    },
    async () => moneyOverview(app.db),
  );
};

export default moneyRoutes;

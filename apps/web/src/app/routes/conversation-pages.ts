import * as conversations from '../../features/messages/routes/conversations-page.tsx';

/**
 * The conversations by their paths: one page, for a booking's buyer, its seller and an admin
 * judging a report, which tells them apart by the route.
 */
export const pages = {
  'orders/:orderId/messages': conversations,
  'sales/:saleId/messages': conversations,
  'report/:productId/threads/:bookingId?': conversations,
};

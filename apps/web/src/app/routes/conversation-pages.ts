import * as complaints from '../../features/messages/routes/complaints-page.tsx';
import * as conversations from '../../features/messages/routes/conversations-page.tsx';
import * as questions from '../../features/messages/routes/questions-page.tsx';

/**
 * The pages built around a booking's conversation by their paths: the conversation of its buyer,
 * of its seller and of an admin judging a report (one page, which tells them apart by the route),
 * and the admins' complaints, which show the conversation beside each; and the conversations
 * before booking, listed and one by one, which show the same parts. One chunk holds them and
 * the conversation's parts they share: a chunk of those parts alone would cost the first bundle
 * its name in both pages' preload lists.
 */
export const pages = {
  'orders/:orderId/messages': conversations,
  'sales/:saleId/messages': conversations,
  'report/:productId/threads/:bookingId?': conversations,
  'complaints/:bookingId?': complaints,
  'questions/:id?': questions,
};

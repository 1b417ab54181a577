import * as buyers from '../../features/admin/routes/all-buyers-page.tsx';
import * as sellers from '../../features/admin/routes/all-sellers-page.tsx';
import * as audit from '../../features/admin/routes/audit-log-page.tsx';
import * as orders from '../../features/admin/routes/orders-page.tsx';
import * as report from '../../features/admin/routes/reported-products-page.tsx';
import * as reportedReviews from '../../features/admin/routes/reported-reviews-page.tsx';
import * as users from '../../features/admin/routes/users-page.tsx';
import * as verificationRequests from '../../features/admin/routes/verification-requests-page.tsx';

/**
 * The admins' pages by their paths — users, sellers, buyers, reported products and reviews,
 * verification requests, the audit log and the orders lookup — in one chunk: only admins open
 * them, and each lazily loaded chunk costs every visitor's first bundle its name and preload
 * list.
 */
export const pages = {
  users,
  sellers,
  buyers,
  report,
  'reported-reviews': reportedReviews,
  requests: verificationRequests,
  audit,
  bookings: orders,
};

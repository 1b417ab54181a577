import * as buyers from '../../features/admin/routes/all-buyers-page.tsx';
import * as sellers from '../../features/admin/routes/all-sellers-page.tsx';
import * as report from '../../features/admin/routes/reported-products-page.tsx';
import * as reportedReviews from '../../features/admin/routes/reported-reviews-page.tsx';

/**
 * The admins' lists by their paths — sellers, buyers, reported products and reported reviews —
 * in one chunk: only admins open them, and each lazily loaded chunk costs every visitor's first
 * bundle its name and preload list.
 */
export const pages = { sellers, buyers, report, 'reported-reviews': reportedReviews };

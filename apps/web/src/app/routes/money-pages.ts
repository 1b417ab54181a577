import * as money from '../../features/admin/routes/money-page.tsx';
import * as earnings from '../../features/earnings/routes/earnings-page.tsx';

/**
 * The pages of the money after a sale by their paths, the seller's /dashboard/earnings and the
 * admins' /dashboard/money, in one chunk with the chart and the totals they share: each lazily
 * loaded chunk costs the first bundle its name and preload list, and these pages are seldom
 * opened.
 */
export const pages = { earnings, money };

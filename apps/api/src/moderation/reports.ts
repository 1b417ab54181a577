import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import {
  moderationMessages,
  OWN_REPORTS_LISTED,
  type ListingReports,
  type OwnReports,
  type Pagination,
  type ProductReportBody,
  type ReportedProduct,
} from '@reloop/shared';
import type { Database } from '../db/client.ts';
import { isoTime, jsonWithStoredMembers } from '../db/json.ts';
import { preparedPerDatabase } from '../db/prepared.ts';
import { productReports, products } from '../db/schema.ts';
import { HttpError } from '../http-errors.ts';
import type { UserRow } from '../identity/accounts.ts';
import { readPage, type JsonRow, type Page } from '../pagination.ts';
import {
  findVisibleProduct,
  listingExists,
  listingList,
  ownerListingFields,
  type StoredListing,
} from '../products/products.ts';
import { recordAdminAction } from './audit.ts';

/**
 * Reports of listings (DESIGN §19): one per user and listing, with an optional reason and a few
 * words. `products.reported` says a listing has open reports, so the admin's list is a range of
 * its partial index; dismissing closes them and clears the mark, deleting the listing (the
 * spec's call) takes it off the list with the listing.
 */
export async function reportListing(
  db: Database,
  user: UserRow,
  productId: string,
  body: ProductReportBody | undefined,
): Promise<void> {
  await db.transaction(async (tx) => {
    const product = await findVisibleProduct(tx, productId, 'share');
    if (product.sellerId === user.id) throw new HttpError(403, moderationMessages.ownListingReport);
    const [report] = await tx
      .insert(productReports)
      .values({
        productId,
        reporterId: user.id,
        reason: body?.reason ?? null,
        text: body?.text ?? '',
      })
      .onConflictDoNothing()
      .returning({ id: productReports.id });
    if (!report) throw new HttpError(409, moderationMessages.alreadyReported);
    if (!product.reported) {
      await tx.update(products).set({ reported: true }).where(eq(products.id, productId));
    }
  });
}

/**
 * The listings `user` reported, newest report first, those deleted since left out: a user's
 * report buttons read "reported" on these (the listing's own `report` says whether anyone did).
 */
export async function ownReports(db: Database, user: UserRow): Promise<OwnReports> {
  const rows = await db
    .select({ productId: productReports.productId })
    .from(productReports)
    .innerJoin(products, eq(products.id, productReports.productId))
    .where(and(eq(productReports.reporterId, user.id), listingExists))
    .orderBy(desc(productReports.createdAt))
    .limit(OWN_REPORTS_LISTED);
  return { productIds: rows.map((row) => row.productId) };
}

/** `POST /api/reported/products/:id/dismiss`: the listing stays; its open reports are closed. */
export async function dismissReports(db: Database, admin: UserRow, productId: string) {
  await db.transaction(async (tx) => {
    const product = await findVisibleProduct(tx, productId, 'update');
    const dismissed = await tx
      .update(productReports)
      .set({ dismissedAt: sql`now()` })
      .where(and(eq(productReports.productId, productId), isNull(productReports.dismissedAt)))
      .returning({ reason: productReports.reason });
    await tx.update(products).set({ reported: false }).where(eq(products.id, productId));
    await recordAdminAction(tx, admin, {
      action: 'dismiss_report',
      target: { type: 'listing', id: productId, label: product.name },
      changes: { reportsDismissed: dismissed.length },
    });
  });
}

const openReports = sql`${productReports.productId} = ${products.id} and ${productReports.dismissedAt} is null`;

/**
 * A listing's open reports, summed up: from product_reports_open_idx, for the 24 rows of a page.
 * Null for a listing marked reported before reports had rows.
 */
const reportsSummary = sql<ListingReports | null>`(
  select case when count(*) = 0 then null else json_build_object(
    'count', count(*),
    'reasons', (
      select json_agg(json_build_object('reason', reason, 'count', reports) order by reports desc, reason)
      from (
        select ${productReports.reason} as reason, count(*) as reports from ${productReports}
        where ${openReports} group by ${productReports.reason}
      ) by_reason
    ),
    'texts', (
      select coalesce(json_agg(text order by created_at desc), '[]') from (
        select ${productReports.text} as text, ${productReports.createdAt} as created_at
        from ${productReports}
        where ${openReports} and ${productReports.text} <> ''
        order by ${productReports.createdAt} desc limit 5
      ) latest
    ),
    'firstReportedAt', ${isoTime(sql`min(${productReports.createdAt})`)},
    'lastReportedAt', ${isoTime(sql`max(${productReports.createdAt})`)}
  ) end
  from ${productReports} where ${openReports}
)`;

const reportedListingJson = jsonWithStoredMembers<ReportedProduct, StoredListing>(
  products.listingJsonMembers,
  { ...ownerListingFields, reports: reportsSummary },
);

/** Listings with open reports, newest listing first (products_reported_listing_idx). */
const reportedList = preparedPerDatabase((db) =>
  listingList(
    db,
    'products_reported_listing',
    reportedListingJson,
    and(listingExists, eq(products.reported, true).inlineParams()),
  ),
);

export const listReportedProducts = (
  db: Database,
  page: Pagination,
): Promise<Page<JsonRow<ReportedProduct>>> => readPage(reportedList(db), {}, page);

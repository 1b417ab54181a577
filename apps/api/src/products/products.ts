import { and, desc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import {
  messages,
  productBodySchema,
  type Listing,
  type Pagination,
  type Product,
  type ProductDetail,
  type productPatchSchema,
} from '@reloop/shared';
import type { z } from 'zod';
import type { Database } from '../db/client.ts';
import { preparedPerDatabase } from '../db/prepared.ts';
import { isoTime, jsonWithStoredMembers, type JsonText } from '../db/json.ts';
import { products, users } from '../db/schema.ts';
import { HttpError } from '../http-errors.ts';
import { accountIdByEmail, type UserRow } from '../identity/accounts.ts';
import type { JobQueue } from '../jobs/queue.ts';
import { keysetStatements, readPage, type JsonRow, type Page } from '../pagination.ts';
import { sellerRatingSummary } from '../reviews/fields.ts';
import { recordAdminAction } from '../moderation/audit.ts';
import type { CategoryCatalog } from './categories.ts';
import { listingChanged, repricing } from './listing-changes.ts';

/**
 * Listings: what buyers may see, what sellers manage, what admins moderate. A listing exists
 * while its row has no deleted_at (set when it or its seller is deleted) and is for sale while
 * it is also unsold; lists filter on products alone and join users only for the seller's name.
 */
type ProductRow = typeof products.$inferSelect;
type ProductFields = z.output<typeof productBodySchema>;

/** What products.listing_json_members holds (the trigger of migrations 0007 and 0008 writes it). */
export type StoredListing = Omit<Listing, 'sellerName' | 'sellerRating'>;

/** A listing as anyone may see it (the Listing schema): its stored members and its seller's name. */
export const publicListingJson = jsonWithStoredMembers<Listing, StoredListing>(
  products.listingJsonMembers,
  { sellerName: users.name, sellerRating: sellerRatingSummary },
);
export type PublicListing = JsonRow<Listing>;

/** What a listing adds to its stored members for its seller and the admins: the seller's contact. */
export const ownerListingFields = {
  sellerName: users.name,
  sellerRating: sellerRatingSummary,
  mobile: products.phone,
  sellerEmail: users.email,
};

/** A listing as its seller and the admins see it (the Product schema): with the seller's contact. */
const ownerListingJson = jsonWithStoredMembers<Product, StoredListing>(
  products.listingJsonMembers,
  ownerListingFields,
);
export type ListedProduct = JsonRow<Product>;

/**
 * Listings with their seller, each as its id (a list's cursor) and the JSON `json` writes;
 * a list, search and the listing page add which ones and in what order.
 */
export const listings = <Json>(db: Database, json: SQL<JsonText<Json>>) =>
  db
    .select({ id: products.id, json })
    .from(products)
    .innerJoin(users, eq(users.id, products.sellerId));

/**
 * Listings a buyer may see: not deleted (nor its seller), not sold, its seller not suspended
 * (constants, for the plans; the partial indexes' predicates leave the rare suspended seller's
 * rows to a filter).
 */
const sellerNotSuspended = eq(products.sellerSuspended, false).inlineParams();

export const forSale = and(
  isNull(products.deletedAt),
  eq(products.status, 'unsold').inlineParams(),
  sellerNotSuspended,
);

export const toCents = (dollars: number): number => Math.round(dollars * 100);
export const toDollars = (cents: number): number => cents / 100;

/** A listing that still exists: neither it nor its seller deleted (sold ones included). */
export const listingExists = isNull(products.deletedAt);

/** A listing that exists and that a buyer may book: its seller is not suspended. */
export const listingShown = and(listingExists, sellerNotSuspended);

/** A newest-first list of listings: `where` matches the partial index `<name>_idx` in schema.ts. */
export const listingList = <Json>(
  db: Database,
  name: string,
  json: SQL<JsonText<Json>>,
  where: SQL | undefined,
) =>
  keysetStatements(name, products, products, (position, limit) =>
    listings(db, json)
      .where(and(where, position))
      .orderBy(desc(products.createdAt), desc(products.id))
      .limit(limit),
  );

/** Each list's statements. */
const productLists = preparedPerDatabase((db) => {
  const list = <Json>(name: string, json: SQL<JsonText<Json>>, where: SQL | undefined) =>
    listingList(db, name, json, where);
  return {
    category: list(
      'products_category_listing',
      publicListingJson,
      and(forSale, eq(products.categoryId, sql.placeholder('categoryId'))),
    ),
    advertised: list(
      'products_advertised_listing',
      publicListingJson,
      and(forSale, eq(products.advertised, true).inlineParams()),
    ),
    seller: list(
      'products_seller_listing',
      ownerListingJson,
      and(listingExists, eq(products.sellerId, accountIdByEmail(db, 'sellerEmail'))),
    ),
  };
});

export async function listCategoryProducts(
  db: Database,
  catalog: CategoryCatalog,
  categoryId: string,
  page: Pagination,
): Promise<Page<PublicListing>> {
  await catalog.assertExists(categoryId, 404);
  return readPage(productLists(db).category, { categoryId }, page);
}

export const listAdvertisedProducts = (db: Database, page: Pagination) =>
  readPage(productLists(db).advertised, {}, page);

/** A seller's own listings, sold ones included, deleted ones not. */
export const listSellerProducts = (db: Database, sellerEmail: string, page: Pagination) =>
  readPage(productLists(db).seller, { sellerEmail: sellerEmail.toLowerCase() }, page);

/**
 * The seller's row is locked (shared) while the listing goes in, so a deletion of the seller,
 * which marks all their products deleted, either waits for it and includes it, or comes first
 * and the listing is refused. Saved searches it matches are told of it (listing-changes.ts).
 */
export async function createProduct(
  db: Database,
  catalog: CategoryCatalog,
  jobs: JobQueue,
  seller: UserRow,
  body: ProductFields,
): Promise<string> {
  await catalog.assertExists(body.categoryId, 400);
  return db.transaction(async (tx) => {
    const [active] = await tx
      .select({ id: users.id, verified: users.verified })
      .from(users)
      .where(and(eq(users.id, seller.id), isNull(users.deletedAt)))
      .for('share');
    if (!active) throw new HttpError(401, messages.invalidToken);
    const [created] = await tx
      .insert(products)
      .values({
        sellerId: seller.id,
        sellerVerified: active.verified,
        ...productColumns(body),
      })
      .returning({ id: products.id });
    if (!created) throw new Error('insert returned no row');
    await listingChanged(tx, jobs, created.id, 'listed');
    return created.id;
  });
}

/** A listing's columns from its fields; `photos` from `imgUrl` alone for old clients. */
function productColumns(body: ProductFields) {
  const photos = body.photos ?? [body.imgUrl as string];
  return {
    categoryId: body.categoryId,
    name: body.name,
    image: photos[0] as string,
    photos,
    resalePriceCents: toCents(body.resalePrice),
    originalPriceCents: toCents(body.originalPrice),
    location: body.location,
    phone: body.mobile,
    yearOfPurchase: body.yearOfUse,
    condition: body.condition,
    description: body.description,
    model: body.model,
    cpu: body.cpu,
    ramGb: body.ramGb,
    storageGb: body.storageGb,
    screenInches: body.screenInches,
    batteryHealth: body.batteryHealth ?? null,
  };
}

/** A stored listing as the fields a seller sends, so an edit can be checked as a whole listing. */
function productFields(row: ProductRow) {
  return {
    name: row.name,
    photos: row.photos,
    resalePrice: toDollars(row.resalePriceCents),
    originalPrice: toDollars(row.originalPriceCents),
    location: row.location,
    mobile: row.phone,
    yearOfUse: row.yearOfPurchase,
    condition: row.condition,
    categoryId: row.categoryId,
    description: row.description,
    model: row.model ?? undefined,
    cpu: row.cpu ?? undefined,
    ramGb: row.ramGb ?? undefined,
    storageGb: row.storageGb ?? undefined,
    screenInches: row.screenInches ?? undefined,
    batteryHealth: row.batteryHealth,
  };
}

/**
 * A seller's edit of their own unsold listing. The row is locked while the edit is checked as
 * the whole listing it makes (so the grade and battery rules hold across fields) and written;
 * a sale or delete of the same product waits for it. Bookings keep the price they were made at.
 * A new price is news to saved searches and, when lower, to the listing's watchers.
 */
export async function updateProduct(
  db: Database,
  catalog: CategoryCatalog,
  jobs: JobQueue,
  seller: UserRow,
  id: string,
  patch: z.output<typeof productPatchSchema>,
): Promise<void> {
  if (patch.categoryId) await catalog.assertExists(patch.categoryId, 400);
  await db.transaction(async (tx) => {
    const product = await findVisibleProduct(tx, id, 'update');
    assertOwner(product, seller);
    if (product.status === 'sold') throw new HttpError(409, messages.productSold);
    const { imgUrl, ...changes } = patch;
    const current = productFields(product);
    // An old client's new cover replaces the first photo and keeps the others.
    const photos =
      changes.photos ?? (imgUrl ? [imgUrl, ...current.photos.slice(1)] : current.photos);
    const edited = productBodySchema.safeParse({ ...current, ...changes, photos });
    if (!edited.success) {
      throw new HttpError(
        400,
        messages.invalidRequest,
        {},
        {
          errors: edited.error.issues.map((issue) => ({
            path: ['body', ...issue.path].join('.'),
            message: issue.message,
          })),
        },
      );
    }
    const columns = productColumns(edited.data);
    await tx.update(products).set(columns).where(eq(products.id, id));
    const change = repricing(product.resalePriceCents, columns.resalePriceCents);
    if (change) await listingChanged(tx, jobs, id, change);
  });
}

/**
 * One listing for its page, sold ones included; undefined when deleted or unknown. The seller's
 * contact details only for `viewer` when that is the listing's seller or an admin.
 */
export async function findListing(
  db: Database,
  id: string,
  viewer?: UserRow | null,
): Promise<JsonText<ProductDetail> | undefined> {
  const [row] = await productDetails(db).execute({
    id,
    viewerId: viewer?.id ?? null,
    viewerIsAdmin: viewer?.role === 'admin',
  });
  return row?.json;
}

/** The seller's contact as JSON members, when the viewer is the seller or an admin. */
const contactMembers = sql`case when ${users.id} = ${sql.placeholder('viewerId')}::uuid
  or ${sql.placeholder('viewerIsAdmin')}::boolean
  then ',"mobile":' || to_json(${products.phone})::text || ',"sellerEmail":' || to_json(${users.email})::text
  else '' end`;

const productDetails = preparedPerDatabase((db) => {
  const page = jsonWithStoredMembers<Omit<ProductDetail, 'mobile' | 'sellerEmail'>, StoredListing>(
    products.listingJsonMembers,
    {
      sellerName: users.name,
      sellerRating: sellerRatingSummary,
      sellerId: users.id,
      sellerSince: isoTime(users.createdAt),
    },
  );
  // The contact members go before the closing brace that `page` ends with.
  const json = sql<JsonText<ProductDetail>>`left(${page}, -1) || ${contactMembers} || '}'`;
  // A suspended seller's listing is shown to them and the admins only.
  const shown = sql`(not ${products.sellerSuspended} or ${users.id} = ${sql.placeholder('viewerId')}::uuid or ${sql.placeholder('viewerIsAdmin')}::boolean)`;
  return listings(db, json)
    .where(and(listingExists, shown, eq(products.id, sql.placeholder('id'))))
    .prepare('products_listing_page');
});

/**
 * A listing that still exists (neither it nor its seller deleted), or undefined. Inside a
 * transaction, `lock` locks the product row until it ends, so a sale, a booking or a delete of
 * the same product waits for it.
 */
export async function findExistingProduct(
  db: Database,
  id: string,
  lock?: 'update' | 'share',
): Promise<ProductRow | undefined> {
  const query = db
    .select()
    .from(products)
    .where(and(listingExists, eq(products.id, id)));
  const [row] = await (lock ? query.for(lock) : query);
  return row;
}

/** A listing that still exists, for any change to it; 404 otherwise. */
export async function findVisibleProduct(
  db: Database,
  id: string,
  lock?: 'update' | 'share',
): Promise<ProductRow> {
  const product = await findExistingProduct(db, id, lock);
  if (!product) throw new HttpError(404, messages.productNotFound);
  return product;
}

function assertOwner(product: ProductRow, user: UserRow): void {
  if (product.sellerId !== user.id) throw new HttpError(403, messages.forbidden);
}

export async function advertiseProduct(db: Database, seller: UserRow, id: string): Promise<void> {
  const product = await findVisibleProduct(db, id);
  assertOwner(product, seller);
  // The conditions are repeated in the update: the product may be sold or deleted meanwhile.
  const advertised = await db
    .update(products)
    .set({ advertised: true })
    .where(and(eq(products.id, id), eq(products.status, 'unsold'), isNull(products.deletedAt)))
    .returning({ id: products.id });
  if (advertised.length === 0) throw new HttpError(409, messages.onlyUnsoldAdvertised);
}

/** Soft delete by the owning seller or an admin; bookings and orders keep their snapshot. */
export async function deleteProduct(db: Database, user: UserRow, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const product = await findVisibleProduct(tx, id, 'update');
    if (user.role !== 'admin') assertOwner(product, user);
    await tx.update(products).set({ deletedAt: new Date() }).where(eq(products.id, id));
    if (user.role === 'admin') {
      await recordAdminAction(tx, user, {
        action: 'delete_listing',
        target: { type: 'listing', id, label: product.name },
        changes: { reported: product.reported },
      });
    }
  });
}

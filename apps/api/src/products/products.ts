import { and, desc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import { messages, type Pagination, type Product, type productBodySchema } from '@reloop/shared';
import type { z } from 'zod';
import type { Database } from '../db/client.ts';
import { preparedPerDatabase } from '../db/prepared.ts';
import { products, users } from '../db/schema.ts';
import { HttpError } from '../http-errors.ts';
import { accountIdByEmail, type UserRow } from '../identity/accounts.ts';
import { keysetStatements, limitPlaceholder, readPage, type Page } from '../pagination.ts';
import type { CategoryCatalog } from './categories.ts';

/**
 * Listings: what buyers may see, what sellers manage, what admins moderate. A listing exists
 * while its row has no deleted_at (set when it or its seller is deleted) and is for sale while
 * it is also unsold; lists filter on products alone and join users only for the seller's name.
 */
type ProductRow = typeof products.$inferSelect;

/** What a list returns of a product and its seller: no more than the JSON needs. */
const listedColumns = {
  product: {
    id: products.id,
    name: products.name,
    image: products.image,
    resalePriceCents: products.resalePriceCents,
    originalPriceCents: products.originalPriceCents,
    location: products.location,
    phone: products.phone,
    yearOfPurchase: products.yearOfPurchase,
    condition: products.condition,
    categoryId: products.categoryId,
    description: products.description,
    status: products.status,
    advertised: products.advertised,
    reported: products.reported,
    createdAt: products.createdAt,
  },
  seller: { name: users.name, email: users.email, verified: users.verified },
};
export interface ListedProduct {
  product: Pick<ProductRow, keyof typeof listedColumns.product>;
  seller: Pick<UserRow, 'name' | 'email' | 'verified'>;
}

export const toCents = (dollars: number): number => Math.round(dollars * 100);
export const toDollars = (cents: number): number => cents / 100;

const exists = isNull(products.deletedAt);
const forSale = and(exists, eq(products.status, 'unsold'));

/** Each list's statements; each filter matches the partial index of the same name in schema.ts. */
const productLists = preparedPerDatabase((db) => {
  const list = (name: string, where: SQL | undefined) =>
    keysetStatements(name, products, products, (position) =>
      db
        .select(listedColumns)
        .from(products)
        .innerJoin(users, eq(users.id, products.sellerId))
        .where(and(where, position))
        .orderBy(desc(products.createdAt), desc(products.id))
        .limit(limitPlaceholder),
    );
  return {
    category: list(
      'products_category_listing',
      and(forSale, eq(products.categoryId, sql.placeholder('categoryId'))),
    ),
    advertised: list('products_advertised_listing', and(forSale, eq(products.advertised, true))),
    reported: list('products_reported_listing', and(exists, eq(products.reported, true))),
    seller: list(
      'products_seller_listing',
      and(exists, eq(products.sellerId, accountIdByEmail(db, 'sellerEmail'))),
    ),
  };
});

const listedProductId = (row: ListedProduct) => row.product.id;

export async function listCategoryProducts(
  db: Database,
  catalog: CategoryCatalog,
  categoryId: string,
  page: Pagination,
): Promise<Page<ListedProduct>> {
  await catalog.assertExists(categoryId, 404);
  return readPage(productLists(db).category, { categoryId }, page, listedProductId);
}

export const listAdvertisedProducts = (db: Database, page: Pagination) =>
  readPage(productLists(db).advertised, {}, page, listedProductId);

export const listReportedProducts = (db: Database, page: Pagination) =>
  readPage(productLists(db).reported, {}, page, listedProductId);

/** A seller's own listings, sold ones included, deleted ones not. */
export const listSellerProducts = (db: Database, sellerEmail: string, page: Pagination) =>
  readPage(
    productLists(db).seller,
    { sellerEmail: sellerEmail.toLowerCase() },
    page,
    listedProductId,
  );

/**
 * The seller's row is locked (shared) while the listing goes in, so a deletion of the seller,
 * which marks all their products deleted, either waits for it and includes it, or comes first
 * and the listing is refused.
 */
export async function createProduct(
  db: Database,
  catalog: CategoryCatalog,
  seller: UserRow,
  body: z.output<typeof productBodySchema>,
): Promise<string> {
  await catalog.assertExists(body.categoryId, 400);
  return db.transaction(async (tx) => {
    const [active] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.id, seller.id), isNull(users.deletedAt)))
      .for('share');
    if (!active) throw new HttpError(401, messages.invalidToken);
    const [created] = await tx
      .insert(products)
      .values({
        sellerId: seller.id,
        categoryId: body.categoryId,
        name: body.name,
        image: body.imgUrl,
        resalePriceCents: toCents(body.resalePrice),
        originalPriceCents: toCents(body.originalPrice),
        location: body.location,
        phone: body.mobile,
        yearOfPurchase: body.yearOfUse,
        condition: body.condition,
        description: body.description,
      })
      .returning({ id: products.id });
    if (!created) throw new Error('insert returned no row');
    return created.id;
  });
}

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
    .where(and(exists, eq(products.id, id)));
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
  const product = await findVisibleProduct(db, id);
  if (user.role !== 'admin') assertOwner(product, user);
  await db.update(products).set({ deletedAt: new Date() }).where(eq(products.id, id));
}

export async function reportProduct(db: Database, id: string): Promise<void> {
  await findVisibleProduct(db, id);
  await db.update(products).set({ reported: true }).where(eq(products.id, id));
}

export function toProductJson({ product, seller }: ListedProduct): Product {
  return {
    _id: product.id,
    name: product.name,
    imgUrl: product.image,
    resalePrice: toDollars(product.resalePriceCents),
    originalPrice: toDollars(product.originalPriceCents),
    location: product.location,
    mobile: product.phone,
    yearOfUse: product.yearOfPurchase,
    condition: product.condition,
    categoryId: product.categoryId,
    description: product.description,
    sellerName: seller.name,
    sellerEmail: seller.email,
    sellerVerified: seller.verified,
    status: product.status,
    advertise: product.advertised,
    report: product.reported,
    timeWhenPost: product.createdAt.toISOString(),
  };
}

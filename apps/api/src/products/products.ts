import { and, asc, count, desc, eq, isNull, type SQL } from 'drizzle-orm';
import {
  messages,
  type Category,
  type Pagination,
  type Product,
  type productBodySchema,
} from '@reloop/shared';
import type { z } from 'zod';
import type { Database } from '../db/client.ts';
import { categories, products, users } from '../db/schema.ts';
import { HttpError } from '../http-errors.ts';
import type { UserRow } from '../identity/accounts.ts';
import type { Page } from '../pagination.ts';

/**
 * Listings: what buyers may see, what sellers manage, what admins moderate. A listing is
 * public only while it is unsold, not deleted, and its seller is not deleted.
 */
type ProductRow = typeof products.$inferSelect;
export interface ListedProduct {
  product: ProductRow;
  seller: Pick<UserRow, 'name' | 'email' | 'verified'>;
}

export const toCents = (dollars: number): number => Math.round(dollars * 100);
export const toDollars = (cents: number): number => cents / 100;

export async function listCategories(db: Database): Promise<Category[]> {
  const rows = await db.select().from(categories).orderBy(asc(categories.position));
  return rows.map((row) => ({ _id: row.id, category: row.name, image: row.image }));
}

const visible = and(isNull(products.deletedAt), isNull(users.deletedAt));
const forSale = and(visible, eq(products.status, 'unsold'));

async function listProducts(db: Database, where: SQL | undefined, page: Pagination) {
  const base = () =>
    db.select().from(products).innerJoin(users, eq(users.id, products.sellerId)).where(where);
  const [rows, [counted]] = await Promise.all([
    base()
      .orderBy(desc(products.createdAt), desc(products.id))
      .limit(page.limit)
      .offset(page.offset),
    db
      .select({ total: count() })
      .from(products)
      .innerJoin(users, eq(users.id, products.sellerId))
      .where(where),
  ]);
  return {
    rows: rows.map((row) => ({ product: row.products, seller: row.users })),
    total: counted?.total ?? 0,
  };
}

export async function listCategoryProducts(
  db: Database,
  categoryId: string,
  page: Pagination,
): Promise<Page<ListedProduct>> {
  const [category] = await db.select().from(categories).where(eq(categories.id, categoryId));
  if (!category) throw new HttpError(404, messages.categoryNotFound);
  return listProducts(db, and(forSale, eq(products.categoryId, categoryId)), page);
}

export const listAdvertisedProducts = (db: Database, page: Pagination) =>
  listProducts(db, and(forSale, eq(products.advertised, true)), page);

export const listReportedProducts = (db: Database, page: Pagination) =>
  listProducts(db, and(visible, eq(products.reported, true)), page);

/** A seller's own listings, sold ones included, deleted ones not. */
export const listSellerProducts = (db: Database, sellerEmail: string, page: Pagination) =>
  listProducts(db, and(visible, eq(users.email, sellerEmail.toLowerCase())), page);

export async function createProduct(
  db: Database,
  seller: UserRow,
  body: z.output<typeof productBodySchema>,
): Promise<string> {
  const [category] = await db.select().from(categories).where(eq(categories.id, body.categoryId));
  if (!category) throw new HttpError(400, messages.categoryNotFound);
  const [created] = await db
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
}

/**
 * A listing that still exists (not deleted, seller not deleted), or undefined. Inside a
 * transaction, `lock` locks the product row (not the seller's) until it ends, so a sale, a
 * booking or a delete of the same product waits for it.
 */
export async function findExistingProduct(
  db: Database,
  id: string,
  lock?: 'update' | 'share',
): Promise<ProductRow | undefined> {
  const query = db
    .select({ product: products })
    .from(products)
    .innerJoin(users, eq(users.id, products.sellerId))
    .where(and(visible, eq(products.id, id)));
  const [row] = await (lock ? query.for(lock, { of: products }) : query);
  return row?.product;
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

// Start-up data: the categories every install needs, the configured admin, and (unless
// SEED_DEMO=false) demo accounts with listings so a fresh install has something to explore.
// Every step is idempotent, so it runs on each start.
import { readFile } from 'node:fs/promises';
import { inArray, isNull, sql } from 'drizzle-orm';
import type { Role } from '@reloop/shared';
import type { Database } from '../db/client.ts';
import { categories as categoriesTable, products, users } from '../db/schema.ts';
import { hashPassword } from '../identity/passwords.ts';
import { saveWithVariants, type ImageStore } from '../images/storage.ts';
import { seedImagesDir } from '../paths.ts';
import {
  IMAGE_VARIANT_FORMATS,
  IMAGE_VARIANT_WIDTHS,
  imageVariantName,
} from '@reloop/shared/image-variants';
import { categories, demoListings, photoFiles } from './catalog.ts';

export interface DemoAccount {
  role: Role;
  email: string;
  password: string;
  name: string;
  image: string;
}

export const DEMO_PASSWORD = 'reloop-demo';

const demoAccount = (role: Role, email: string, name: string): DemoAccount => ({
  role,
  email,
  name,
  password: DEMO_PASSWORD,
  image: `avatar-${role}.jpg`,
});

export const demoAccounts: readonly DemoAccount[] = [
  demoAccount('buyer', 'buyer@reloop.dev', 'Bianca Byers'),
  demoAccount('seller', 'seller@reloop.dev', 'Sam Sellers'),
  demoAccount('admin', 'admin@reloop.dev', 'Ada Admin'),
];

export interface SeedOptions {
  images: ImageStore;
  admin: { email: string; password: string } | undefined;
  demo: boolean;
}

export async function seedDatabase(db: Database, options: SeedOptions): Promise<void> {
  await ensureCategories(db, options.images);
  if (options.admin) await ensureAdmin(db, options.admin);
  if (options.demo) await ensureDemoData(db, options.images);
}

/**
 * Copies a shipped image and its variants (made by `npm run seed-images`) into the store once; its
 * URL stays the same on every start. A store seeded before variants existed gets them on its next
 * start.
 */
async function seedImageUrl(images: ImageStore, file: string): Promise<string> {
  const name = `seed-${file}`;
  const stored = await Promise.all(
    [name, imageVariantName(name, 1440, 'jpg')].map((candidate) => images.has(candidate)),
  );
  if (!stored.every(Boolean)) {
    const shipped = async (shippedName: string) => ({
      name: `seed-${shippedName}`,
      data: await readFile(seedImagesDir + shippedName),
    });
    const variants = IMAGE_VARIANT_WIDTHS.flatMap((width) =>
      IMAGE_VARIANT_FORMATS.map((format) => shipped(imageVariantName(file, width, format))),
    );
    await saveWithVariants(images, await shipped(file), await Promise.all(variants));
  }
  return images.urlFor(name);
}

async function ensureCategories(db: Database, images: ImageStore): Promise<void> {
  for (const [position, category] of categories.entries()) {
    const image = await seedImageUrl(images, category.image);
    await db
      .insert(categoriesTable)
      .values({ name: category.name, image, position })
      .onConflictDoUpdate({ target: categoriesTable.name, set: { image, position } });
  }
}

/**
 * ADMIN_EMAIL always ends up an active admin with ADMIN_PASSWORD: the live account with that
 * email is promoted, or, when there is none (a deleted one stays deleted), one is created.
 */
async function ensureAdmin(db: Database, admin: { email: string; password: string }) {
  const passwordHash = await hashPassword(admin.password);
  await db
    .insert(users)
    .values({
      email: admin.email,
      passwordHash,
      role: 'admin',
      name: 'Administrator',
      // The operator chose this address: it receives notices without a verification round.
      emailVerifiedAt: new Date(),
    })
    // The unique index is on the email of accounts that are not deleted (schema.ts).
    .onConflictDoUpdate({
      target: users.email,
      targetWhere: isNull(users.deletedAt),
      set: { passwordHash, role: 'admin' },
    });
}

async function ensureDemoData(db: Database, images: ImageStore): Promise<void> {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await db.transaction(async (tx) => {
    // A demo account that was ever created, deleted ones included, is not created again.
    const existing = await tx
      .select({ email: users.email })
      .from(users)
      .where(
        inArray(
          users.email,
          demoAccounts.map((account) => account.email),
        ),
      );
    const seeded = new Set(existing.map((row) => row.email));
    const created = new Map<Role, string>();
    for (const account of demoAccounts.filter(({ email }) => !seeded.has(email))) {
      const [user] = await tx
        .insert(users)
        .values({
          email: account.email,
          passwordHash,
          name: account.name,
          image: await seedImageUrl(images, account.image),
          role: account.role,
          verified: account.role === 'seller',
          // Demo notices reach the mail folder (or SMTP_URL) like any verified user's.
          emailVerifiedAt: new Date(),
        })
        .onConflictDoNothing({ target: users.email, where: isNull(users.deletedAt) })
        .returning({ id: users.id });
      if (user) created.set(account.role, user.id);
    }
    // Listings come with a newly created demo seller only, so deleting them sticks.
    const sellerId = created.get('seller');
    if (!sellerId) return;
    const categoryIds = new Map(
      (await tx.select().from(categoriesTable)).map((row) => [row.name, row.id]),
    );
    for (const [index, listing] of demoListings.entries()) {
      const categoryId = categoryIds.get(listing.categoryName);
      if (!categoryId) throw new Error(`demo listing in unknown category ${listing.categoryName}`);
      const photos = await Promise.all(
        photoFiles(listing.image).map((file) => seedImageUrl(images, file)),
      );
      await tx.insert(products).values({
        sellerId,
        sellerVerified: true,
        categoryId,
        name: listing.name,
        image: photos[0] as string,
        photos,
        model: listing.model,
        cpu: listing.cpu,
        ramGb: listing.ramGb,
        storageGb: listing.storageGb,
        screenInches: listing.screenInches,
        batteryHealth: listing.batteryHealth,
        resalePriceCents: listing.resalePriceCents,
        originalPriceCents: listing.originalPriceCents,
        location: listing.location,
        phone: listing.phone,
        yearOfPurchase: listing.yearOfPurchase,
        condition: listing.condition,
        description: listing.description,
        advertised: listing.advertised,
        // Spread the listings over the past days so "newest first" has something to order.
        createdAt: sql`now() - make_interval(hours => ${index * 7})`,
      });
    }
  });
}

import { rm } from 'node:fs/promises';
import path from 'node:path';
import { asc, eq, isNull } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { imageVariantName } from '@reloop/shared/image-variants';
import { categories, products, users } from '../src/db/schema.ts';
import type { DiskImageStore } from '../src/images/storage.ts';
import { demoAccounts, seedDatabase } from '../src/seed/seed.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(() => t.close());

const reseed = (options: { demo?: boolean; admin?: { email: string; password: string } } = {}) =>
  seedDatabase(t.db, { images: t.app.images, demo: options.demo ?? false, admin: options.admin });

const signIn = (email: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/signin', payload: { email, password } });

describe('seedDatabase', () => {
  it('always creates the five categories in their fixed order, with served images', async () => {
    await reseed();
    const rows = await t.db.select().from(categories).orderBy(asc(categories.position));
    expect(rows.map((row) => row.name)).toEqual(['MacBook', 'Dell', 'HP', 'Lenovo', 'ASUS']);
    for (const row of rows) {
      const image = await t.app.inject({ method: 'GET', url: row.image });
      expect(image.statusCode).toBe(200);
      expect(image.headers['content-type']).toBe('image/jpeg');
    }
  });

  it('adds the variants of images seeded before there were any', async () => {
    await reseed();
    const [{ image } = { image: '' }] = await t.db
      .select({ image: categories.image })
      .from(categories)
      .limit(1);
    const phoneSized = imageVariantName(image, 360, 'jpg');
    const { directory } = t.app.images as DiskImageStore;
    for (const url of [phoneSized, imageVariantName(image, 1440, 'jpg')]) {
      await rm(path.join(directory, path.basename(url)));
    }
    expect((await t.app.inject({ method: 'GET', url: phoneSized })).statusCode).toBe(404);
    await reseed();
    expect((await t.app.inject({ method: 'GET', url: phoneSized })).statusCode).toBe(200);
  });

  it('creates demo accounts that can sign in, and a dozen listings, only once', async () => {
    await reseed({ demo: true });
    await reseed({ demo: true });
    for (const account of demoAccounts) {
      expect((await signIn(account.email, account.password)).statusCode).toBe(200);
    }
    const listings = await t.db.select().from(products).where(isNull(products.deletedAt));
    expect(listings).toHaveLength(12);
    expect(listings.filter((listing) => listing.advertised).length).toBeGreaterThan(0);
    for (const listing of listings) {
      expect(listing.resalePriceCents).toBeLessThan(listing.originalPriceCents);
      expect((await t.app.inject({ method: 'GET', url: listing.image })).statusCode).toBe(200);
      const phoneSized = imageVariantName(listing.image, 720, 'webp');
      const variant = await t.app.inject({ method: 'GET', url: phoneSized });
      expect(variant.statusCode).toBe(200);
      expect(variant.headers['content-type']).toBe('image/webp');
    }
    const roles = await t.db.select({ role: users.role }).from(users);
    expect(roles.map((row) => row.role).sort()).toEqual(['admin', 'buyer', 'seller']);
  });

  it('does not bring back a demo account that was deleted, nor its listings', async () => {
    await reseed({ demo: true });
    const [seller] = await t.db.select().from(users).where(eq(users.role, 'seller'));
    const deletedAt = new Date();
    await t.db.update(users).set({ deletedAt }).where(eq(users.role, 'seller'));
    await t.db.update(products).set({ deletedAt });
    await reseed({ demo: true });
    const sellers = await t.db.select().from(users).where(eq(users.role, 'seller'));
    expect(sellers.map((row) => row.id)).toEqual([seller?.id]);
    expect(await t.db.select().from(products).where(isNull(products.deletedAt))).toEqual([]);
  });

  it('creates a new ADMIN_EMAIL account when the old one was deleted, which stays deleted', async () => {
    const admin = { email: 'boss@example.com', password: 'admin password' };
    await reseed({ admin });
    await t.db.update(users).set({ deletedAt: new Date() }).where(eq(users.email, admin.email));
    await reseed({ admin });
    const rows = await t.db.select().from(users).where(eq(users.email, admin.email));
    expect(rows.map((row) => [row.role, row.deletedAt === null]).sort()).toEqual([
      ['admin', false],
      ['admin', true],
    ]);
    expect((await signIn(admin.email, admin.password)).statusCode).toBe(200);
  });

  it('ensures ADMIN_EMAIL is an admin with ADMIN_PASSWORD, promoting an existing account', async () => {
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: { email: 'boss@example.com', password: 'old password' },
    });
    await reseed({ admin: { email: 'boss@example.com', password: 'new password' } });
    const [boss] = await t.db.select().from(users).where(eq(users.email, 'boss@example.com'));
    expect(boss?.role).toBe('admin');
    expect((await signIn('boss@example.com', 'new password')).statusCode).toBe(200);
    expect((await signIn('boss@example.com', 'old password')).statusCode).toBe(401);
  });
});

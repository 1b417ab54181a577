import { eq, sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  MAX_REVIEW_TEXT,
  messages,
  REVIEW_WINDOW_DAYS,
  type Listing,
  type OwnReview,
  type Profile,
  type ReportedReview,
  type Review,
} from '@reloop/shared';
import { bookings, reviews, users } from '../../src/db/schema.ts';
import { revealDue } from '../../src/reviews/reviews.ts';
import { call, nextLink, readBooking, readSale } from '../helpers/behaviour.ts';
import { handedOver, notificationKinds } from '../helpers/escrow.ts';
import { queueSettled } from '../helpers/jobs.ts';
import { bookAs, createActor, createProductAs, type Actor } from '../helpers/marketplace.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

/**
 * Reputation (DESIGN §16) through the API: both sides of a handed-over booking review each
 * other once, double blind until both have or the window ends; the reviewed person answers once;
 * a reported review is hidden by an admin and leaves the rating; profiles and search read the
 * rating kept on the user row.
 */
vi.setConfig({ testTimeout: 60_000 });

let t: TestApp;
let seller: Actor;
beforeEach(async () => {
  t = await createTestApp();
  seller = await createActor(t.app, 'seller');
});
afterEach(() => t.close());

const review = (actor: Actor, bookingId: string, body: object) =>
  call(t.app, 'POST', `/api/bookings/${bookingId}/review`, { actor, payload: body });
const reply = (actor: Actor, reviewId: string, text: string) =>
  call(t.app, 'POST', `/api/reviews/${reviewId}/reply`, { actor, payload: { text } });
const report = (actor: Actor, reviewId: string) =>
  call(t.app, 'POST', `/api/reviews/${reviewId}/report`, { actor });
const hide = (actor: Actor, reviewId: string) =>
  call(t.app, 'DELETE', `/api/reviews/${reviewId}`, { actor });

async function profileOf(userId: string): Promise<Profile> {
  const response = await call(t.app, 'GET', `/api/users/${userId}/profile`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Profile>();
}

async function reviewsOf(userId: string, query = ''): Promise<Review[]> {
  const response = await call(t.app, 'GET', `/api/users/${userId}/reviews${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Review[]>();
}

/** A fresh product of the seller's, sold to a fresh buyer and handed over. */
async function handedOverSale(resalePrice = 300) {
  const productId = await createProductAs(t.app, seller, { resalePrice });
  return handedOver(t.app, productId);
}

async function reviewed(actor: Actor, bookingId: string, rating: number, text = 'Fine.') {
  const response = await review(actor, bookingId, { rating, text });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<OwnReview>();
}

/** The review window of `bookingId` is over, as far as the database's clock is concerned. */
const windowPassed = (bookingId: string) =>
  t.db
    .update(bookings)
    .set({ completedAt: sql`now() - ${`${REVIEW_WINDOW_DAYS} days 1 second`}::interval` })
    .where(eq(bookings.id, bookingId));

describe('a review', () => {
  it('is written once by each side of a handed-over booking, and hidden from the other until both have', async () => {
    const { buyer, bookingId } = await handedOverSale();
    const before = await readBooking(t.app, buyer, bookingId);
    expect(before.myReview).toBeNull();
    expect(Date.parse(before.reviewUntil ?? '')).toBeGreaterThan(Date.now());

    const first = await reviewed(buyer, bookingId, 5, 'Exactly as described, quick meetup.');
    expect(first).toMatchObject({ rating: 5, revealed: false });
    expect(await reviewsOf(seller.uid)).toEqual([]);
    expect((await profileOf(seller.uid)).rating).toEqual({
      average: null,
      count: 0,
      histogram: [0, 0, 0, 0, 0],
    });
    expect(await readBooking(t.app, buyer, bookingId)).toMatchObject({
      reviewUntil: null,
      myReview: { _id: first._id, rating: 5, revealed: false },
    });

    const again = await review(buyer, bookingId, { rating: 1, text: 'Changed my mind' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ message: messages.alreadyReviewed });

    const second = await reviewed(seller, bookingId, 4, 'On time, paid promptly.');
    expect(second.revealed).toBe(true);
    const [shownOfSeller] = await reviewsOf(seller.uid);
    expect(shownOfSeller).toMatchObject({
      _id: first._id,
      rating: 5,
      text: 'Exactly as described, quick meetup.',
      authorSide: 'buyer',
      author: { _id: buyer.uid },
      reply: null,
    });
    expect(await reviewsOf(buyer.uid)).toMatchObject([{ _id: second._id, authorSide: 'seller' }]);
    expect((await profileOf(seller.uid)).rating).toEqual({
      average: 5,
      count: 1,
      histogram: [0, 0, 0, 0, 1],
    });
    expect((await readSale(t.app, seller, bookingId)).myReview).toMatchObject({ revealed: true });
    expect(await notificationKinds(t.app, seller, bookingId)).toContain('reviewed');
    expect(await notificationKinds(t.app, buyer, bookingId)).toContain('reviewed');
  });

  it('is shown on its own when the window ends without the other side, by the queued job', async () => {
    const { buyer, bookingId } = await handedOverSale();
    const written = await reviewed(buyer, bookingId, 2, 'Battery was worse than said.');
    const job = await t.db.execute<{ startAfter: Date }>(
      sql`select start_after as "startAfter" from pgboss.job
        where name = 'reveal' and data ->> 'bookingId' = ${bookingId}`,
    );
    const [completed] = await t.db
      .select({ at: bookings.completedAt })
      .from(bookings)
      .where(eq(bookings.id, bookingId));
    expect(job.rows).toHaveLength(1);
    expect(new Date(job.rows[0]?.startAfter ?? 0).getTime()).toBe(
      (completed?.at?.getTime() ?? 0) + REVIEW_WINDOW_DAYS * 86_400_000,
    );

    // Before the window ends the job refuses, so the queue tries it again later.
    await expect(revealDue(t.app.reputation, bookingId)).rejects.toThrow(/not due/);
    expect(await reviewsOf(seller.uid)).toEqual([]);

    await windowPassed(bookingId);
    await t.db.execute(
      sql`update pgboss.job set start_after = now() where name = 'reveal' and data ->> 'bookingId' = ${bookingId}`,
    );
    await queueSettled(t.db, 'reveal', 20_000);
    expect(await reviewsOf(seller.uid)).toMatchObject([{ _id: written._id, rating: 2 }]);
    expect((await profileOf(seller.uid)).rating).toEqual({
      average: 2,
      count: 1,
      histogram: [0, 1, 0, 0, 0],
    });
    // Run again, it counts nothing twice.
    await revealDue(t.app.reputation, bookingId);
    expect((await profileOf(seller.uid)).rating.count).toBe(1);

    const late = await review(seller, bookingId, { rating: 5, text: 'Great buyer' });
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ message: messages.reviewWindowOver });
  });

  it('refuses bad input with 400 and changes nothing', async () => {
    const { buyer, bookingId } = await handedOverSale();
    for (const body of [
      { rating: 0, text: 'Bad' },
      { rating: 6, text: 'Too good' },
      { rating: 4.5, text: 'Half' },
      { rating: '5', text: 'Text' },
      { rating: 5, text: '   ' },
      { rating: 5, text: 'x'.repeat(MAX_REVIEW_TEXT + 1) },
      { rating: 5 },
      { text: 'No rating' },
    ]) {
      const response = await review(buyer, bookingId, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect(await t.db.select().from(reviews)).toEqual([]);
    expect(
      (await review(buyer, bookingId, { rating: 5, text: 'x'.repeat(MAX_REVIEW_TEXT) })).statusCode,
    ).toBe(201);
  });

  it('is only for the two sides of a handed-over booking', async () => {
    const { bookingId } = await handedOverSale();
    const stranger = await createActor(t.app, 'buyer');
    const admin = await createActor(t.app, 'admin');
    for (const actor of [stranger, admin]) {
      expect((await review(actor, bookingId, { rating: 5, text: 'Hi' })).statusCode).toBe(403);
    }
    expect(
      (
        await call(t.app, 'POST', `/api/bookings/${bookingId}/review`, {
          payload: { rating: 5, text: 'Hi' },
        })
      ).statusCode,
    ).toBe(401);

    const productId = await createProductAs(t.app, seller, { resalePrice: 100 });
    const buyer = await createActor(t.app, 'buyer');
    const unpaid = await bookAs(t.app, buyer, productId);
    const early = await review(buyer, unpaid, { rating: 5, text: 'Not yet' });
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({ message: messages.reviewAfterHandover });
    expect(
      (await review(buyer, '00000000-0000-4000-8000-000000000000', { rating: 5, text: 'Hi' }))
        .statusCode,
    ).toBe(404);
  });

  it('invites both sides at the handover and counts the completed sale', async () => {
    const { buyer, bookingId } = await handedOverSale();
    expect(await notificationKinds(t.app, buyer, bookingId)).toContain('review_invited');
    expect(await notificationKinds(t.app, seller, bookingId)).toContain('review_invited');
    expect(await profileOf(seller.uid)).toMatchObject({ completedSales: 1, role: 'seller' });
    expect(await profileOf(buyer.uid)).toMatchObject({ completedPurchases: 1, role: 'buyer' });
  });
});

describe('a reply', () => {
  it('is the reviewed person’s, once, on a shown review', async () => {
    const { buyer, bookingId } = await handedOverSale();
    const ofSeller = await reviewed(buyer, bookingId, 3, 'Scratches not mentioned.');
    const hidden = await reply(seller, ofSeller._id, 'They were in the photos.');
    expect(hidden.statusCode).toBe(409);
    expect(hidden.json()).toMatchObject({ message: messages.reviewNotShown });
    await reviewed(seller, bookingId, 5);

    expect((await reply(buyer, ofSeller._id, 'Me again')).statusCode).toBe(403);
    expect((await reply(seller, ofSeller._id, '')).statusCode).toBe(400);
    const answered = await reply(seller, ofSeller._id, 'They were in the photos.');
    expect(answered.statusCode, answered.body).toBe(201);
    expect(answered.json<Review>().reply).toMatchObject({ text: 'They were in the photos.' });
    expect((await reply(seller, ofSeller._id, 'And another thing')).statusCode).toBe(409);
    expect((await reviewsOf(seller.uid))[0]?.reply?.text).toBe('They were in the photos.');
  });
});

describe('a reported review', () => {
  it('is listed for the admins, and hidden by one: it leaves the profile and the rating', async () => {
    const admin = await createActor(t.app, 'admin');
    const sales = [await handedOverSale(), await handedOverSale()];
    const [low, high] = [1, 5];
    const ofSeller: OwnReview[] = [];
    for (const [index, { buyer, bookingId }] of sales.entries()) {
      ofSeller.push(await reviewed(buyer, bookingId, index === 0 ? low : high));
      await reviewed(seller, bookingId, 4);
    }
    expect((await profileOf(seller.uid)).rating).toEqual({
      average: 3,
      count: 2,
      histogram: [1, 0, 0, 0, 1],
    });
    const unfair = ofSeller[0]?._id ?? '';
    const author = sales[0]?.buyer;
    if (!author) throw new Error('no sale');
    expect((await report(author, unfair)).statusCode).toBe(403);
    expect((await report(seller, unfair)).statusCode).toBe(200);
    expect((await report(seller, unfair)).statusCode).toBe(200);

    const listed = await call(t.app, 'GET', '/api/reviews/reported', { actor: admin });
    expect(listed.json<ReportedReview[]>()).toMatchObject([
      { _id: unfair, rating: low, subject: { _id: seller.uid } },
    ]);
    expect((await call(t.app, 'GET', '/api/reviews/reported', { actor: seller })).statusCode).toBe(
      403,
    );
    expect((await hide(seller, unfair)).statusCode).toBe(403);

    expect((await hide(admin, unfair)).statusCode).toBe(200);
    expect((await hide(admin, unfair)).statusCode).toBe(200);
    expect((await profileOf(seller.uid)).rating).toEqual({
      average: 5,
      count: 1,
      histogram: [0, 0, 0, 0, 1],
    });
    expect((await reviewsOf(seller.uid)).map((shown) => shown._id)).toEqual([ofSeller[1]?._id]);
    expect((await call(t.app, 'GET', '/api/reviews/reported', { actor: admin })).json()).toEqual(
      [],
    );
    expect((await report(seller, unfair)).statusCode).toBe(404);
    expect((await hide(admin, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
  });
});

describe('profiles and search', () => {
  it('pages a profile’s reviews newest first, and answers 404 for nobody or an admin', async () => {
    for (let sale = 0; sale < 3; sale += 1) {
      const { buyer, bookingId } = await handedOverSale();
      await reviewed(buyer, bookingId, 4, `Sale ${sale}`);
      await reviewed(seller, bookingId, 5);
    }
    const first = await call(t.app, 'GET', `/api/users/${seller.uid}/reviews?limit=2`);
    expect(first.json<Review[]>().map((shown) => shown.text)).toEqual(['Sale 2', 'Sale 1']);
    const next = nextLink(first);
    if (!next) throw new Error('no next page');
    const second = await call(t.app, 'GET', next);
    expect(second.json<Review[]>().map((shown) => shown.text)).toEqual(['Sale 0']);
    expect(nextLink(second)).toBeUndefined();

    const admin = await createActor(t.app, 'admin');
    expect((await call(t.app, 'GET', `/api/users/${admin.uid}/profile`)).statusCode).toBe(404);
    expect(
      (await call(t.app, 'GET', '/api/users/00000000-0000-4000-8000-000000000000/reviews'))
        .statusCode,
    ).toBe(404);
    expect((await call(t.app, 'GET', '/api/users/nope/profile')).statusCode).toBe(400);
    const profile = await profileOf(seller.uid);
    expect(profile).not.toHaveProperty('email');
    expect(profile).toMatchObject({ completedSales: 3, rating: { average: 4, count: 3 } });
  });

  it('shows the seller’s rating on listings, and filters a search by minRating', async () => {
    const otherSeller = await createActor(t.app, 'seller');
    const { buyer, bookingId } = await handedOverSale();
    await reviewed(buyer, bookingId, 5);
    await reviewed(seller, bookingId, 5);
    const rated = await createProductAs(t.app, seller, {
      name: 'Rated ThinkPad',
      resalePrice: 400,
    });
    const unrated = await createProductAs(t.app, otherSeller, {
      name: 'Unrated ThinkPad',
      resalePrice: 400,
    });

    const all = await call(t.app, 'GET', '/api/search?q=thinkpad');
    const byId = new Map(all.json<Listing[]>().map((listing) => [listing._id, listing]));
    expect(byId.get(rated)?.sellerRating).toEqual({ average: 5, count: 1 });
    expect(byId.get(unrated)?.sellerRating).toBeNull();

    const good = await call(t.app, 'GET', '/api/search?q=thinkpad&minRating=4');
    expect(good.json<Listing[]>().map((listing) => listing._id)).toEqual([rated]);
    await t.db
      .update(users)
      .set({ ratingCount: 2, ratingSum: 7, ratingHistogram: [0, 1, 0, 0, 1] })
      .where(eq(users.id, seller.uid));
    expect((await call(t.app, 'GET', '/api/search?q=thinkpad&minRating=4')).json()).toEqual([]);
    expect(
      (await call(t.app, 'GET', '/api/search?q=thinkpad&minRating=3.5&sort=price_asc'))
        .json<Listing[]>()
        .map((listing) => listing._id),
    ).toEqual([rated]);

    for (const bad of ['0', '6', 'four', '-1', '']) {
      const response = await call(t.app, 'GET', `/api/search?minRating=${bad}`);
      expect(response.statusCode, bad).toBe(400);
    }
  });
});

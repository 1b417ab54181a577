import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import {
  messages,
  REVIEW_WINDOW_DAYS,
  type BookingSide,
  type OwnReview,
  type Pagination,
  type Profile,
  type ReportedReview,
  type Review,
  type ReviewBody,
} from '@reloop/shared';
import type { Database } from '../db/client.ts';
import { isoTime, jsonObject, parseJson, type JsonText } from '../db/json.ts';
import { preparedPerDatabase } from '../db/prepared.ts';
import { bookings, reviews, users } from '../db/schema.ts';
import { HttpError } from '../http-errors.ts';
import type { UserRow } from '../identity/accounts.ts';
import type { JobQueue } from '../jobs/queue.ts';
import { keysetStatements, readPage, type JsonRow, type Page } from '../pagination.ts';
import { lockBookingRow } from '../bookings/bookings.ts';
import { findParty } from '../bookings/lifecycle.ts';
import { notify, otherParty, type Recipient } from '../bookings/notifications.ts';
import { recordAdminAction } from '../moderation/audit.ts';
import { userAverageRating } from './fields.ts';

/**
 * Reputation (DESIGN §16). After a handover each side of the booking reviews the other once,
 * within REVIEW_WINDOW_DAYS. Reviews are double blind: one is shown when both sides have
 * reviewed, or when the window ends (the `reveal` job queued with the first review), so nobody
 * answers a bad review with another. A review counts in its subject's rating from the moment it
 * is shown until an admin hides it, and the rating on the user row changes in that same
 * transaction: profiles, cards and search read it, and nothing is counted at read.
 */

export interface Reputation {
  db: Database;
  jobs: JobQueue;
}

/** When `completedAt`'s review window ends. */
const windowEnd = (completedAt: Date) =>
  new Date(completedAt.getTime() + REVIEW_WINDOW_DAYS * 24 * 60 * 60 * 1000);

/** The side of a booking its reviews by `side` are about. */
const subjectSide = (side: BookingSide): BookingSide => (side === 'buyer' ? 'seller' : 'buyer');

/**
 * A review's stars in or out of its subject's rating: the count, the sum and the histogram's
 * bar for `rating` move by `sign`. Written against a CTE named `changed` with `subject_id` and
 * `rating`.
 */
const countInRating = (sign: '+' | '-') =>
  sql.raw(`update users set
      rating_count = rating_count ${sign} 1,
      rating_sum = rating_sum ${sign} changed.rating,
      rating_histogram[changed.rating] = rating_histogram[changed.rating] ${sign} 1
    from changed where users.id = changed.subject_id`);

/** A booking's id and its two sides. */
type BookingSides = { id: string; buyerId: string; sellerId: string };

/**
 * Locks both sides' user rows in one order (by id) before their ratings or counts change: two
 * bookings between the same two people, handed over or shown at once, would otherwise each lock
 * one row first and wait for the other.
 */
async function lockSides(tx: Database, booking: BookingSides): Promise<void> {
  await tx
    .select({ id: users.id })
    .from(users)
    .where(inArray(users.id, [booking.buyerId, booking.sellerId]))
    .orderBy(users.id)
    .for('update');
}

/**
 * Shows the booking's reviews not shown yet and counts them in their subjects' ratings; each
 * subject is told their review is out. In the caller's transaction, under the booking's lock.
 */
async function reveal(tx: Database, jobs: JobQueue, booking: BookingSides): Promise<void> {
  await lockSides(tx, booking);
  const { rows } = await tx.execute<{ subject_id: string; author_side: BookingSide }>(
    sql`with changed as (
      update ${reviews} set revealed_at = now()
      where ${reviews.bookingId} = ${booking.id} and ${reviews.revealedAt} is null
        and ${reviews.hiddenAt} is null
      returning subject_id, rating, author_side
    ), counted as (${countInRating('+')})
    select subject_id, author_side from changed`,
  );
  for (const row of rows) {
    await notify(
      tx,
      jobs,
      { userId: row.subject_id, side: subjectSide(row.author_side) },
      booking.id,
      'reviewed',
    );
  }
}

/**
 * `POST /api/bookings/:id/review`: one side of a handed-over booking reviews the other. The
 * first review waits, hidden, for the second or for the window's end; the second shows both.
 */
export async function postReview(
  reputation: Reputation,
  user: UserRow,
  bookingId: string,
  body: ReviewBody,
): Promise<OwnReview> {
  const { booking, side } = await findParty(reputation.db, user, bookingId);
  return reputation.db.transaction(async (tx) => {
    // Both sides' reviews of one booking go one after the other, so exactly one of them shows both.
    const locked = await lockBookingRow(tx, booking.id);
    if (locked.status !== 'completed' || !locked.completedAt) {
      throw new HttpError(409, messages.reviewAfterHandover);
    }
    const closesAt = windowEnd(locked.completedAt);
    if (closesAt.getTime() <= Date.now()) throw new HttpError(409, messages.reviewWindowOver);
    const subject = otherParty(locked, side);
    const [written] = await tx
      .insert(reviews)
      .values({
        bookingId: locked.id,
        authorId: user.id,
        subjectId: subject.userId,
        authorSide: side,
        rating: body.rating,
        text: body.text,
      })
      .onConflictDoNothing()
      .returning({ id: reviews.id });
    if (!written) throw new HttpError(409, messages.alreadyReviewed);
    const [{ count } = { count: 0 }] = await tx
      .select({ count: sql<number>`count(*)::int` })
      .from(reviews)
      .where(eq(reviews.bookingId, locked.id));
    // The other side has reviewed too: both show now, this one with them.
    const revealed = count === 2;
    if (revealed) {
      await reveal(tx, reputation.jobs, locked);
    } else {
      await reputation.jobs.enqueue(
        tx,
        'reveal',
        { bookingId: locked.id },
        { startAfter: closesAt, singletonKey: locked.id },
      );
    }
    return { _id: written.id, rating: body.rating, text: body.text, revealed };
  });
}

/**
 * The reveal job: at the window's end, a review the other side never answered shows. Run early
 * (a clock moved back), it throws, so the queue tries again later; run twice, it finds nothing.
 */
export async function revealDue(reputation: Reputation, bookingId: string): Promise<void> {
  await reputation.db.transaction(async (tx) => {
    const locked = await lockBookingRow(tx, bookingId);
    if (!locked.completedAt) return;
    const closesAt = windowEnd(locked.completedAt);
    if (closesAt.getTime() > Date.now()) {
      throw new Error(`booking ${bookingId}'s reviews are not due until ${closesAt.toISOString()}`);
    }
    await reveal(tx, reputation.jobs, locked);
  });
}

const REVEAL_WORKERS = 1;

export function startReveals(reputation: Reputation): void {
  reputation.jobs.work('reveal', REVEAL_WORKERS, (job) =>
    revealDue(reputation, job.data.bookingId),
  );
}

/** A user as a review names them: anyone may see this much. */
const personJson = (id: SQL) =>
  sql`(select json_build_object('_id', person.id, 'name', person.name, 'photoURL', person.image)
    from ${users} person where person.id = ${id})`;

const reviewFields = {
  _id: reviews.id,
  rating: reviews.rating,
  text: reviews.text,
  createdAt: isoTime(reviews.createdAt),
  author: personJson(sql`${reviews.authorId}`),
  authorSide: reviews.authorSide,
  productName: sql`(select ${bookings.productName} from ${bookings} where ${bookings.id} = ${reviews.bookingId})`,
  reply: sql`case when ${reviews.reply} is not null
    then json_build_object('text', ${reviews.reply}, 'createdAt', ${isoTime(reviews.repliedAt)}) end`,
};

/** A shown review as anyone may read it (the Review schema), written by PostgreSQL. */
const reviewJson = jsonObject<Review>('review', reviewFields);

/** A reported review as the admins read it (the ReportedReview schema). */
const reportedReviewJson = jsonObject<ReportedReview>('reported_review', {
  ...reviewFields,
  subject: personJson(sql`${reviews.subjectId}`),
  reportedAt: isoTime(reviews.reportedAt),
});

/** Reviews that are shown: both sides reviewed or the window ended, and no admin hid them. */
const shown = sql`${reviews.revealedAt} is not null and ${reviews.hiddenAt} is null`.inlineParams();

const reviewLists = preparedPerDatabase((db) => ({
  // Each filter matches the partial index of the same name in schema.ts.
  subject: keysetStatements('reviews_subject_listing', reviews, reviews, (position, limit) =>
    db
      .select({ id: reviews.id, json: reviewJson.text })
      .from(reviews)
      .crossJoinLateral(reviewJson.lateral)
      .where(and(eq(reviews.subjectId, sql.placeholder('subjectId')), shown, position))
      .orderBy(sql`${reviews.createdAt} desc, ${reviews.id} desc`)
      .limit(limit),
  ),
  reported: keysetStatements('reviews_reported_listing', reviews, reviews, (position, limit) =>
    db
      .select({ id: reviews.id, json: reportedReviewJson.text })
      .from(reviews)
      .crossJoinLateral(reportedReviewJson.lateral)
      .where(
        and(
          sql`${reviews.reportedAt} is not null and ${reviews.hiddenAt} is null`.inlineParams(),
          position,
        ),
      )
      .orderBy(sql`${reviews.createdAt} desc, ${reviews.id} desc`)
      .limit(limit),
  ),
}));

/** A buyer or seller anyone may look up: not deleted, not an admin, registered. */
const publicPerson = (id: string) =>
  and(eq(users.id, id), sql`${users.deletedAt} is null and ${users.role} in ('buyer', 'seller')`);

async function assertPublicPerson(db: Database, id: string): Promise<void> {
  const [found] = await db.select({ id: users.id }).from(users).where(publicPerson(id));
  if (!found) throw new HttpError(404, messages.profileNotFound);
}

/** `GET /api/users/:id/reviews`: the shown reviews of a buyer or seller, newest first. */
export async function listReviewsOf(
  db: Database,
  subjectId: string,
  page: Pagination,
): Promise<Page<JsonRow<Review>>> {
  await assertPublicPerson(db, subjectId);
  return readPage(reviewLists(db).subject, { subjectId }, page);
}

/** `GET /api/reviews/reported`: reported reviews no admin has hidden yet, newest first. */
export function listReportedReviews(
  db: Database,
  page: Pagination,
): Promise<Page<JsonRow<ReportedReview>>> {
  return readPage(reviewLists(db).reported, {}, page);
}

/** `GET /api/users/:id/profile`: a buyer or seller as anyone may see them, with their rating. */
export async function profileOf(db: Database, id: string): Promise<Profile> {
  const [row] = await db
    .select({
      name: users.name,
      photoURL: users.image,
      memberSince: users.createdAt,
      verified: users.verified,
      role: users.role,
      average: userAverageRating,
      count: users.ratingCount,
      histogram: users.ratingHistogram,
      completedSales: users.completedSales,
      completedPurchases: users.completedPurchases,
    })
    .from(users)
    .where(publicPerson(id));
  if (!row || (row.role !== 'buyer' && row.role !== 'seller')) {
    throw new HttpError(404, messages.profileNotFound);
  }
  return {
    _id: id,
    name: row.name,
    photoURL: row.photoURL,
    memberSince: row.memberSince.toISOString(),
    verified: row.verified,
    role: row.role,
    rating: { average: row.average, count: row.count, histogram: row.histogram },
    completedSales: row.completedSales,
    completedPurchases: row.completedPurchases,
  };
}

type ReviewRow = typeof reviews.$inferSelect;

async function findReview(db: Database, id: string): Promise<ReviewRow> {
  const [review] = await db.select().from(reviews).where(eq(reviews.id, id));
  // A hidden review is gone for everyone but the database.
  if (!review || review.hiddenAt) throw new HttpError(404, messages.reviewNotFound);
  return review;
}

async function reviewView(db: Database, id: string): Promise<Review> {
  const [row] = await db
    .select({ json: reviewJson.text })
    .from(reviews)
    .crossJoinLateral(reviewJson.lateral)
    .where(eq(reviews.id, id));
  if (!row) throw new HttpError(404, messages.reviewNotFound);
  return parseJson(row.json as JsonText<Review>);
}

/** `POST /api/reviews/:id/reply`: the reviewed person answers a shown review, once. */
export async function replyToReview(
  db: Database,
  user: UserRow,
  reviewId: string,
  text: string,
): Promise<Review> {
  const review = await findReview(db, reviewId);
  if (review.subjectId !== user.id) throw new HttpError(403, messages.forbidden);
  if (!review.revealedAt) throw new HttpError(409, messages.reviewNotShown);
  const [replied] = await db
    .update(reviews)
    .set({ reply: text, repliedAt: sql`now()` })
    .where(and(eq(reviews.id, review.id), sql`${reviews.reply} is null`))
    .returning({ id: reviews.id });
  if (!replied) throw new HttpError(409, messages.alreadyReplied);
  return reviewView(db, review.id);
}

/** `POST /api/reviews/:id/report`: anyone signed in but its author flags a shown review. */
export async function reportReview(db: Database, user: UserRow, reviewId: string): Promise<void> {
  const review = await findReview(db, reviewId);
  if (!review.revealedAt) throw new HttpError(404, messages.reviewNotFound);
  if (review.authorId === user.id) throw new HttpError(403, messages.ownReviewReport);
  await db
    .update(reviews)
    .set({ reportedAt: sql`coalesce(${reviews.reportedAt}, now())` })
    .where(eq(reviews.id, review.id));
}

/**
 * `DELETE /api/reviews/:id`: an admin hides a review; a shown one leaves its subject's rating
 * in the same statement. Hiding it again changes nothing.
 */
export async function hideReview(db: Database, admin: UserRow, reviewId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [review] = await tx
      .select({ id: reviews.id, rating: reviews.rating, subjectName: users.name })
      .from(reviews)
      .innerJoin(users, eq(users.id, reviews.subjectId))
      .where(eq(reviews.id, reviewId));
    if (!review) throw new HttpError(404, messages.reviewNotFound);
    // PostgreSQL runs every data-modifying CTE to completion, read or not.
    const hidden = await tx.execute(
      sql`with hidden as (
        update ${reviews} set hidden_at = now()
        where ${reviews.id} = ${review.id} and ${reviews.hiddenAt} is null
        returning subject_id, rating, revealed_at
      ), changed as (
        select subject_id, rating from hidden where revealed_at is not null
      ), counted as (${countInRating('-')})
      select 1 from hidden`,
    );
    if (hidden.rows.length === 0) return;
    await recordAdminAction(tx, admin, {
      action: 'hide_review',
      target: {
        type: 'review',
        id: review.id,
        label: `A ${review.rating}-star review of ${review.subjectName}`,
      },
      changes: { rating: review.rating },
    });
  });
}

/**
 * At a handover, in its transaction: each side's completed deals count one more, and both are
 * invited to review the other.
 */
export async function countHandover(
  tx: Database,
  jobs: JobQueue,
  booking: BookingSides,
): Promise<void> {
  await lockSides(tx, booking);
  await tx
    .update(users)
    .set({
      completedSales: sql`${users.completedSales} + (${users.id} = ${booking.sellerId})::int`,
      completedPurchases: sql`${users.completedPurchases} + (${users.id} = ${booking.buyerId})::int`,
    })
    .where(inArray(users.id, [booking.buyerId, booking.sellerId]));
  const sides: Recipient[] = [
    { userId: booking.buyerId, side: 'buyer' },
    { userId: booking.sellerId, side: 'seller' },
  ];
  for (const recipient of sides) await notify(tx, jobs, recipient, booking.id, 'review_invited');
}

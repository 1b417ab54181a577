import { sql, type SQL } from 'drizzle-orm';
import { REVIEW_WINDOW_DAYS, type BookingSide } from '@reloop/shared';
import { isoTime } from '../db/json.ts';
import { bookings, reviews, users } from '../db/schema.ts';

/** Reputation's fields in other features' views: bookings, sales and listings. */

/** The review window as an SQL interval's text. */
const REVIEW_WINDOW = `${REVIEW_WINDOW_DAYS} days`;

/**
 * What a booking or sale shows `side` of its reviews (DESIGN §16): until when they may still
 * review the other side, and their own review once written (which the other side cannot see
 * until it is shown). Only a handed-over booking looks its reviews up.
 */
export function reviewFieldsOf(side: BookingSide) {
  const ownReview = sql`select ${reviews.id} as "_id", ${reviews.rating} as rating,
    ${reviews.text} as text, ${reviews.revealedAt} is not null as revealed
    from ${reviews}
    where ${reviews.bookingId} = ${bookings.id} and ${reviews.authorSide} = ${sql.raw(`'${side}'`)}`;
  const handedOver = sql`${bookings.status} = 'completed'`;
  const closesAt = sql`(${bookings.completedAt} + ${sql.raw(`'${REVIEW_WINDOW}'`)}::interval)`;
  return {
    reviewUntil: sql`case when ${handedOver} and ${closesAt} > now() and not exists (${ownReview})
      then ${isoTime(closesAt)} end`,
    myReview: sql`case when ${handedOver} then (select row_to_json(own) from (${ownReview}) own) end`,
  };
}

/** An average of `sum` over `count` reviews, to one decimal as people read it; null for none. */
export const averageRating = (sum: SQL, count: SQL) =>
  sql<number>`round(${sum}::numeric / nullif(${count}, 0), 1)::float8`;

/** The average a user's shown reviews give them (null for none), from their row. */
export const userAverageRating = averageRating(sql`${users.ratingSum}`, sql`${users.ratingCount}`);

/**
 * A listing's seller's rating as a card shows it ("★ 4.8 · 23"), from the joined `users` row;
 * JSON null until a review of them shows (never SQL NULL, which would void the listing's text).
 */
export const sellerRatingSummary = sql`case when ${users.ratingCount} > 0
  then json_build_object('average', ${userAverageRating}, 'count', ${users.ratingCount})
  else 'null'::json end`;

import { z } from 'zod';
import { idSchema } from './common.ts';

/**
 * Reputation (DESIGN §16): after a handover, buyer and seller review each other once, double
 * blind; the reviewed person may answer once; profiles carry the aggregates.
 */

export const MAX_REVIEW_TEXT = 1000;

const reviewText = z
  .string({ error: 'is required' })
  .trim()
  .min(1, 'is required')
  .max(MAX_REVIEW_TEXT, `must be at most ${MAX_REVIEW_TEXT} characters`);

export const reviewBodySchema = z
  .object({
    rating: z
      .number({ error: 'must be a whole number from 1 to 5' })
      .int('must be a whole number from 1 to 5')
      .min(1, 'must be from 1 to 5')
      .max(5, 'must be from 1 to 5'),
    text: reviewText,
  })
  .meta({ id: 'NewReview' });
export type ReviewBody = z.input<typeof reviewBodySchema>;

export const reviewReplyBodySchema = z.object({ text: reviewText }).meta({ id: 'NewReviewReply' });
export type ReviewReplyBody = z.input<typeof reviewReplyBodySchema>;

const isoTime = z.string();

/** Who wrote a review, as anyone may see them. */
const reviewAuthorSchema = z.object({ _id: idSchema, name: z.string(), photoURL: z.string() });

/** A review as a profile lists it: shown once both sides reviewed or the window closed. */
export const reviewSchema = z
  .object({
    _id: idSchema,
    rating: z.number().int().min(1).max(5),
    text: z.string(),
    createdAt: isoTime,
    author: reviewAuthorSchema,
    /** The author's side of the booking: a seller's review is of a buyer, and the other way. */
    authorSide: z.enum(['buyer', 'seller']),
    productName: z.string(),
    /** The reviewed person's one answer. */
    reply: z.object({ text: z.string(), createdAt: isoTime }).nullable(),
  })
  .meta({ id: 'Review' });
export type Review = z.infer<typeof reviewSchema>;

/** A reported review, as the admins' list shows it, with whom it is about. */
export const reportedReviewSchema = reviewSchema
  .extend({
    subject: reviewAuthorSchema,
    reportedAt: isoTime,
  })
  .meta({ id: 'ReportedReview' });
export type ReportedReview = z.infer<typeof reportedReviewSchema>;

/**
 * The author's own review of a booking, as its booking or sale shows it: the other side cannot
 * see it until `revealed`.
 */
export const ownReviewSchema = z.object({
  _id: idSchema,
  rating: z.number().int(),
  text: z.string(),
  revealed: z.boolean(),
});
export type OwnReview = z.infer<typeof ownReviewSchema>;

/**
 * A rating from its reviews: `average` to one decimal (null with none), `count`, and `histogram`,
 * how many reviews gave 1, 2, 3, 4 and 5 stars.
 */
export const ratingSchema = z
  .object({
    average: z.number().nullable(),
    count: z.number().int(),
    histogram: z.array(z.number().int()).length(5),
  })
  .meta({ id: 'Rating' });
export type Rating = z.infer<typeof ratingSchema>;

/** A rating as a card shows it ("★ 4.8 · 23"); null until the first review shows. */
export const ratingSummarySchema = z
  .object({ average: z.number(), count: z.number().int() })
  .nullable();
export type RatingSummary = z.infer<typeof ratingSummarySchema>;

/** `GET /api/users/:id/profile`: what anyone may see of a buyer or a seller. */
export const profileSchema = z
  .object({
    _id: idSchema,
    name: z.string(),
    photoURL: z.string(),
    memberSince: isoTime,
    verified: z.boolean(),
    role: z.enum(['buyer', 'seller']),
    rating: ratingSchema,
    /** Handovers as the seller; a buyer's bought laptops are `completedPurchases`. */
    completedSales: z.number().int(),
    completedPurchases: z.number().int(),
  })
  .meta({ id: 'Profile' });
export type Profile = z.infer<typeof profileSchema>;

/** Filters a search to sellers rated at least this many stars on average. */
export const minRatingSchema = z
  .string()
  .regex(/^\d+(\.\d+)?$/, 'must be a number from 1 to 5')
  .transform(Number)
  .pipe(z.number().min(1, 'must be from 1 to 5').max(5, 'must be from 1 to 5'));

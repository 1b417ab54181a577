import { z } from 'zod';
import { idSchema } from './common.ts';
import {
  bookingStatusSchema,
  paginationQuerySchema,
  productSchema,
  userSchema,
} from './marketplace.ts';
import { fundsSchema } from './money.ts';

/**
 * Moderation (DESIGN §19): reports with reasons, suspensions, verification requests, the audit
 * log of every admin action and the orders lookup.
 */

const isoTime = z.string();

/**
 * The API's refusals of moderation calls. Apart from `messages`, which the web app's first bundle
 * carries: the web app shows these as the API words them.
 */
export const moderationMessages = {
  ownListingReport: 'You cannot report your own listing',
  alreadyReported: 'You already reported this listing: an admin will look at it',
  cannotSuspendSelf: 'You cannot suspend your own account',
  cannotSuspendAdmin: 'An admin account cannot be suspended',
  cannotDeleteAdmin: 'An admin account cannot be deleted',
  onlySellersVerified: 'Only sellers can be verified',
  alreadyVerified: 'Your account is already verified',
  verificationPending: 'You already asked to be verified: an admin will answer soon',
  verificationRequestNotFound: 'Verification request not found',
  verificationAnswered: 'This request was already answered',
} as const;

// Reports

export const reportReasonSchema = z.enum([
  'scam',
  'prohibited',
  'wrong_category',
  'misleading',
  'other',
]);
export type ReportReason = z.infer<typeof reportReasonSchema>;

/** The spec's report call sends no body; a reason and a few words are optional. */
export const productReportBodySchema = z
  .object({
    reason: reportReasonSchema.optional(),
    text: z.string().trim().max(1000, 'must be at most 1000 characters').optional(),
  })
  .meta({ id: 'ProductReport' });
export type ProductReportBody = z.input<typeof productReportBodySchema>;

/** A listing's open reports, as the admin's reported list shows them. */
export const listingReportsSchema = z
  .object({
    count: z.number().int().min(0),
    /** How many reports gave each reason; `null` is a report sent without one. */
    reasons: z.array(z.object({ reason: reportReasonSchema.nullable(), count: z.number().int() })),
    /** The words of the latest reports that had any, newest first (at most five). */
    texts: z.array(z.string()),
    firstReportedAt: isoTime,
    lastReportedAt: isoTime,
  })
  .meta({ id: 'ListingReports' });
export type ListingReports = z.infer<typeof listingReportsSchema>;

/** The listings the signed-in user reported, newest report first: their buttons read "reported". */
export const ownReportsSchema = z
  .object({ productIds: z.array(idSchema) })
  .meta({ id: 'OwnReports' });
export type OwnReports = z.infer<typeof ownReportsSchema>;

/** At most this many of a user's reports are listed for their buttons (the latest ones). */
export const OWN_REPORTS_LISTED = 1000;

export const reportedProductSchema = productSchema
  // An unnamed copy, as above: null for a listing marked reported before reports had rows.
  .extend({ reports: z.object(listingReportsSchema.shape).nullable().optional() })
  .meta({ id: 'ReportedProduct' });
export type ReportedProduct = z.infer<typeof reportedProductSchema>;

// Users

export const userStatusSchema = z.enum(['active', 'suspended']);
export type UserStatus = z.infer<typeof userStatusSchema>;

export const adminUserQuerySchema = paginationQuerySchema.extend({
  q: z.string().trim().max(200).optional().describe('Words of the name or the email'),
  role: z.enum(['buyer', 'seller', 'admin']).optional(),
  status: userStatusSchema.optional(),
});
export type AdminUserQuery = z.output<typeof adminUserQuerySchema>;

export const adminUserSchema = userSchema
  .extend({
    status: userStatusSchema,
    suspendedUntil: isoTime.nullable(),
    suspensionReason: z.string().nullable(),
    joinedAt: isoTime,
  })
  .meta({ id: 'AdminUser' });
export type AdminUser = z.infer<typeof adminUserSchema>;

/**
 * Sign-in and every call of a suspended account: until when, and why. Here rather than with the
 * other messages, which the web app's first bundle carries: only the API words it.
 */
export const accountSuspended = (until: Date, reason: string) =>
  `Your account is suspended until ${until.toLocaleString('en-US', {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: 'UTC',
  })} UTC: ${reason}`;

/** The longest suspension: a longer one is a deletion. */
export const MAX_SUSPENSION_DAYS = 365;

const suspensionReason = z
  .string({ error: 'is required' })
  .trim()
  .min(1, 'is required')
  .max(500, 'must be at most 500 characters');
const suspensionEnd = z.iso.datetime({ offset: true, error: 'must be a date and time' });

export const suspensionBodySchema = z
  .object({ until: suspensionEnd, reason: suspensionReason })
  .meta({ id: 'Suspension' });
export type SuspensionBody = z.input<typeof suspensionBodySchema>;

/**
 * The spec's checkboxes: several users suspended or deleted at once, all or none. A suspension
 * takes `until` and `reason`.
 */
export const bulkUserActionBodySchema = z
  .object({
    action: z.enum(['suspend', 'delete']),
    ids: z.array(idSchema).min(1, 'select at least one user').max(100),
    until: suspensionEnd.optional(),
    reason: suspensionReason.optional(),
  })
  .superRefine((body, ctx) => {
    if (body.action !== 'suspend') return;
    if (!body.until) ctx.addIssue({ code: 'custom', path: ['until'], message: 'is required' });
    if (!body.reason) ctx.addIssue({ code: 'custom', path: ['reason'], message: 'is required' });
  })
  .meta({ id: 'BulkUserAction' });
export type BulkUserActionBody = z.input<typeof bulkUserActionBodySchema>;

export const bulkUserActionResultSchema = z
  .object({ acknowledged: z.literal(true), count: z.number().int() })
  .meta({ id: 'BulkUserActionResult' });

// Verification

export const verificationRequestBodySchema = z
  .object({
    note: z
      .string()
      .trim()
      .max(1000, 'must be at most 1000 characters')
      .optional()
      .describe('What the admin should know: a shop, a website, how long they have sold'),
  })
  .meta({ id: 'NewVerificationRequest' });
export type VerificationRequestBody = z.input<typeof verificationRequestBodySchema>;

export const verificationStatusSchema = z.enum(['pending', 'approved', 'declined']);
export type VerificationStatus = z.infer<typeof verificationStatusSchema>;

export const verificationRequestSchema = z
  .object({
    _id: idSchema,
    seller: z.object({ _id: idSchema, name: z.string(), email: z.string() }),
    note: z.string(),
    status: verificationStatusSchema,
    createdAt: isoTime,
    decidedAt: isoTime.nullable(),
  })
  .meta({ id: 'VerificationRequest' });
export type VerificationRequest = z.infer<typeof verificationRequestSchema>;

/** What a seller sees of their own: verified already, or their latest request. */
export const ownVerificationSchema = z
  // An unnamed copy: a named schema made nullable has no `type` beside `nullable` in OpenAPI.
  .object({ verified: z.boolean(), request: z.object(verificationRequestSchema.shape).nullable() })
  .meta({ id: 'OwnVerification' });
export type OwnVerification = z.infer<typeof ownVerificationSchema>;

// Audit log

export const adminActionKindSchema = z.enum([
  'verify',
  'decline_verification',
  'unverify',
  'suspend',
  'unsuspend',
  'delete_user',
  'delete_listing',
  'dismiss_report',
  'resolve_complaint',
  'hide_review',
]);
export type AdminActionKind = z.infer<typeof adminActionKindSchema>;

export const auditTargetTypeSchema = z.enum(['user', 'listing', 'booking', 'review']);

export const adminActionSchema = z
  .object({
    _id: idSchema,
    admin: z.object({ _id: idSchema, name: z.string() }),
    action: adminActionKindSchema,
    target: z.object({ type: auditTargetTypeSchema, _id: idSchema, label: z.string() }),
    reason: z.string().nullable(),
    /** What changed, as the action recorded it (e.g. `{"until": …}` or `{"bookingsCancelled": 2}`). */
    changes: z.record(z.string(), z.unknown()),
    createdAt: isoTime,
  })
  .meta({ id: 'AdminAction' });
export type AdminAction = z.infer<typeof adminActionSchema>;

// Orders lookup

export const adminBookingQuerySchema = paginationQuerySchema.extend({
  status: bookingStatusSchema.optional(),
  funds: fundsSchema.optional(),
  q: z
    .string()
    .trim()
    .max(200)
    .optional()
    .describe("A booking's id, or words of its buyer's or seller's name or email"),
});
export type AdminBookingQuery = z.output<typeof adminBookingQuerySchema>;

const party = z.object({ _id: idSchema, name: z.string(), email: z.string() });

export const adminBookingSchema = z
  .object({
    _id: idSchema,
    product: z.object({ _id: idSchema, name: z.string(), image: z.string() }),
    price: z.number(),
    buyer: party,
    seller: party,
    status: bookingStatusSchema,
    funds: fundsSchema,
    paidAt: isoTime.nullable(),
    cancelledAt: isoTime.nullable(),
    cancelledBy: z.enum(['buyer', 'seller']).nullable(),
    refund: z
      .object({
        status: z.enum(['refunding', 'refunded']),
        amount: z.number().nullable(),
      })
      .nullable(),
    createdAt: isoTime,
  })
  .meta({ id: 'AdminBooking' });
export type AdminBooking = z.infer<typeof adminBookingSchema>;

import { z } from 'zod';
import { idSchema } from './common.ts';

/**
 * Money held until the handover, and the seller paid (DESIGN §15): the shapes of the escrow,
 * complaint, payout and earnings calls.
 */

/**
 * Where a booking's money is. `none`: never paid (unpaid, cancelled before paying, closed).
 * `held`: paid, and after the handover until `releaseAt`. `disputed`: the buyer complained and
 * an admin decides. `released`: on its way to the seller. `refunded`: back to the buyer. `split`:
 * part refunded, the rest released.
 */
export const fundsSchema = z.enum(['none', 'held', 'disputed', 'released', 'refunded', 'split']);
export type Funds = z.infer<typeof fundsSchema>;

/** How many wrong handover codes lock the call, and for how long. */
export const HANDOVER_ATTEMPTS = 5;
export const HANDOVER_LOCK_MINUTES = 15;

/** The seller types the code the buyer shows; spaces (as in "123 456") are ignored. */
export const handoverBodySchema = z
  .object({
    code: z
      .string({ error: 'is required' })
      .transform((value) => value.replace(/\s/g, ''))
      .pipe(z.string().regex(/^\d{6}$/, 'must be the six digits the buyer shows')),
  })
  .meta({ id: 'Handover' });
export type HandoverBody = z.input<typeof handoverBodySchema>;

/** A wrong handover code: how many tries are left before the call is locked. */
export const wrongHandoverCodeSchema = z
  .object({ message: z.string(), attemptsLeft: z.number().int().min(0) })
  .meta({ id: 'WrongHandoverCode' });

export const disputeReasonSchema = z.enum([
  'not_as_described',
  'not_working',
  'missing_parts',
  'other',
]);
export type DisputeReason = z.infer<typeof disputeReasonSchema>;

/** A complaint's reason as people read it: in the thread, the forms and the admins' list. */
export const disputeReasonLabels: Record<DisputeReason, string> = {
  not_as_described: 'Not as described',
  not_working: 'Does not work',
  missing_parts: 'Parts missing',
  other: 'Something else',
};

export const MAX_DISPUTE_TEXT = 2000;

export const disputeBodySchema = z
  .object({
    reason: disputeReasonSchema,
    text: z
      .string({ error: 'is required' })
      .trim()
      .min(1, 'is required')
      .max(MAX_DISPUTE_TEXT, `must be at most ${MAX_DISPUTE_TEXT} characters`),
  })
  .meta({ id: 'NewDispute' });
export type DisputeBody = z.input<typeof disputeBodySchema>;

export const disputeOutcomeSchema = z.enum(['refund', 'release', 'split']);
export type DisputeOutcome = z.infer<typeof disputeOutcomeSchema>;

/**
 * An admin's decision. `refundCents` is the part given back in a split (more than 0, less than
 * the price); a full refund or release takes none.
 */
export const disputeResolutionBodySchema = z
  .object({
    outcome: disputeOutcomeSchema,
    refundCents: z.number().int('must be whole cents').positive('must be more than 0').optional(),
  })
  .superRefine((body, ctx) => {
    if (body.outcome === 'split' && body.refundCents === undefined) {
      ctx.addIssue({ code: 'custom', path: ['refundCents'], message: 'is required for a split' });
    }
    if (body.outcome !== 'split' && body.refundCents !== undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['refundCents'],
        message: 'is only for a split: a refund gives back everything, a release nothing',
      });
    }
  })
  .meta({ id: 'DisputeResolution' });
export type DisputeResolutionBody = z.input<typeof disputeResolutionBodySchema>;

const isoTime = z.string();

/** A complaint as the admins' Complaints page lists it. */
export const disputeSchema = z
  .object({
    bookingId: idSchema,
    productName: z.string(),
    priceCents: z.number().int(),
    buyerName: z.string(),
    sellerName: z.string(),
    reason: disputeReasonSchema,
    text: z.string(),
    openedAt: isoTime,
    /** Null while open. */
    outcome: disputeOutcomeSchema.nullable(),
    refundCents: z.number().int().nullable(),
    resolvedAt: isoTime.nullable(),
    funds: fundsSchema,
    /** The provider's refund, once a refund or split has been sent. */
    refundId: z.string().nullable(),
  })
  .meta({ id: 'Dispute' });
export type Dispute = z.infer<typeof disputeSchema>;

export const payoutAccountStatusSchema = z.enum(['none', 'pending', 'enabled']);
export type PayoutAccountStatus = z.infer<typeof payoutAccountStatusSchema>;

export const payoutAccountSchema = z
  .object({ status: payoutAccountStatusSchema })
  .meta({ id: 'PayoutAccount' });
export type PayoutAccount = z.infer<typeof payoutAccountSchema>;

/** Where the seller goes next: the provider's onboarding, or back to the earnings page. */
export const payoutSetupSchema = z.object({ url: z.string() }).meta({ id: 'PayoutSetup' });
export type PayoutSetup = z.infer<typeof payoutSetupSchema>;

/** One released sale's money on its way to the seller. */
export const payoutSchema = z
  .object({
    bookingId: idSchema,
    productName: z.string(),
    /** What the seller gets: the released amount less the fee. */
    amountCents: z.number().int(),
    feeCents: z.number().int(),
    /** `waiting` for an enabled payout account (or the provider), `sent` once transferred. */
    status: z.enum(['waiting', 'sent']),
    releasedAt: isoTime,
    paidOutAt: isoTime.nullable(),
  })
  .meta({ id: 'Payout' });
export type Payout = z.infer<typeof payoutSchema>;

/** Months of earnings the earnings chart shows. */
export const EARNINGS_MONTHS = 12;
/** Days of the admins' money chart. */
export const MONEY_DAYS = 30;
/** The latest payouts the earnings page lists. */
export const EARNINGS_PAYOUTS = 50;

export const earningsSchema = z
  .object({
    /** Paid for and not yet released: the seller's once the complaint window ends. */
    heldCents: z.number().int(),
    /** Released and not yet transferred. */
    availableCents: z.number().int(),
    paidOutCents: z.number().int(),
    feesCents: z.number().int(),
    /** The latest released sales, newest first. */
    payouts: z.array(payoutSchema),
    /** The last months' released earnings (after fees) and fees, oldest first; `month` is YYYY-MM. */
    byMonth: z.array(
      z.object({ month: z.string(), earnedCents: z.number().int(), feesCents: z.number().int() }),
    ),
  })
  .meta({ id: 'Earnings' });
export type Earnings = z.infer<typeof earningsSchema>;

export const moneyOverviewSchema = z
  .object({
    heldCents: z.number().int(),
    releasedCents: z.number().int(),
    refundedCents: z.number().int(),
    feesCents: z.number().int(),
    /** The last days' movements, oldest first; `day` is YYYY-MM-DD. */
    byDay: z.array(
      z.object({
        day: z.string(),
        paidCents: z.number().int(),
        releasedCents: z.number().int(),
        refundedCents: z.number().int(),
        feesCents: z.number().int(),
      }),
    ),
  })
  .meta({ id: 'MoneyOverview' });
export type MoneyOverview = z.infer<typeof moneyOverviewSchema>;

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** Cents as people read them: 125050 → "$1,250.50". */
export const centsText = (cents: number): string => usd.format(cents / 100);

import { z } from 'zod';
import {
  disputeOutcomeSchema,
  priceSchema,
  type DisputeOutcome,
  type DisputeResolutionBody,
} from '@reloop/shared';
import { formatCents } from '../../../lib/format.ts';
import { numberFromText, required } from '../../../lib/form-schemas.ts';

/** The decisions an admin can take on a complaint, as the form offers them. */
export const outcomeChoices: Record<DisputeOutcome, string> = {
  refund: 'Refund the buyer',
  release: 'Release to the seller',
  split: 'Split',
};

/**
 * The resolve form's rules, for a complaint about a sale at `priceCents`: a decision, and for a
 * split the part given back, typed in dollars (a price's rules: more than 0, at most two
 * decimals) and less than the price. What it gives is the API's body, in cents.
 */
export const resolutionFormSchema = (priceCents: number) => {
  const splitRefund = numberFromText(
    priceSchema.refine(
      (dollars) => Math.round(dollars * 100) < priceCents,
      `must be less than the price, ${formatCents(priceCents)}`,
    ),
  ).transform((dollars) => Math.round(dollars * 100));
  return z
    .object({ outcome: required(disputeOutcomeSchema), refundCents: z.string() })
    .transform(({ outcome, refundCents }, context): DisputeResolutionBody => {
      if (outcome !== 'split') return { outcome };
      const refund = splitRefund.safeParse(refundCents);
      if (refund.success) return { outcome, refundCents: refund.data };
      for (const { message } of refund.error.issues) {
        context.addIssue({ code: 'custom', message, path: ['refundCents'] });
      }
      return z.NEVER;
    });
};

export type ResolutionFormInput = z.input<ReturnType<typeof resolutionFormSchema>>;

/** The part of the price that goes back to the buyer by a decision. */
const refundOf = (
  priceCents: number,
  { outcome, refundCents }: { outcome: DisputeOutcome; refundCents?: number | null | undefined },
): number => (outcome === 'refund' ? priceCents : outcome === 'release' ? 0 : (refundCents ?? 0));

/** What a decision does with the money: "$120.00 back to the buyer, $380.00 to the seller". */
export function whereTheMoneyGoes(
  priceCents: number,
  decision: { outcome: DisputeOutcome; refundCents?: number | null | undefined },
): string {
  const refund = refundOf(priceCents, decision);
  return `${formatCents(refund)} back to the buyer, ${formatCents(priceCents - refund)} to the seller`;
}

import type { ReactNode } from 'react';
import { disputeReasonLabels, type Dispute, type DisputeOutcome } from '@reloop/shared';
import { formatCents, formatDateTime } from '../../../lib/format.ts';

const OUTCOME_BADGES: Record<DisputeOutcome, string> = {
  refund: 'Refunded',
  release: 'Released',
  split: 'Split',
};

/** Open, or how it was decided. */
export function ComplaintBadge({ dispute }: { dispute: Dispute }) {
  return dispute.outcome ? (
    <span className="badge badge-outline whitespace-nowrap">{OUTCOME_BADGES[dispute.outcome]}</span>
  ) : (
    <span className="badge badge-warning whitespace-nowrap">Open</span>
  );
}

/**
 * What the complaint is about and what the buyer wrote; `brief` keeps the text to a few lines,
 * for the list.
 */
export function ComplaintFacts({ dispute, brief = false }: { dispute: Dispute; brief?: boolean }) {
  const facts: [string, ReactNode][] = [
    ['Price', formatCents(dispute.priceCents)],
    ['Buyer', dispute.buyerName],
    ['Seller', dispute.sellerName],
    ['Reason', disputeReasonLabels[dispute.reason]],
    ['Opened', <time dateTime={dispute.openedAt}>{formatDateTime(dispute.openedAt)}</time>],
  ];
  return (
    <>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        {facts.map(([term, value]) => (
          <div key={term} className="contents">
            <dt className="text-base-content/70">{term}</dt>
            <dd className="min-w-0 break-words">{value}</dd>
          </div>
        ))}
      </dl>
      <p className={`mt-2 break-words whitespace-pre-wrap ${brief ? 'line-clamp-3' : ''}`}>
        {dispute.text}
      </p>
    </>
  );
}

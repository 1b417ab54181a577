import type { DisputeReason } from '@reloop/shared';

/** A complaint's reason as people read it. */
export const disputeReasonLabels: Record<DisputeReason, string> = {
  not_as_described: 'Not as described',
  not_working: 'Does not work',
  missing_parts: 'Parts missing',
  other: 'Something else',
};

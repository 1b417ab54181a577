import { sharedKeys } from '../../../lib/query-keys.ts';

/**
 * The seller's money: the earnings sit under the shared sales root, so every change to a sale
 * (a handover, a cancellation, a release) refreshes them too.
 */
export const earningsKeys = {
  earnings: [...sharedKeys.sales, 'earnings'] as const,
  payoutAccount: ['payout-account'] as const,
};

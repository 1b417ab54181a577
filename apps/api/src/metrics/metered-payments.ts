import type { PaymentProvider } from '../payments/provider.ts';
import type { AppMetrics } from './metrics.ts';

/**
 * The payment provider with each call that moves or checks money timed and counted by outcome,
 * so a rise in failed payments, refunds or transfers shows on a dashboard before a seller
 * writes in.
 */
export function meteredPayments(provider: PaymentProvider, metrics: AppMetrics): PaymentProvider {
  const timed = async <T>(operation: string, call: () => Promise<T>): Promise<T> => {
    const end = metrics.providerCalls.startTimer({ operation });
    try {
      const result = await call();
      end({ outcome: 'success' });
      return result;
    } catch (error) {
      end({ outcome: 'failure' });
      throw error;
    }
  };
  return {
    name: provider.name,
    createIntent: (input) => timed('create_intent', () => provider.createIntent(input)),
    retrieveIntent: (id) => timed('retrieve_intent', () => provider.retrieveIntent(id)),
    refund: (intentId, cents) => timed('refund', () => provider.refund(intentId, cents)),
    transfer: (input) => timed('transfer', () => provider.transfer(input)),
    createPayoutAccount: (input) =>
      timed('create_payout_account', () => provider.createPayoutAccount(input)),
    payoutOnboardingUrl: (accountId, returnUrl) =>
      provider.payoutOnboardingUrl(accountId, returnUrl),
  };
}

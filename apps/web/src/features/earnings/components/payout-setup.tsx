import type { PayoutAccountStatus } from '@reloop/shared';
import { Loaded } from '../../../components/loaded.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { usePayoutAccount, useSetUpPayouts } from '../api/earnings.ts';

/** What the seller reads, and the button that sets payouts up, while they are not. */
const STEPS: Record<Exclude<PayoutAccountStatus, 'enabled'>, { text: string; action: string }> = {
  none: {
    text: 'Set up payouts once, and released money goes to your bank account. Until then it waits here.',
    action: 'Set up payouts',
  },
  pending: {
    text: 'Your payout account needs a few more details before money can go out to it.',
    action: 'Finish setting up payouts',
  },
};

/** Where the seller's money goes: set up, or a button to set it up (again, if unfinished). */
export function PayoutSetup() {
  const account = usePayoutAccount();
  const setUp = useSetUpPayouts();
  return (
    <section aria-labelledby="payouts-title" className="bg-base-200 rounded-box p-4">
      <h2 id="payouts-title" className="mb-2 text-xl font-semibold">
        Payouts
      </h2>
      <div aria-live="polite">
        <Loaded query={account} label="Loading your payout account">
          {({ status }) => {
            if (status === 'enabled') {
              return <p>Payouts go to your account: released money is sent there on its own.</p>;
            }
            const step = STEPS[status];
            return (
              <div className="flex flex-wrap items-center gap-4">
                <p className="flex-1 basis-64">{step.text}</p>
                <button
                  type="button"
                  className="btn btn-primary"
                  onClick={() => setUp.mutate()}
                  disabled={setUp.isPending}
                >
                  {setUp.isPending && (
                    <span className="loading loading-spinner" aria-hidden="true" />
                  )}
                  {step.action}
                </button>
              </div>
            );
          }}
        </Loaded>
      </div>
      {setUp.isError && (
        <p role="alert" className="text-error mt-2">
          {errorMessage(setUp.error)}
        </p>
      )}
    </section>
  );
}

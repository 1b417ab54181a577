import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { errorBodySchema, HANDOVER_LOCK_MINUTES, handoverBodySchema } from '@reloop/shared';
import { describedBy, Field } from '../../../components/form-field.tsx';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';
import { useBookingMutation } from '../../../lib/bookings.ts';
import { showFieldErrors } from '../../../lib/form-errors.ts';
import { toastOutcome } from '../../../lib/mutation-toasts.ts';
import { enterHandoverCode, HandoverLocked } from '../api/sales.ts';

type CodeInput = z.input<typeof handoverBodySchema>;
type Code = z.output<typeof handoverBodySchema>;

const count = (amount: number, noun: string, nouns: string) =>
  `${amount} ${amount === 1 ? noun : nouns}`;

/** The server's refusal, with how many tries are left or when the code can be tried again. */
function refusalText(error: unknown): string {
  if (error instanceof HandoverLocked) {
    return error.minutes
      ? `${error.message}. You can try again in ${count(error.minutes, 'minute', 'minutes')}.`
      : error.message;
  }
  const body = error instanceof ApiError && errorBodySchema.safeParse(error.body);
  const attemptsLeft = body && body.success ? body.data.attemptsLeft : undefined;
  if (attemptsLeft === undefined) return errorMessage(error);
  // The last wrong try locks the code at once, for the whole lock.
  const next =
    attemptsLeft > 0
      ? `${count(attemptsLeft, 'try', 'tries')} left.`
      : `No tries left: you can try again in ${HANDOVER_LOCK_MINUTES} minutes.`;
  return `${errorMessage(error)}. ${next}`;
}

// The refusals stay under the code, where the seller types the next try; only the success is
// toasted.
const handedOver = toastOutcome('Handover confirmed: the payment is held while the buyer checks');

/**
 * At the meetup the seller types the six digits the buyer shows (spaces as in "123 456" are
 * fine), which completes the sale. A wrong code says how many tries are left, and too many lock
 * it for a while: both are announced where the code is typed.
 */
export default function HandoverCodeForm({ sale }: { sale: { _id: string; productName: string } }) {
  const [refusal, setRefusal] = useState<string | null>(null);
  const handOver = useBookingMutation(({ code }: Code) => enterHandoverCode(sale._id, code));
  const { register, handleSubmit, formState, setError } = useForm<CodeInput, unknown, Code>({
    resolver: zodResolver(handoverBodySchema),
    defaultValues: { code: '' },
  });
  const id = `handover-code-${sale._id}`;
  const error = formState.errors.code?.message;

  const onSubmit = handleSubmit(async (code) => {
    setRefusal(null);
    try {
      await handOver.mutateAsync(code);
      handedOver.onSuccess();
    } catch (refused) {
      if (showFieldErrors(refused, ['code'], setError)) return;
      setRefusal(refusalText(refused));
    }
  });

  return (
    <form
      className="basis-full"
      aria-label={`Enter the buyer’s code for ${sale.productName}`}
      onSubmit={(event) => void onSubmit(event)}
      noValidate
    >
      <Field id={id} label="Buyer’s code" error={error}>
        <div className="join">
          <input
            className="input input-bordered input-sm join-item w-32 font-mono tracking-widest"
            inputMode="numeric"
            autoComplete="off"
            placeholder="123 456"
            {...describedBy(id, error)}
            {...register('code')}
          />
          <button
            type="submit"
            className="btn btn-sm btn-success join-item"
            disabled={formState.isSubmitting}
          >
            {formState.isSubmitting && (
              <span className="loading loading-spinner" aria-hidden="true" />
            )}
            Confirm handover
          </button>
        </div>
      </Field>
      <p role="alert" className="text-error text-sm">
        {refusal}
      </p>
    </form>
  );
}

import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import type { Dispute, DisputeOutcome, DisputeResolutionBody } from '@reloop/shared';
import { ConfirmDialog, useConfirmedAction } from '../../../components/confirm-dialog.tsx';
import { FormField, fieldSentence } from '../../../components/form-field.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { showFieldErrors } from '../../../lib/form-errors.ts';
import { formatCents } from '../../../lib/format.ts';
import { toastOutcome } from '../../../lib/mutation-toasts.ts';
import { useResolveDispute } from '../api/disputes.ts';
import {
  outcomeChoices,
  resolutionFormSchema,
  whereTheMoneyGoes,
  type ResolutionFormInput,
} from './complaint-decision.ts';

const DECISION = 'Decision';
const OUTCOME_ERROR_ID = 'complaint-outcome-error';
const { onSuccess: toastResolved } = toastOutcome('Complaint resolved');

/**
 * Deciding an open complaint: refund the buyer, release to the seller, or split (the part given
 * back typed in dollars). One confirmation says where the money goes before it is sent. A
 * refusal (another admin decided first) shows under the form, and the complaint is read again.
 */
export function ResolveForm({ dispute }: { dispute: Dispute }) {
  const { bookingId, priceCents } = dispute;
  const schema = useMemo(() => resolutionFormSchema(priceCents), [priceCents]);
  const { register, handleSubmit, formState, setError, control } = useForm<
    ResolutionFormInput,
    unknown,
    DisputeResolutionBody
  >({ resolver: zodResolver(schema), defaultValues: { outcome: '', refundCents: '' } });
  const outcome = useWatch({ control, name: 'outcome' });
  const resolve = useResolveDispute(bookingId);
  const [refusal, setRefusal] = useState<string | null>(null);
  const decision = useConfirmedAction<DisputeResolutionBody>((body, done) => {
    setRefusal(null);
    resolve.mutate(body, {
      onSuccess: toastResolved,
      onError: (failure) => {
        if (!showFieldErrors(failure, ['outcome', 'refundCents'], setError)) {
          setRefusal(errorMessage(failure));
        }
      },
      onSettled: done,
    });
  });
  const outcomeError = formState.errors.outcome?.message;

  return (
    <>
      <form
        className="grid gap-3"
        onSubmit={(event) => void handleSubmit(decision.ask)(event)}
        noValidate
        aria-labelledby="resolve-title"
      >
        <h3 id="resolve-title" className="text-lg font-semibold">
          Resolve the complaint
        </h3>
        <fieldset aria-describedby={OUTCOME_ERROR_ID}>
          <legend className="mb-1 text-sm">{DECISION}</legend>
          <div className="flex flex-wrap gap-x-6 gap-y-2">
            {(Object.entries(outcomeChoices) as [DisputeOutcome, string][]).map(
              ([value, label]) => (
                <label key={value} className="flex cursor-pointer items-center gap-2">
                  <input
                    type="radio"
                    className="radio radio-sm"
                    value={value}
                    aria-invalid={outcomeError ? true : undefined}
                    {...register('outcome')}
                  />
                  {label}
                </label>
              ),
            )}
          </div>
          <p id={OUTCOME_ERROR_ID} className="text-error min-h-5 text-sm">
            {outcomeError && fieldSentence(DECISION, outcomeError)}
          </p>
        </fieldset>
        {outcome === 'split' && (
          <FormField
            id="complaint-refund"
            label="Refund in dollars"
            inputMode="decimal"
            autoComplete="off"
            placeholder={`Less than ${formatCents(priceCents)}`}
            error={formState.errors.refundCents?.message}
            {...register('refundCents')}
          />
        )}
        <p role="alert" className="text-error text-sm">
          {refusal}
        </p>
        <div>
          <button type="submit" className="btn btn-primary">
            Resolve
          </button>
        </div>
      </form>
      <ConfirmDialog
        open={decision.pending !== null}
        title="Resolve this complaint?"
        message={
          decision.pending
            ? `${whereTheMoneyGoes(priceCents, decision.pending)}. This cannot be changed afterwards.`
            : ''
        }
        confirmLabel="Resolve"
        busy={resolve.isPending}
        onConfirm={decision.confirm}
        onCancel={decision.cancel}
      />
    </>
  );
}

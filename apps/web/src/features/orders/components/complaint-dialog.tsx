import { zodResolver } from '@hookform/resolvers/zod';
import { useRef } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import {
  disputeBodySchema,
  disputeReasonLabels,
  disputeReasonSchema,
  MAX_DISPUTE_TEXT,
  type DisputeReason,
} from '@reloop/shared';
import { describedBy, DialogFormEnd, Field } from '../../../components/form-field.tsx';
import { useModal } from '../../../components/use-modal.ts';
import { useBookingMutation } from '../../../lib/bookings.ts';
import { useSubmission } from '../../../lib/form-errors.ts';
import { required } from '../../../lib/form-schemas.ts';
import { toastOutcome } from '../../../lib/mutation-toasts.ts';
import { openDispute } from '../api/bookings.ts';

// The select starts on no reason: one must be chosen, not the first by default.
const complaintSchema = disputeBodySchema.extend({ reason: required(disputeReasonSchema) });
type ComplaintInput = z.input<typeof complaintSchema>;
type Complaint = z.output<typeof complaintSchema>;

const REASONS = Object.entries(disputeReasonLabels) as [DisputeReason, string][];

// Refusals stay in the dialog, next to what can be changed; only the success is toasted.
const reported = toastOutcome('Problem reported: Reloop’s team will look into it');

/**
 * Reporting a problem with a handed-over laptop, while its money is held: why, and in the buyer's
 * words, checked by the server's own rules. The complaint keeps the money held until Reloop's
 * team decides, and opens the booking's conversation to them. On a refusal the dialog stays open
 * with the server's message and everything typed.
 */
export default function ComplaintDialog({
  booking,
  onClose,
}: {
  booking: { _id: string; productName: string };
  onClose: () => void;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  useModal(dialog, true);
  const complain = useBookingMutation((complaint: Complaint) =>
    openDispute(booking._id, complaint),
  );
  const { register, handleSubmit, formState, setError } = useForm<
    ComplaintInput,
    unknown,
    Complaint
  >({ resolver: zodResolver(complaintSchema), defaultValues: { reason: '', text: '' } });
  const { errors } = formState;

  const { refusal, submit } = useSubmission(
    ['reason', 'text'],
    setError,
    complain.mutateAsync,
    () => {
      reported.onSuccess();
      onClose();
    },
  );
  const onSubmit = handleSubmit(submit);

  const busy = formState.isSubmitting;
  return (
    <dialog
      ref={dialog}
      className="modal"
      aria-labelledby="complaint-title"
      aria-describedby="complaint-consequence"
      onClose={onClose}
    >
      <div className="modal-box">
        <h2 id="complaint-title" className="text-lg font-bold">
          Report a problem with {booking.productName}
        </h2>
        <p id="complaint-consequence" className="py-3">
          Your payment stays held until Reloop’s team has decided. They read and answer your
          complaint in the conversation with the seller.
        </p>
        <form className="grid gap-3" onSubmit={(event) => void onSubmit(event)} noValidate>
          <Field id="complaint-reason" label="Reason" error={errors.reason?.message}>
            <select
              className="select select-bordered w-full"
              {...describedBy('complaint-reason', errors.reason?.message)}
              {...register('reason')}
            >
              <option value="">Choose a reason</option>
              {REASONS.map(([reason, label]) => (
                <option key={reason} value={reason}>
                  {label}
                </option>
              ))}
            </select>
          </Field>
          <Field id="complaint-text" label="What happened" error={errors.text?.message}>
            <textarea
              className="textarea textarea-bordered w-full"
              rows={5}
              maxLength={MAX_DISPUTE_TEXT}
              {...describedBy('complaint-text', errors.text?.message)}
              {...register('text')}
            />
          </Field>
          <DialogFormEnd problem={refusal} busy={busy} onCancel={onClose} cancelLabel="Not now">
            Report the problem
          </DialogFormEnd>
        </form>
      </div>
    </dialog>
  );
}

import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import {
  MAX_REVIEW_TEXT,
  REVIEW_WINDOW_DAYS,
  reviewBodySchema,
  type BookingSide,
} from '@reloop/shared';
import { refreshBookingViews, reviewBooking } from '../lib/bookings.ts';
import { useSubmission } from '../lib/form-errors.ts';
import { numberFromText } from '../lib/form-schemas.ts';
import { toastOutcome } from '../lib/mutation-toasts.ts';
import { profileKeys } from '../lib/profiles.ts';
import { describedBy, DialogFormEnd, Field, fieldSentence } from './form-field.tsx';
import { useModal } from './use-modal.ts';

// The stars are radio buttons, whose values are text: "" until one is chosen.
const reviewFormSchema = reviewBodySchema.extend({
  rating: numberFromText(reviewBodySchema.shape.rating),
});
type ReviewInput = z.input<typeof reviewFormSchema>;
type Review = z.output<typeof reviewFormSchema>;

const STARS = [1, 2, 3, 4, 5];
const starsName = (stars: number) => `${stars} star${stars === 1 ? '' : 's'}`;

// Refusals stay in the dialog, next to what can be changed; only the success is toasted.
const sent = toastOutcome('Review sent');

/**
 * Reviewing the other side of a handed-over booking (`subject`): one to five stars and a few
 * words, checked by the server's own rules. Once sent, every view of bookings and every profile
 * is refetched. On a refusal (the window over, already reviewed) the dialog stays open with the
 * server's message and everything typed.
 */
export default function ReviewDialog({
  booking,
  subject,
  onClose,
}: {
  booking: { _id: string; productName: string };
  subject: BookingSide;
  onClose: () => void;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  useModal(dialog, true);
  const queryClient = useQueryClient();
  const review = useMutation({
    mutationFn: (written: Review) => reviewBooking(booking._id, written),
    onSuccess: () =>
      Promise.all([
        refreshBookingViews(queryClient),
        queryClient.invalidateQueries({ queryKey: profileKeys.all }),
      ]),
  });
  const { register, handleSubmit, formState, setError, control } = useForm<
    ReviewInput,
    unknown,
    Review
  >({ resolver: zodResolver(reviewFormSchema), defaultValues: { rating: '', text: '' } });
  const length = useWatch({ control, name: 'text' }).length;
  const { errors } = formState;
  const ratingError = errors.rating?.message;
  const textError = errors.text?.message;

  const { refusal, submit } = useSubmission(
    ['rating', 'text'],
    setError,
    review.mutateAsync,
    () => {
      sent.onSuccess();
      onClose();
    },
  );
  const onSubmit = handleSubmit(submit);

  const busy = formState.isSubmitting;
  return (
    <dialog
      ref={dialog}
      className="modal"
      aria-labelledby="review-title"
      aria-describedby="review-blind"
      onClose={onClose}
    >
      <div className="modal-box">
        <h2 id="review-title" className="text-lg font-bold">
          Review the {subject} of {booking.productName}
        </h2>
        <p id="review-blind" className="py-3">
          Nobody sees your review until the {subject} has reviewed you too, or until the{' '}
          {REVIEW_WINDOW_DAYS} days after the handover are over. It cannot be changed once sent.
        </p>
        <form className="grid gap-3" onSubmit={(event) => void onSubmit(event)} noValidate>
          <fieldset>
            <legend className="mb-1 text-sm">Rating</legend>
            {/* daisyUI's stars clip the focus ring, so the group shows where the keyboard is. */}
            <div className="rating rating-lg rounded-field has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2">
              {STARS.map((stars) => (
                <input
                  key={stars}
                  type="radio"
                  value={String(stars)}
                  className="mask mask-star-2 bg-primary"
                  aria-label={starsName(stars)}
                  aria-invalid={ratingError ? true : undefined}
                  aria-describedby="review-rating-error"
                  {...register('rating')}
                />
              ))}
            </div>
            <p id="review-rating-error" className="text-error min-h-5 text-sm">
              {ratingError && fieldSentence('Rating', ratingError)}
            </p>
          </fieldset>
          <Field id="review-text" label="Your review" error={textError}>
            <textarea
              className="textarea textarea-bordered w-full"
              rows={5}
              maxLength={MAX_REVIEW_TEXT}
              {...describedBy('review-text', textError)}
              aria-describedby="review-text-error review-text-count"
              {...register('text')}
            />
          </Field>
          <p id="review-text-count" className="text-base-content/70 -mt-3 text-right text-sm">
            {length} / {MAX_REVIEW_TEXT} characters
          </p>
          <DialogFormEnd problem={refusal} busy={busy} onCancel={onClose} cancelLabel="Not now">
            Send review
          </DialogFormEnd>
        </form>
      </div>
    </dialog>
  );
}

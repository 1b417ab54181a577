import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { MAX_REVIEW_TEXT, reviewReplyBodySchema, type ReviewReplyBody } from '@reloop/shared';
import { describedBy, Field, FormProblem, SubmitButton } from '../../../components/form-field.tsx';
import { useSubmission } from '../../../lib/form-errors.ts';
import { toastOutcome } from '../../../lib/mutation-toasts.ts';
import { useReplyToReview } from '../api/reviews.ts';

// Refusals stay under the form, next to what can be changed; only the success is toasted.
const replied = toastOutcome('Reply posted');

/**
 * The reviewed person's one public answer to a review, checked by the server's own rules. On a
 * refusal the form stays with the server's message and what was typed.
 */
export default function ReplyForm({
  review,
  subjectId,
  onDone,
}: {
  review: { _id: string; author: { name: string } };
  subjectId: string;
  onDone: () => void;
}) {
  const reply = useReplyToReview(subjectId);
  const { register, handleSubmit, formState, setError } = useForm<ReviewReplyBody>({
    resolver: zodResolver(reviewReplyBodySchema),
    defaultValues: { text: '' },
  });
  const error = formState.errors.text?.message;
  const id = `reply-${review._id}`;

  const { refusal, submit } = useSubmission(
    ['text'],
    setError,
    ({ text }: ReviewReplyBody) => reply.mutateAsync({ reviewId: review._id, text }),
    () => {
      replied.onSuccess();
      onDone();
    },
  );
  const onSubmit = handleSubmit(submit);

  const busy = formState.isSubmitting;
  return (
    <form className="ml-4 grid gap-2" onSubmit={(event) => void onSubmit(event)} noValidate>
      <Field id={id} label={`Your reply to ${review.author.name}`} error={error}>
        <textarea
          className="textarea textarea-bordered w-full"
          rows={3}
          maxLength={MAX_REVIEW_TEXT}
          // The form opens where the button that asked for it was.
          autoFocus
          {...describedBy(id, error)}
          {...register('text')}
        />
      </Field>
      <FormProblem>{refusal}</FormProblem>
      <div className="flex flex-wrap gap-2">
        <SubmitButton busy={busy}>Post reply</SubmitButton>
        <button type="button" className="btn btn-ghost" onClick={onDone} disabled={busy}>
          Cancel
        </button>
      </div>
    </form>
  );
}

import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { MAX_MESSAGE_LENGTH, messageBodySchema, type MessageBody } from '@reloop/shared';
import { describedBy, DialogFormEnd, Field } from '../../../components/form-field.tsx';
import { useModal } from '../../../components/use-modal.ts';
import type { ApiSchema } from '../../../lib/api-client.ts';
import { useSubmission } from '../../../lib/form-errors.ts';
import { sharedKeys } from '../../../lib/query-keys.ts';
import { questionKeys } from '../../../lib/questions.ts';
import { askQuestion } from '../api/ask-question.ts';

type QuestionAsked = ApiSchema<'QuestionAsked'>;

/** Where the conversation a question went into is read and answered. */
const conversationPath = ({ bookingId, questionId }: QuestionAsked) =>
  bookingId ? `/dashboard/orders/${bookingId}/messages` : `/dashboard/questions/${questionId}`;

/**
 * "Ask the seller": a question about a listing, by the rules of a thread's message, without
 * booking and without sharing a phone number or an email address. On a refusal the dialog stays
 * open with the message and the question still typed; once sent, it says so and leads to the
 * conversation, where the seller's answer comes.
 */
export default function AskQuestionDialog({
  product,
  onClose,
}: {
  product: { _id: string; name: string };
  onClose: () => void;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  useModal(dialog, true);
  const queryClient = useQueryClient();
  const [asked, setAsked] = useState<QuestionAsked | null>(null);
  const { register, handleSubmit, formState, setError } = useForm<
    MessageBody,
    unknown,
    MessageBody
  >({ resolver: zodResolver(messageBodySchema), defaultValues: { text: '' } });
  const { refusal, submit } = useSubmission(
    ['text'],
    setError,
    async ({ text }: MessageBody) => setAsked(await askQuestion(product._id, text)),
    // The user's conversations (another feature's lists) now have this question.
    () =>
      void Promise.all(
        [questionKeys.all, sharedKeys.notifications].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      ),
  );
  const error = formState.errors.text?.message;

  return (
    <dialog ref={dialog} className="modal" aria-labelledby="ask-title" onClose={onClose}>
      <div className="modal-box">
        <h2 id="ask-title" className="mb-4 text-xl font-bold">
          Ask the seller about {product.name}
        </h2>
        {asked ? (
          <div className="grid gap-3">
            <p role="status">
              Your question was sent. The seller’s answer will be in the conversation, and you will
              be told when it comes.
            </p>
            <div className="modal-action">
              <button type="button" className="btn btn-ghost" onClick={onClose}>
                Close
              </button>
              <Link to={conversationPath(asked)} className="btn btn-primary">
                Open the conversation
              </Link>
            </div>
          </div>
        ) : (
          <form
            className="grid gap-3"
            onSubmit={(event) => void handleSubmit(submit)(event)}
            noValidate
          >
            <p className="text-base-content/70 text-sm">
              No booking needed. Your phone number and email address are not shared.
            </p>
            <Field id="question-text" label="Your question" error={error}>
              <textarea
                className="textarea textarea-bordered w-full"
                rows={4}
                maxLength={MAX_MESSAGE_LENGTH}
                {...describedBy('question-text', error)}
                {...register('text')}
              />
            </Field>
            <DialogFormEnd problem={refusal} busy={formState.isSubmitting} onCancel={onClose}>
              Send
            </DialogFormEnd>
          </form>
        )}
      </div>
      <form method="dialog" className="modal-backdrop">
        <button type="submit">close</button>
      </form>
    </dialog>
  );
}

import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { MAX_MESSAGE_LENGTH, messageBodySchema, type MessageBody } from '@reloop/shared';
import { describedBy, Field, SubmitButton } from '../../../components/form-field.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { showFieldErrors } from '../../../lib/form-errors.ts';

/** The counter shows from here on, so it only speaks up when the limit is near. */
const COUNTER_FROM = MAX_MESSAGE_LENGTH - 200;

/**
 * Writing in a conversation, by the rules the server checks: `send` sends a message and settles
 * once the conversation shows it. Enter sends and Shift+Enter starts a new line. A refusal (too
 * many messages, a closed conversation) shows under the box, with what was typed still in it;
 * only a sent message clears it.
 */
export function MessageComposer({ send }: { send: (text: string) => Promise<unknown> }) {
  const [refusal, setRefusal] = useState<string | null>(null);
  const { register, handleSubmit, formState, setError, reset, control } = useForm<
    MessageBody,
    unknown,
    MessageBody
  >({ resolver: zodResolver(messageBodySchema), defaultValues: { text: '' } });
  const length = useWatch({ control, name: 'text' }).length;
  const error = formState.errors.text?.message;

  const onSubmit = handleSubmit(async ({ text }) => {
    setRefusal(null);
    try {
      await send(text);
      reset();
    } catch (failure) {
      if (!showFieldErrors(failure, ['text'], setError)) setRefusal(errorMessage(failure));
    }
  });

  return (
    <form className="mt-4" onSubmit={(event) => void onSubmit(event)} noValidate>
      <Field id="message-text" label="Message" error={error}>
        <textarea
          className="textarea textarea-bordered w-full"
          rows={3}
          maxLength={MAX_MESSAGE_LENGTH}
          placeholder="Write a message"
          {...describedBy('message-text', error)}
          {...register('text')}
          onKeyDown={(event) => {
            if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
            event.preventDefault();
            void onSubmit();
          }}
        />
      </Field>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p role="alert" className="text-error text-sm">
          {refusal}
        </p>
        <div className="ml-auto flex items-center gap-3">
          {length >= COUNTER_FROM && (
            <span className="text-base-content/70 text-sm" aria-live="polite">
              {length} / {MAX_MESSAGE_LENGTH}
            </span>
          )}
          <SubmitButton busy={formState.isSubmitting}>Send</SubmitButton>
        </div>
      </div>
    </form>
  );
}

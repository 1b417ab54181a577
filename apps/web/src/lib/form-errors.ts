import { useState } from 'react';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { errorBodySchema } from '@reloop/shared';
import { ApiError, errorMessage } from './api-client.ts';

/**
 * Puts a 400's field errors (`body.buyerPhone`) on the form's fields of the same name, so each
 * message shows where the user can fix it and nothing typed is lost. The first one gets focus.
 * Returns false when the error named none of these fields.
 */
export function showFieldErrors<Form extends FieldValues>(
  error: unknown,
  fields: readonly Path<Form>[],
  setError: UseFormSetError<Form>,
): boolean {
  if (!(error instanceof ApiError) || error.status !== 400) return false;
  const body = errorBodySchema.safeParse(error.body);
  const errors = (body.success && body.data.errors) || [];
  let shown = false;
  for (const { path, message } of errors) {
    const field = fields.find((name) => path === `body.${name}`);
    if (!field) continue;
    setError(field, { type: 'server', message }, { shouldFocus: !shown });
    shown = true;
  }
  return shown;
}

/**
 * A form's submit and what refused it: `submit` sends the checked values, then calls `done`; a
 * 400 naming any of `fields` puts each message under its field, and any other refusal is kept as
 * `refusal`, for the form to show beside itself with everything typed still there.
 */
export function useSubmission<Form extends FieldValues, Values>(
  fields: readonly Path<Form>[],
  setError: UseFormSetError<Form>,
  send: (values: Values) => Promise<unknown>,
  done: () => void,
): { refusal: string | null; submit: (values: Values) => Promise<void> } {
  const [refusal, setRefusal] = useState<string | null>(null);
  const submit = async (values: Values) => {
    setRefusal(null);
    try {
      await send(values);
      done();
    } catch (error) {
      if (showFieldErrors(error, fields, setError)) return;
      setRefusal(errorMessage(error));
    }
  };
  return { refusal, submit };
}

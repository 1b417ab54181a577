import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { errorBodySchema } from '@reloop/shared';
import { ApiError } from './api-client.ts';

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

import type { ErrorBody } from '@reloop/shared';

/**
 * An error that becomes a 4xx JSON response `{message}`. Route code throws these instead of
 * building replies by hand, so every error leaves through the one error handler.
 */
export class HttpError extends Error {
  override name = 'HttpError';

  constructor(
    readonly statusCode: number,
    message: string,
    readonly headers: Record<string, string> = {},
    /** Fields the body carries beside the message. */
    readonly details: Omit<ErrorBody, 'message'> = {},
  ) {
    super(message);
  }
}

/** A 400 about one field of the body, so a form can show it under that field. */
export const fieldError = (field: string, message: string) =>
  new HttpError(400, message, {}, { errors: [{ path: `body.${field}`, message }] });

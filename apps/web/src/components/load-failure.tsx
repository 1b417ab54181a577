import { ApiError, errorMessage } from '../lib/api-client.ts';

/** An id that is not one (400) is as missing as one that names nothing (404). */
export const isMissing = (error: unknown): boolean =>
  error instanceof ApiError && [400, 404].includes(error.status);

/** A page whose one thing (`what`: "listing", "profile") could not be loaded, and a retry. */
export function LoadFailure({
  what,
  error,
  onRetry,
}: {
  what: string;
  error: unknown;
  onRetry: () => void;
}) {
  return (
    <div role="alert" className="flex min-h-[60vh] flex-col items-center justify-center gap-4 p-6">
      <p className="text-error">
        The {what} could not be loaded: {errorMessage(error)}
      </p>
      <button type="button" className="btn btn-primary" onClick={onRetry}>
        Try again
      </button>
    </div>
  );
}

import { isRouteErrorResponse, useRouteError } from 'react-router';
import { uiMessages } from '@reloop/shared/messages';
import { useAuth } from '../lib/auth.tsx';

/** Shown when a page of the public or the dashboard shell fails to render or load. */
export function ErrorScreen() {
  const error = useRouteError();
  const { signOut } = useAuth();
  const detail = isRouteErrorResponse(error)
    ? error.statusText || String(error.status)
    : error instanceof Error
      ? error.message
      : 'Unknown error';
  return (
    <main className="flex min-h-[60vh] flex-col items-center justify-center gap-4 p-6 text-center">
      <h1 className="text-3xl font-bold">Something went wrong</h1>
      <p className="text-error">{detail}</p>
      <button type="button" className="btn btn-primary" onClick={() => void signOut()}>
        Log Out
      </button>
    </main>
  );
}

export function NotFound() {
  return (
    <div className="flex min-h-[60vh] items-center justify-center p-6">
      <h1 className="text-3xl font-bold">{uiMessages.pageNotFound}</h1>
    </div>
  );
}

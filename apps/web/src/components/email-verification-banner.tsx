import { useState } from 'react';
import { LuMailWarning } from 'react-icons/lu';
import { api, ApiError, dataOf, errorMessage } from '../lib/api-client.ts';
import { useAuth } from '../lib/auth.tsx';
import { readSignedInUser } from '../lib/signed-in-user.ts';

/** Sends the sign-up's confirmation link again (202), unless the address is confirmed (409). */
export const resendVerificationEmail = () => dataOf(api.POST('/api/auth/verify-email/resend'));

type Resend = { state: 'idle' | 'sending' | 'sent' } | { state: 'failed'; message: string };

/**
 * Asks a signed-in user whose address is not confirmed yet to follow the link sent at sign-up,
 * and sends it again on request. Everything works without it; emails about bookings and
 * messages wait for it. Shown above a dashboard page, with the page, so it moves nothing.
 */
export function EmailVerificationBanner() {
  const { user, updateUser } = useAuth();
  const [resend, setResend] = useState<Resend>({ state: 'idle' });
  if (!user || user.emailVerified) return null;

  const sendAgain = async () => {
    setResend({ state: 'sending' });
    try {
      await resendVerificationEmail();
      setResend({ state: 'sent' });
    } catch (error) {
      // Confirmed meanwhile (in another tab, say): the user's details say so, and this goes.
      if (error instanceof ApiError && error.status === 409) {
        setResend({ state: 'idle' });
        await readSignedInUser().then(updateUser, () => undefined);
        return;
      }
      setResend({ state: 'failed', message: errorMessage(error) });
    }
  };

  return (
    <div
      role="status"
      className="alert alert-warning mb-4 flex flex-wrap items-center gap-x-3 gap-y-2"
    >
      <LuMailWarning aria-hidden="true" className="size-5 shrink-0" />
      <div className="min-w-0 flex-1 basis-64">
        <p>
          Please confirm your email address: follow the link we sent to{' '}
          <strong className="break-all">{user.email}</strong>.
        </p>
        {resend.state === 'sent' && <p className="font-semibold">Sent: look in your inbox.</p>}
        {resend.state === 'failed' && <p className="font-semibold">{resend.message}</p>}
      </div>
      {resend.state !== 'sent' && (
        <button
          type="button"
          className="btn btn-sm btn-neutral"
          disabled={resend.state === 'sending'}
          onClick={() => void sendAgain()}
        >
          {resend.state === 'sending' && (
            <span className="loading loading-spinner loading-xs" aria-hidden="true" />
          )}
          Send the link again
        </button>
      )}
    </div>
  );
}

import { useEffect, useRef, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Spinner } from '../../../components/spinner.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useAuth } from '../../../lib/auth.tsx';
import { usePageTitle } from '../../../lib/page-title.ts';
import { readSignedInUser } from '../../../lib/signed-in-user.ts';
import { useEmailLink, type EmailLinkResult } from '../api/email-link.ts';
import { AuthCard } from '../components/auth-card.tsx';

/**
 * /verify-email?token=… (the link sent at sign-up) and /verify-email?token=…&change=1 (the link
 * sent to a new address): the link is followed as the page opens, once, and the page says how it
 * went. A signed-in user's details are read again, so the dashboard's banner goes and the new
 * address shows.
 */
export function Component() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const change = params.get('change') === '1';
  usePageTitle(change ? 'Confirm your new email address' : 'Confirm your email address');
  const { user, loading, checkingSession, updateUser } = useAuth();
  // Followed once the session and its role are known: a role asked for by the old address after
  // the change took it would be refused, and that refusal signs the user out.
  const link = useEmailLink(token, change, !loading);
  const signedIn = user !== null;

  // Once the link worked and the session is known (it may have been read before the change).
  const refreshed = useRef(false);
  useEffect(() => {
    if (!link.isSuccess || checkingSession || !signedIn || refreshed.current) return;
    refreshed.current = true;
    readSignedInUser().then(updateUser, () => undefined);
  }, [link.isSuccess, checkingSession, signedIn, updateUser]);

  const next = signedIn ? (
    <Link to="/dashboard" className="btn btn-primary">
      Go to your dashboard
    </Link>
  ) : (
    <Link to="/login" className="btn btn-primary">
      Log in
    </Link>
  );

  if (!token) {
    return (
      <AuthCard title="Confirm your email address">
        <p role="alert">
          This page needs the link from the email we sent you, and this address has none. Open the
          link from the email again.
        </p>
        {next}
      </AuthCard>
    );
  }

  if (link.isPending) {
    return (
      <AuthCard title="Confirm your email address">
        <Spinner label="Confirming your email address" />
      </AuthCard>
    );
  }

  if (link.isError) {
    return (
      <AuthCard title="This link did not work">
        <p role="alert">{errorMessage(link.error)}</p>
        <p className="text-base-content/80 text-sm">
          {change
            ? 'To change your address, ask again in Settings: a new link goes to the new address.'
            : 'Signed in, your dashboard has a button that sends a new link.'}
        </p>
        {signedIn && change ? (
          <Link to="/dashboard/settings" className="btn btn-primary">
            Open Settings
          </Link>
        ) : (
          next
        )}
      </AuthCard>
    );
  }

  return <Confirmed result={link.data}>{next}</Confirmed>;
}

function Confirmed({ result, children }: { result: EmailLinkResult; children: ReactNode }) {
  return result.kind === 'changed' ? (
    <AuthCard title="Your email address is changed">
      <p role="status">
        Your account now uses <strong className="break-all">{result.user.email}</strong>: sign in
        with it from now on. We told your old address about the change.
      </p>
      {children}
    </AuthCard>
  ) : (
    <AuthCard title="Your email address is confirmed">
      <p role="status">Thank you: Reloop will now email you when someone books, pays or writes.</p>
      {children}
    </AuthCard>
  );
}

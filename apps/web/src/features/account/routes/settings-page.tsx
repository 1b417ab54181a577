import type { QueryClient } from '@tanstack/react-query';
import { Spinner } from '../../../components/spinner.tsx';
import { useAuth } from '../../../lib/auth.tsx';
import { usePageTitle } from '../../../lib/page-title.ts';
import { storedToken } from '../../../lib/token.ts';
import { notificationPreferencesQueryOptions } from '../api/notification-preferences.ts';
import { DeleteAccountSection } from '../components/delete-account-section.tsx';
import { EmailSection } from '../components/email-section.tsx';
import { ExportSection } from '../components/export-section.tsx';
import { NotificationsSection } from '../components/notifications-section.tsx';
import { PasswordSection } from '../components/password-section.tsx';
import { ProfileSection } from '../components/profile-section.tsx';
import { SettingsSection } from '../components/settings-section.tsx';
import { VerificationSection } from '../components/verification-section.tsx';

/**
 * /dashboard/settings (every role): profile and phone, a seller's verification, password, email
 * address, which emails to get, a copy of one's data, and leaving.
 */
export function Component() {
  usePageTitle('Settings');
  const { user, role } = useAuth();
  // The dashboard lets only a signed-in user in; the user is known by then.
  if (!user) return <Spinner />;
  return (
    <div className="grid max-w-3xl gap-6">
      <h1 className="text-3xl font-bold">Settings</h1>
      {/* A new user (another account signed in) starts the forms afresh. */}
      <ProfileSection key={user.uid} user={user} />
      {role === 'seller' && <VerificationSection />}
      {user.hasPassword ? (
        <>
          <PasswordSection />
          <EmailSection user={user} />
        </>
      ) : (
        <SettingsSection id="google-sign-in" title="Password and email address">
          <p>
            You sign in with Google as {user.email}. Google keeps your password and your address:
            change them in your Google account.
          </p>
        </SettingsSection>
      )}
      <NotificationsSection />
      <ExportSection />
      <DeleteAccountSection hasPassword={user.hasPassword} />
    </div>
  );
}

/** The email choices load alongside the page's code, for a visitor with a session only. */
export function prefetch(queryClient: QueryClient) {
  if (storedToken()) void queryClient.prefetchQuery(notificationPreferencesQueryOptions());
}

import { useState } from 'react';
import { Link } from 'react-router';
import type { AdminUser, UserStatus } from '@reloop/shared';
import { uiMessages } from '@reloop/shared/messages';
import { ConfirmDialog, useConfirmedAction } from '../../../components/confirm-dialog.tsx';
import { ListPage, PhoneCaption } from '../../../components/list-page.tsx';
import { UrlSearchForm, useUrlSearch } from '../../../components/url-search-form.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { toastOutcome } from '../../../lib/mutation-toasts.ts';
import { usePageTitle } from '../../../lib/page-title.ts';
import {
  useUnsuspendUser,
  useUnverifySeller,
  useUserSearch,
  type UserSearch,
} from '../api/users.ts';
import { SuspendDialog } from '../components/suspend-dialog.tsx';

/** The search's choices, kept in the URL beside its words (`?q=…&role=…&status=…`). */
const CHOICES = {
  role: {
    label: 'Role',
    any: 'Any',
    options: { buyer: 'buyer', seller: 'seller', admin: 'admin' } satisfies Record<
      NonNullable<UserSearch['role']>,
      string
    >,
  },
  status: {
    label: 'Status',
    any: 'Any',
    options: { active: 'active', suspended: 'suspended' } satisfies Record<UserStatus, string>,
  },
};

const lifted = toastOutcome('Suspension lifted');
const unverified = toastOutcome('Verification withdrawn');

const nameOf = (user: AdminUser) => user.userName || user.userEmail;

/**
 * /dashboard/users (admin): every user, newest first, found by words of their name or email,
 * their role and whether they are suspended (the search is kept in the URL); each can be
 * suspended for a while with a reason, have their suspension lifted, or (a verified seller)
 * lose their verification.
 */
export function Component() {
  usePageTitle('Users');
  const search: UserSearch = useUrlSearch(CHOICES);
  const searching = Object.values(search).some(Boolean);
  const users = useUserSearch(search);
  const [suspending, setSuspending] = useState<AdminUser | null>(null);
  const unsuspend = useUnsuspendUser();
  const unverify = useUnverifySeller();
  const unverifying = useConfirmedAction<AdminUser>((user, done) =>
    unverify.mutate(user._id, { ...unverified, onSettled: done }),
  );

  return (
    <ListPage
      title="Users"
      intro={
        <UrlSearchForm
          label="Find users"
          wordsLabel="Name or email"
          idPrefix="users"
          choices={CHOICES}
        />
      }
      list={users}
      loadingLabel="Loading users"
      emptyText="No users match"
      headers={['Name', 'Email', 'Role', 'Verified', 'Status', 'Actions']}
      rowKey={(user) => user._id}
      renderRow={(user) => (
        <>
          <td className="font-semibold">{user.userName || uiMessages.displayNameFallback}</td>
          <td className="break-all">{user.userEmail}</td>
          <td>
            <PhoneCaption>Role</PhoneCaption>
            {user.role ?? 'none'}
          </td>
          <td>
            <PhoneCaption>Verified</PhoneCaption>
            {user.verify ? 'verified' : 'not verified'}
          </td>
          <td>
            <PhoneCaption>Status</PhoneCaption>
            <span
              className={`badge ${user.status === 'suspended' ? 'badge-error' : 'badge-ghost'}`}
            >
              {user.status}
            </span>
            {user.status === 'suspended' && (
              <div className="mt-1 max-w-xs text-sm">
                {user.suspendedUntil && (
                  <span className="block">
                    Until{' '}
                    <time dateTime={user.suspendedUntil}>
                      {formatDateTime(user.suspendedUntil)}
                    </time>
                  </span>
                )}
                {user.suspensionReason && (
                  <span className="block break-words">Reason: {user.suspensionReason}</span>
                )}
              </div>
            )}
          </td>
          <td>
            <div className="flex flex-wrap gap-2">
              {user.role !== 'admin' && (
                <button
                  type="button"
                  className="btn btn-sm btn-error"
                  aria-label={`Suspend ${nameOf(user)}`}
                  onClick={() => setSuspending(user)}
                >
                  Suspend
                </button>
              )}
              {user.status === 'suspended' && (
                <button
                  type="button"
                  className="btn btn-sm btn-outline"
                  aria-label={`Lift suspension of ${nameOf(user)}`}
                  disabled={unsuspend.isPending}
                  onClick={() => unsuspend.mutate(user._id, lifted)}
                >
                  Lift suspension
                </button>
              )}
              {user.role === 'seller' && user.verify && (
                <button
                  type="button"
                  className="btn btn-sm btn-outline"
                  aria-label={`Withdraw verification of ${nameOf(user)}`}
                  onClick={() => unverifying.ask(user)}
                >
                  Withdraw verification
                </button>
              )}
            </div>
          </td>
        </>
      )}
    >
      {users.items?.length === 0 && searching && (
        <Link to="/dashboard/users" className="btn btn-outline btn-sm mt-4">
          Clear the search
        </Link>
      )}
      {suspending && <SuspendDialog user={suspending} onClose={() => setSuspending(null)} />}
      <ConfirmDialog
        open={unverifying.pending !== null}
        title={`Withdraw the verification of ${unverifying.pending ? nameOf(unverifying.pending) : ''}?`}
        message="The verified badge leaves their profile and their listings. They can ask to be verified again."
        confirmLabel="Withdraw verification"
        busy={unverify.isPending}
        onConfirm={unverifying.confirm}
        onCancel={unverifying.cancel}
      />
    </ListPage>
  );
}

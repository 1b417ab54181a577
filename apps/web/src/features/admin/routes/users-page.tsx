import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { AdminUser, UserStatus } from '@reloop/shared';
import { uiMessages } from '@reloop/shared/messages';
import { ConfirmDialog, useConfirmedAction } from '../../../components/confirm-dialog.tsx';
import { ListPage, PhoneCaption } from '../../../components/list-page.tsx';
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

type Role = NonNullable<UserSearch['role']>;
const ROLES: Role[] = ['buyer', 'seller', 'admin'];
const STATUSES: UserStatus[] = ['active', 'suspended'];

const oneOf = <Value extends string>(values: Value[], value: string | null) =>
  values.find((known) => known === value);

/** The search the URL holds (`?q=…&role=…&status=…`); unknown values are left out. */
function searchFrom(params: URLSearchParams): UserSearch {
  const q = params.get('q')?.trim();
  return {
    q: q || undefined,
    role: oneOf(ROLES, params.get('role')),
    status: oneOf(STATUSES, params.get('status')),
  };
}

function paramsOf(search: UserSearch): URLSearchParams {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(search)) if (value) params.set(name, value);
  return params;
}

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
  const [searchParams, setSearchParams] = useSearchParams();
  const search = searchFrom(searchParams);
  const searching = paramsOf(search).toString() !== '';
  const users = useUserSearch(search);
  const [suspending, setSuspending] = useState<AdminUser | null>(null);
  const unsuspend = useUnsuspendUser();
  const unverify = useUnverifySeller();
  const unverifying = useConfirmedAction<AdminUser>((user, done) =>
    unverify.mutate(user._id, { ...unverified, onSettled: done }),
  );

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const field = (name: string) => {
      const value = form.get(name);
      return typeof value === 'string' ? value : null;
    };
    setSearchParams(
      paramsOf({
        q: field('q')?.trim() || undefined,
        role: oneOf(ROLES, field('role')),
        status: oneOf(STATUSES, field('status')),
      }),
    );
  };

  return (
    <ListPage
      title="Users"
      intro={
        // A new URL (a search, Back) shows its own search in the form.
        <form
          key={paramsOf(search).toString()}
          role="search"
          aria-label="Find users"
          className="mb-6 flex flex-wrap items-end gap-3"
          onSubmit={submit}
        >
          <div className="min-w-60 grow">
            <label htmlFor="users-q" className="mb-1 block text-sm">
              Name or email
            </label>
            <input
              id="users-q"
              name="q"
              type="search"
              maxLength={200}
              defaultValue={search.q ?? ''}
              className="input input-bordered w-full"
            />
          </div>
          <div>
            <label htmlFor="users-role" className="mb-1 block text-sm">
              Role
            </label>
            <select
              id="users-role"
              name="role"
              defaultValue={search.role ?? ''}
              className="select select-bordered"
            >
              <option value="">Any</option>
              {ROLES.map((role) => (
                <option key={role} value={role}>
                  {role}
                </option>
              ))}
            </select>
          </div>
          <div>
            <label htmlFor="users-status" className="mb-1 block text-sm">
              Status
            </label>
            <select
              id="users-status"
              name="status"
              defaultValue={search.status ?? ''}
              className="select select-bordered"
            >
              <option value="">Any</option>
              {STATUSES.map((status) => (
                <option key={status} value={status}>
                  {status}
                </option>
              ))}
            </select>
          </div>
          <button type="submit" className="btn btn-primary">
            Search
          </button>
        </form>
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

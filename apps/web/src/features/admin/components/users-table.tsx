import { useState } from 'react';
import type { User } from '@reloop/shared';
import { uiMessages } from '@reloop/shared/messages';
import {
  ConfirmDialog,
  DeleteButton,
  useConfirmedAction,
} from '../../../components/confirm-dialog.tsx';
import { ListPage } from '../../../components/list-page.tsx';
import type { ApiSchema } from '../../../lib/api-client.ts';
import { toastOutcome } from '../../../lib/mutation-toasts.ts';
import {
  useDeleteUser,
  useOpenBookings,
  useUsers,
  useVerifySeller,
  type ListedRole,
} from '../api/users.ts';
import { BulkUserDialog, type BulkAction } from './bulk-user-dialog.tsx';

const DELETION =
  'Their account is closed at once and their listings disappear. Bookings stay readable.';

const deleted = toastOutcome(uiMessages.userDeleted);

const bookings = (count: number, kind: string) =>
  `${count} ${kind} booking${count === 1 ? '' : 's'}`;

/** What else deleting a user ends: nothing to add when they have no open bookings. */
function openBookingsNote({ unpaid, paid }: ApiSchema<'OpenBookings'>): string {
  const ends = [
    ...(unpaid > 0 ? [`cancels ${bookings(unpaid, 'unpaid')}`] : []),
    ...(paid > 0 ? [`cancels and refunds ${bookings(paid, 'paid')}`] : []),
  ];
  return ends.length > 0 ? `This also ${ends.join(' and ')}.` : '';
}

/** The delete dialog's text: the deletion, then its bookings once counted. */
function deletionMessage(count: { data?: ApiSchema<'OpenBookings'>; isError: boolean }): string {
  // A count in hand stays shown, even if asking again (after the deletion) fails.
  const note = count.data
    ? openBookingsNote(count.data)
    : count.isError
      ? 'Their open bookings could not be counted: any are cancelled too, and paid ones refunded.'
      : 'Counting their open bookings…';
  return note ? `${DELETION} ${note}` : DELETION;
}

/**
 * All Buyers and All Sellers: one table, with the seller-only status and verify columns. The
 * spec's checkboxes select rows for a bulk suspend or delete.
 */
export function UsersTable({ role }: { role: ListedRole }) {
  const users = useUsers(role);
  const deleteUser = useDeleteUser();
  const verifySeller = useVerifySeller();
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [bulkAction, setBulkAction] = useState<BulkAction | null>(null);
  const select = (id: string, on: boolean) =>
    setSelected((ids) => {
      const next = new Set(ids);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  const removal = useConfirmedAction<User>((user, done) =>
    deleteUser.mutate(user._id, {
      ...deleted,
      onSuccess: () => {
        deleted.onSuccess();
        // No longer there to be selected.
        select(user._id, false);
      },
      onSettled: done,
    }),
  );
  // Deleting also cancels their open bookings (refunding the paid ones): the dialog says how many.
  const openBookings = useOpenBookings(removal.pending?._id);
  const label = role === 'buyer' ? 'Buyer' : 'Seller';
  const isSellers = role === 'seller';

  const headers = [
    <span className="sr-only">Select</span>,
    `${label} image`,
    `${label} name`,
    `${label} email`,
    ...(isSellers ? ['Status'] : []),
    'Action',
  ];
  return (
    <ListPage
      title={`All ${label}s`}
      intro={
        selected.size > 0 && (
          <div
            role="group"
            aria-label="Selected users"
            className="bg-base-200 rounded-box mb-4 flex flex-wrap items-center gap-3 p-3"
          >
            <span className="font-semibold">{selected.size} selected</span>
            <button
              type="button"
              className="btn btn-sm btn-warning"
              onClick={() => setBulkAction('suspend')}
            >
              Suspend selected
            </button>
            <button
              type="button"
              className="btn btn-sm btn-error"
              onClick={() => setBulkAction('delete')}
            >
              Delete selected
            </button>
          </div>
        )
      }
      list={users}
      loadingLabel={`Loading ${role}s`}
      emptyText={`No ${role}s yet`}
      headers={headers}
      rowKey={(user) => user._id}
      renderRow={(user) => (
        <>
          <td>
            <input
              type="checkbox"
              className="checkbox"
              aria-label={`Select ${role} ${user.userName || user.userEmail}`}
              checked={selected.has(user._id)}
              onChange={(event) => select(user._id, event.target.checked)}
            />
          </td>
          <td>
            <div className="avatar">
              <div className="bg-base-300 w-12 rounded-full">
                {user.userImg && <img src={user.userImg} alt={user.userName} />}
              </div>
            </div>
          </td>
          <td>{user.userName || uiMessages.displayNameFallback}</td>
          <td>{user.userEmail}</td>
          {isSellers && (
            <td>
              <span className={`badge ${user.verify ? 'badge-success' : 'badge-ghost'}`}>
                {user.verify ? 'verified' : 'unverified'}
              </span>
            </td>
          )}
          <td className="flex flex-wrap gap-2">
            {isSellers && !user.verify && (
              <button
                type="button"
                className="btn btn-sm btn-success"
                onClick={() =>
                  verifySeller.mutate(user.userEmail, toastOutcome(uiMessages.sellerVerified))
                }
                disabled={verifySeller.isPending}
              >
                verify
              </button>
            )}
            <DeleteButton onClick={() => removal.ask(user)} />
          </td>
        </>
      )}
    >
      <ConfirmDialog
        open={removal.pending !== null}
        title={`Delete ${removal.pending?.userName || removal.pending?.userEmail || ''}?`}
        message={deletionMessage(openBookings)}
        confirmLabel="Delete"
        busy={deleteUser.isPending}
        confirmDisabled={openBookings.isPending}
        onConfirm={removal.confirm}
        onCancel={removal.cancel}
      />
      {bulkAction && (
        <BulkUserDialog
          action={bulkAction}
          ids={[...selected]}
          onCancel={() => setBulkAction(null)}
          onDone={() => {
            setBulkAction(null);
            setSelected(new Set());
          }}
        />
      )}
    </ListPage>
  );
}

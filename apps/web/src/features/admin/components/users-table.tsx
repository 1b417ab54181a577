import type { User } from '@reloop/shared';
import { uiMessages } from '@reloop/shared/messages';
import {
  ConfirmDialog,
  DeleteButton,
  useConfirmedAction,
} from '../../../components/confirm-dialog.tsx';
import { ListPage } from '../../../components/list-page.tsx';
import { toastOutcome } from '../../../lib/mutation-toasts.ts';
import { useDeleteUser, useUsers, useVerifySeller, type ListedRole } from '../api/users.ts';

/** All Buyers and All Sellers: one table, with the seller-only status and verify columns. */
export function UsersTable({ role }: { role: ListedRole }) {
  const users = useUsers(role);
  const deleteUser = useDeleteUser();
  const verifySeller = useVerifySeller();
  const removal = useConfirmedAction<User>((user, done) =>
    deleteUser.mutate(user._id, { ...toastOutcome(uiMessages.userDeleted), onSettled: done }),
  );
  const label = role === 'buyer' ? 'Buyer' : 'Seller';
  const isSellers = role === 'seller';

  const headers = [
    ...(isSellers ? [] : [<span className="sr-only">Select</span>]),
    `${label} image`,
    `${label} name`,
    `${label} email`,
    ...(isSellers ? ['Status'] : []),
    'Action',
  ];
  return (
    <ListPage
      title={`All ${label}s`}
      list={users}
      loadingLabel={`Loading ${role}s`}
      emptyText={`No ${role}s yet`}
      headers={headers}
      rowKey={(user) => user._id}
      renderRow={(user) => (
        <>
          {!isSellers && (
            <td>
              <input
                type="checkbox"
                className="checkbox"
                aria-label={`Select buyer ${user.userName}`}
              />
            </td>
          )}
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
        message="Their account is closed at once and their listings disappear. Bookings stay readable."
        confirmLabel="Delete"
        busy={deleteUser.isPending}
        onConfirm={removal.confirm}
        onCancel={removal.cancel}
      />
    </ListPage>
  );
}

import { Link } from 'react-router';
import { ListPage, PhoneCaption } from '../../../components/list-page.tsx';
import { formatDate } from '../../../lib/format.ts';
import { toastOutcome } from '../../../lib/mutation-toasts.ts';
import { usePageTitle } from '../../../lib/page-title.ts';
import { profilePath } from '../../../lib/profiles.ts';
import { useDecideVerification, useVerificationRequests } from '../api/verification.ts';

const approved = toastOutcome('Seller verified');
const declined = toastOutcome('Request declined');

/**
 * /dashboard/requests (admin): the sellers who asked to be verified, with what they
 * wrote, to approve or decline; an answered request leaves the list.
 */
export function Component() {
  usePageTitle('Verification Requests');
  const requests = useVerificationRequests();
  const decide = useDecideVerification();
  const deciding = decide.isPending ? (decide.variables?.id ?? null) : null;
  return (
    <ListPage
      title="Verification Requests"
      intro={
        <p className="text-base-content/70 mb-4">
          Sellers asking for the verified badge. Approving verifies the seller and their listings; a
          declined seller may ask again.
        </p>
      }
      list={requests}
      loadingLabel="Loading verification requests"
      emptyText="No verification requests waiting"
      headers={['Seller', 'Email', 'Note', 'Asked', 'Actions']}
      rowKey={(request) => request._id}
      renderRow={(request) => (
        <>
          <td>
            <Link to={profilePath(request.seller._id)} className="link font-medium">
              {request.seller.name}
            </Link>
          </td>
          <td className="break-all">{request.seller.email}</td>
          <td className="max-sm:w-full">
            <PhoneCaption>Note</PhoneCaption>
            {request.note ? (
              <p className="max-w-md break-words whitespace-pre-line">{request.note}</p>
            ) : (
              <span className="text-base-content/70 text-sm">No note</span>
            )}
          </td>
          <td>
            <PhoneCaption>Asked</PhoneCaption>
            <time dateTime={request.createdAt}>{formatDate(request.createdAt)}</time>
          </td>
          <td>
            <span className="flex flex-wrap gap-2">
              <button
                type="button"
                className="btn btn-sm btn-success"
                aria-label={`Approve ${request.seller.name}`}
                disabled={deciding !== null}
                onClick={() => decide.mutate({ id: request._id, decision: 'approve' }, approved)}
              >
                {deciding === request._id && decide.variables?.decision === 'approve' && (
                  <span className="loading loading-spinner" aria-hidden="true" />
                )}
                Approve
              </button>
              <button
                type="button"
                className="btn btn-sm btn-outline btn-error"
                aria-label={`Decline ${request.seller.name}`}
                disabled={deciding !== null}
                onClick={() => decide.mutate({ id: request._id, decision: 'decline' }, declined)}
              >
                {deciding === request._id && decide.variables?.decision === 'decline' && (
                  <span className="loading loading-spinner" aria-hidden="true" />
                )}
                Decline
              </button>
            </span>
          </td>
        </>
      )}
    />
  );
}

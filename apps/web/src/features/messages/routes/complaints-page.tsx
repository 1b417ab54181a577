import type { QueryClient } from '@tanstack/react-query';
import { NavLink, useParams } from 'react-router';
import type { Dispute } from '@reloop/shared';
import { PagedListView } from '../../../components/list-page.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { usePageTitle } from '../../../lib/page-title.ts';
import { disputesQueryOptions, useDisputes } from '../api/disputes.ts';
import { ComplaintBadge, ComplaintFacts } from '../components/complaint-details.tsx';
import { ComplaintPanel } from '../components/complaint-panel.tsx';

/**
 * /dashboard/complaints (admin): the buyers' complaints, open ones first, and the one chosen
 * (/dashboard/complaints/:bookingId) beside them with its conversation and its decision. On a
 * phone the chosen one takes the screen, with a way back to the list.
 */
export function Component() {
  usePageTitle('Complaints');
  const { bookingId } = useParams();
  const complaints = useDisputes();
  const chosen = complaints.items?.find((dispute) => dispute.bookingId === bookingId);
  let panel = null;
  if (bookingId) {
    if (chosen) panel = <ComplaintPanel key={bookingId} dispute={chosen} />;
    else if (complaints.isPending) panel = <Spinner label="Loading the complaint" />;
    else panel = <p className="text-error">Complaint not found</p>;
  } else if (complaints.items?.length) {
    panel = (
      <p className="text-base-content/70 max-lg:hidden">
        Choose a complaint to read its conversation and decide it.
      </p>
    );
  }
  return (
    <section>
      <h1 className="mb-6 text-3xl font-bold">Complaints</h1>
      <div className="grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)] lg:items-start">
        <div className={bookingId ? 'max-lg:hidden' : undefined}>
          <PagedListView
            list={complaints}
            loadingLabel="Loading complaints"
            emptyText="No complaints"
            render={(disputes) => (
              <ul className="grid gap-3">
                {disputes.map((dispute) => (
                  <ComplaintCard key={dispute.bookingId} dispute={dispute} />
                ))}
              </ul>
            )}
          />
        </div>
        {panel}
      </div>
    </section>
  );
}

/** The first page of complaints loads while the page's code and the guards are busy. */
export function prefetch(queryClient: QueryClient) {
  void queryClient.prefetchInfiniteQuery(disputesQueryOptions());
}

function ComplaintCard({ dispute }: { dispute: Dispute }) {
  return (
    <li className="bg-base-200 rounded-box has-[a[aria-current=page]]:ring-primary p-4 has-[a[aria-current=page]]:ring-2">
      <div className="mb-2 flex flex-wrap items-center gap-2">
        <h2 className="font-semibold break-words">{dispute.productName}</h2>
        <ComplaintBadge dispute={dispute} />
      </div>
      <ComplaintFacts dispute={dispute} brief />
      <NavLink
        to={`/dashboard/complaints/${dispute.bookingId}`}
        className="btn btn-sm btn-outline mt-3"
      >
        {dispute.outcome === null ? 'Read and decide ' : 'Read '}
        <span className="sr-only">the complaint about {dispute.productName}</span>
      </NavLink>
    </li>
  );
}

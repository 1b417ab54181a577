import { Link } from 'react-router';
import { BookingStatusBadges } from '../../../components/booking-details.tsx';
import { Loaded } from '../../../components/loaded.tsx';
import { formatTimeAgo } from '../../../lib/format.ts';
import { usePageTitle } from '../../../lib/page-title.ts';
import { useReportedThreads } from '../api/thread-headers.ts';

/**
 * The conversations of a reported product's bookings (admin), newest booking first, each opening
 * read-only, to judge the report by.
 */
export function ReportedThreads({ productId }: { productId: string }) {
  usePageTitle('Conversations');
  return (
    <section className="max-w-3xl">
      <Link to="/dashboard/report" className="link mb-4 inline-block">
        ← Back to Reported Products
      </Link>
      <h1 className="mb-6 text-3xl font-bold">Conversations</h1>
      <Loaded query={useReportedThreads(productId)} label="Loading conversations">
        {(threads) =>
          threads.length === 0 ? (
            <p className="text-base-content/70 text-lg">Nobody has booked this product yet</p>
          ) : (
            <ul className="grid gap-3">
              {threads.map((thread) => (
                <li
                  key={thread.bookingId}
                  className="bg-base-200 rounded-box flex flex-wrap items-center gap-x-4 gap-y-2 p-4"
                >
                  <span className="font-medium">{thread.buyerName}</span>
                  <BookingStatusBadges booking={thread} />
                  <span className="text-base-content/70 text-sm">
                    {thread.messages} {thread.messages === 1 ? 'message' : 'messages'}
                    {thread.lastMessageAt && `, the last ${formatTimeAgo(thread.lastMessageAt)}`}
                  </span>
                  <Link
                    to={`/dashboard/report/${productId}/threads/${thread.bookingId}`}
                    className="btn btn-sm btn-outline ml-auto"
                    aria-label={`Read the conversation with ${thread.buyerName}`}
                  >
                    Read
                  </Link>
                </li>
              ))}
            </ul>
          )
        }
      </Loaded>
    </section>
  );
}

import type { QueryClient, UseQueryResult } from '@tanstack/react-query';
import type { BookingSide } from '@reloop/shared';
import { useParams, type Params } from 'react-router';
import type { BookingState } from '../../../components/booking-details.tsx';
import { Loaded } from '../../../components/loaded.tsx';
import { bookingQueryOptions, useBooking } from '../../../lib/bookings.ts';
import { saleQueryOptions, useReportedThreads, useSale } from '../api/thread-headers.ts';
import { threadQueryOptions } from '../api/thread.ts';
import { ReportedThreads } from '../components/reported-threads.tsx';
import { ThreadView } from '../components/thread-view.tsx';

/**
 * The conversations: one booking's, for its buyer (/dashboard/orders/:orderId/messages) or its
 * seller (/dashboard/sales/:saleId/messages); and, read-only for an admin judging a report, a
 * reported product's (/dashboard/report/:productId/threads) and each of them (…/:bookingId).
 * The route decides the heading, the names and whether the reader can write.
 */
export function Component() {
  const { orderId, saleId, productId = '', bookingId } = useParams();
  if (orderId) return <BuyerThread bookingId={orderId} />;
  if (saleId) return <SellerThread bookingId={saleId} />;
  if (bookingId) return <ReportedThread productId={productId} bookingId={bookingId} />;
  return <ReportedThreads productId={productId} />;
}

/**
 * The two sides' conversation and heading load while the page's code and the guards are busy.
 * An admin arrives from the list of conversations, which has loaded the heading already.
 */
export function prefetch(queryClient: QueryClient, { orderId, saleId }: Params) {
  if (orderId) {
    void queryClient.prefetchQuery(threadQueryOptions(orderId));
    void queryClient.prefetchQuery(bookingQueryOptions(orderId));
  } else if (saleId) {
    void queryClient.prefetchQuery(threadQueryOptions(saleId));
    void queryClient.prefetchQuery(saleQueryOptions(saleId));
  }
}

function BuyerThread({ bookingId }: { bookingId: string }) {
  return (
    <SideThread
      bookingId={bookingId}
      reader="buyer"
      query={useBooking(bookingId)}
      other={(booking) => ({ name: booking.sellerName, phone: booking.sellerPhone })}
    />
  );
}

function SellerThread({ bookingId }: { bookingId: string }) {
  return (
    <SideThread
      bookingId={bookingId}
      reader="seller"
      query={useSale(bookingId)}
      other={(sale) => ({ name: sale.buyerName, phone: sale.buyerPhone })}
    />
  );
}

const LISTS: Record<BookingSide, { to: string; label: string }> = {
  buyer: { to: '/dashboard/orders', label: 'Back to My Orders' },
  seller: { to: '/dashboard/sales', label: 'Back to My Sales' },
};

/**
 * A side's conversation, headed by the laptop, where the booking stands and the other side's
 * name and phone as `reader`'s view of the booking gives them.
 */
function SideThread<Booking extends BookingState & { productName: string; productImg: string }>({
  bookingId,
  reader,
  query,
  other,
}: {
  bookingId: string;
  reader: BookingSide;
  query: UseQueryResult<Booking>;
  other: (booking: Booking) => { name: string | null; phone: string | null };
}) {
  return (
    <Loaded query={query} label="Loading the conversation">
      {(booking) => {
        const { name, phone } = other(booking);
        return (
          <ThreadView
            bookingId={bookingId}
            reader={reader}
            back={LISTS[reader]}
            heading={{
              title: booking.productName,
              image: booking.productImg,
              booking,
              names: reader === 'buyer' ? { seller: name } : { buyer: name },
              phone,
            }}
          />
        );
      }}
    </Loaded>
  );
}

function ReportedThread({ productId, bookingId }: { productId: string; bookingId: string }) {
  return (
    <Loaded query={useReportedThreads(productId)} label="Loading the conversation">
      {(threads) => {
        const thread = threads.find((summary) => summary.bookingId === bookingId);
        if (!thread) return <p className="text-error">Conversation not found</p>;
        return (
          <ThreadView
            bookingId={bookingId}
            reader={undefined}
            back={{ to: `/dashboard/report/${productId}/threads`, label: 'Back to conversations' }}
            heading={{
              title: `Conversation with ${thread.buyerName}`,
              booking: thread,
              names: { buyer: thread.buyerName },
            }}
          />
        );
      }}
    </Loaded>
  );
}

import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router';
import { uiMessages } from '@reloop/shared/messages';
import { BookingReview } from '../../../components/booking-review.tsx';
import { BookingCells, BookingContact } from '../../../components/booking-row.tsx';
import {
  cancellation,
  useBookingChange,
  type BookingChange,
} from '../../../components/booking-change.tsx';
import { ListPage } from '../../../components/list-page.tsx';
import type { ApiSchema } from '../../../lib/api-client.ts';
import { useAuth } from '../../../lib/auth.tsx';
import { usePageTitle } from '../../../lib/page-title.ts';
import { completeBooking, releaseFunds, useBookings } from '../api/bookings.ts';
import { ComplaintWindow } from '../components/complaint-window.tsx';
import { HandoverCode } from '../components/handover-code.tsx';

type Booking = ApiSchema<'Booking'>;

// Its form and the shared rules it checks load only when a buyer reports a problem.
const ComplaintDialog = lazy(() => import('../components/complaint-dialog.tsx'));

/**
 * The buyer confirming the handover, once paid, as the seller entering the code would: nobody
 * can cancel it after.
 */
const handover = (booking: Booking): BookingChange => ({
  bookingId: booking._id,
  send: completeBooking,
  action: 'Confirm handover',
  actionName: `Confirm handover of ${booking.productName}`,
  tone: 'btn-success',
  title: `Did you receive ${booking.productName}?`,
  consequence:
    'Confirm only once the laptop is in your hands: the booking can then no longer be cancelled. Reloop holds your payment a while longer, so you can check the laptop and report a problem.',
  confirmLabel: 'Confirm handover',
  dismissLabel: 'Not yet',
  succeeded: 'Handover confirmed',
});

/** Releasing the held payment early, the buyer's word that the laptop is as it should be. */
const release = (booking: Booking): BookingChange => ({
  bookingId: booking._id,
  send: releaseFunds,
  action: 'Release payment now',
  actionName: `Release the payment for ${booking.productName} now`,
  // Neutral, like the complaint beside it: daisyUI's light success is 1.8:1 as outline text, and
  // the early release should not look like the step the buyer is expected to take.
  tone: 'btn-outline',
  title: `Release your payment for ${booking.productName} to the seller?`,
  consequence:
    'The seller is paid now, and you can no longer report a problem with this laptop through Reloop.',
  confirmLabel: 'Release payment',
  dismissLabel: 'Not yet',
  succeeded: 'Payment released to the seller',
});

/**
 * /dashboard/orders: the buyer's bookings, where each stands and where its money is, the seller's
 * contact once paid, and what the state allows next (pay, cancel, show the handover code or
 * confirm the handover, then while the payment is held report a problem or release it, review
 * the seller, and talk to them).
 */
export function Component() {
  usePageTitle('My Orders');
  const { user } = useAuth();
  const bookings = useBookings(user?.email ?? '');
  const changes = useBookingChange();
  const [complaintAbout, setComplaintAbout] = useState<Booking | null>(null);
  return (
    <ListPage
      title="My Orders"
      list={bookings}
      loadingLabel="Loading orders"
      emptyText={uiMessages.noOrders}
      headers={['Image', 'Product', 'Seller', 'Meeting location', 'Status', 'Actions']}
      rowKey={(booking) => booking._id}
      renderRow={(booking) => (
        <BookingCells
          booking={booking}
          viewer="buyer"
          contact={
            booking.sellerName ? (
              <BookingContact
                caption="Seller"
                name={booking.sellerName}
                profileId={booking.sellerId}
                phone={booking.sellerPhone}
              />
            ) : (
              booking.status === 'unpaid' && (
                <span className="text-base-content/70 text-sm">Seller’s contact once paid</span>
              )
            )
          }
          meetingLocation={booking.buyerMeetingLocation}
          conversation={`/dashboard/orders/${booking._id}/messages`}
        >
          {booking.status === 'unpaid' && !booking.refundId && (
            <Link to={`/dashboard/payment/${booking._id}`} className="btn btn-sm btn-primary">
              Pay
            </Link>
          )}
          {booking.status === 'paid' && booking.handoverCode && (
            <HandoverCode code={booking.handoverCode} />
          )}
          {booking.status === 'paid' && changes.button(handover(booking))}
          {(booking.status === 'unpaid' || booking.status === 'paid') &&
            changes.button(cancellation('buyer', booking))}
          {booking.status === 'completed' && booking.funds === 'held' && booking.releaseAt && (
            <ComplaintWindow releaseAt={booking.releaseAt}>
              <button
                type="button"
                className="btn btn-sm btn-outline"
                aria-label={`Report a problem with ${booking.productName}`}
                onClick={() => setComplaintAbout(booking)}
              >
                Report a problem
              </button>
              {changes.button(release(booking))}
            </ComplaintWindow>
          )}
          {booking.funds === 'disputed' && (
            <p className="basis-full text-sm">
              Reloop’s team is looking into your complaint and answers in Messages; your payment
              stays held until they decide.
            </p>
          )}
          <BookingReview booking={booking} viewer="buyer" otherId={booking.sellerId} />
        </BookingCells>
      )}
    >
      {changes.dialog}
      {complaintAbout && (
        <Suspense fallback={null}>
          <ComplaintDialog booking={complaintAbout} onClose={() => setComplaintAbout(null)} />
        </Suspense>
      )}
    </ListPage>
  );
}

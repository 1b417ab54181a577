import { Link } from 'react-router';
import { uiMessages } from '@reloop/shared/messages';
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
import { completeBooking, useBookings } from '../api/bookings.ts';

type Booking = ApiSchema<'Booking'>;

/** Confirming the handover, the buyer's alone and once paid, makes the sale final. */
const handover = (booking: Booking): BookingChange => ({
  bookingId: booking._id,
  send: completeBooking,
  action: 'Confirm handover',
  actionName: `Confirm handover of ${booking.productName}`,
  tone: 'btn-success',
  title: `Did you receive ${booking.productName}?`,
  consequence:
    'Confirm only once the laptop is in your hands: the sale is then final and can no longer be cancelled or refunded.',
  confirmLabel: 'Confirm handover',
  dismissLabel: 'Not yet',
  succeeded: 'Handover confirmed',
});

/**
 * /dashboard/orders: the buyer's bookings, where each stands, the seller's contact once paid, and
 * what the state allows next (pay, cancel, confirm the handover, talk to the seller).
 */
export function Component() {
  usePageTitle('My Orders');
  const { user } = useAuth();
  const bookings = useBookings(user?.email ?? '');
  const changes = useBookingChange();
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
          {booking.status === 'paid' && changes.button(handover(booking))}
          {(booking.status === 'unpaid' || booking.status === 'paid') &&
            changes.button(cancellation('buyer', booking))}
        </BookingCells>
      )}
    >
      {changes.dialog}
    </ListPage>
  );
}

import { Link } from 'react-router';
import { uiMessages } from '@reloop/shared/messages';
import { ListPage, ThumbnailCell } from '../../../components/list-page.tsx';
import { useAuth } from '../../../lib/auth.tsx';
import { formatPrice } from '../../../lib/format.ts';
import { useBookings } from '../api/bookings.ts';
import { usePageTitle } from '../../../lib/page-title.ts';

/** /dashboard/orders: the buyer's bookings, with Pay for the unpaid ones. */
export function Component() {
  usePageTitle('My Orders');
  const { user } = useAuth();
  const bookings = useBookings(user?.email ?? '');
  return (
    <ListPage
      title="My Orders"
      list={bookings}
      loadingLabel="Loading orders"
      emptyText={uiMessages.noOrders}
      headers={['Image', 'Name', 'Price', 'Meeting location', 'Payment']}
      rowKey={(booking) => booking._id}
      renderRow={(booking) => (
        <>
          <ThumbnailCell src={booking.productImg} alt={booking.productName} />
          <td>{booking.productName}</td>
          <td>{formatPrice(booking.productPrice)}</td>
          <td>{booking.buyerMeetingLocation}</td>
          <td>
            {booking.refundId && (
              <span className="badge badge-info" title={`Refund ${booking.refundId}`}>
                refunded
              </span>
            )}
            {booking.status === 'unpaid' && !booking.refundId && (
              <Link to={`/dashboard/payment/${booking._id}`} className="btn btn-sm btn-primary">
                Pay
              </Link>
            )}
            {booking.status === 'paid' && (
              <button type="button" className="btn btn-sm" disabled>
                paid
              </button>
            )}
            {booking.status === 'closed' && !booking.refundId && (
              <span className="badge badge-ghost" title="Another buyer paid for this product first">
                sold out
              </span>
            )}
          </td>
        </>
      )}
    />
  );
}

import type { AdminBooking, BookingStatus, Funds } from '@reloop/shared';
import { ListPage, PhoneCaption, ThumbnailCell } from '../../../components/list-page.tsx';
import { UrlSearchForm, useUrlSearch } from '../../../components/url-search-form.tsx';
import { formatDate, formatPrice } from '../../../lib/format.ts';
import { usePageTitle } from '../../../lib/page-title.ts';
import { useBookingLookup, type BookingLookup } from '../api/bookings.ts';

/** The lookup's choices, kept in the URL beside its words (`?q=…&status=…&funds=…`). */
const CHOICES = {
  status: {
    label: 'Status',
    any: 'Any status',
    options: {
      unpaid: 'Unpaid',
      paid: 'Paid',
      completed: 'Completed',
      cancelled: 'Cancelled',
      closed: 'Closed',
    } satisfies Record<BookingStatus, string>,
  },
  funds: {
    label: 'Funds',
    any: 'Any funds',
    options: {
      none: 'None',
      held: 'Held',
      disputed: 'Disputed',
      released: 'Released',
      refunded: 'Refunded',
      split: 'Split',
    } satisfies Record<Funds, string>,
  },
};
const STATUSES = CHOICES.status.options;
const FUNDS = CHOICES.funds.options;

const REFUNDS = { refunding: 'Refunding', refunded: 'Refunded' };

/**
 * /dashboard/bookings (admin): every booking, newest first, narrowed by a booking's id or
 * words of its buyer's or seller's name or email, its status and where its money is — for
 * answering a buyer or a seller about an order. The lookup is kept in the URL.
 */
export function Component() {
  usePageTitle('Orders');
  const lookup: BookingLookup = useUrlSearch(CHOICES);
  const bookings = useBookingLookup(lookup);

  return (
    <ListPage
      title="Orders"
      intro={
        <UrlSearchForm
          label="Find bookings"
          wordsLabel="Booking id, name or email"
          idPrefix="orders"
          choices={CHOICES}
        />
      }
      list={bookings}
      loadingLabel="Loading bookings"
      emptyText="No bookings match"
      headers={['Image', 'Product', 'Buyer', 'Seller', 'Status', 'Refund', 'Dates']}
      rowKey={(booking) => booking._id}
      renderRow={(booking) => <BookingCells booking={booking} />}
    />
  );
}

function Party({ caption, name, email }: { caption: string; name: string; email: string }) {
  return (
    <td>
      <PhoneCaption>{caption}</PhoneCaption>
      <span className="block">{name}</span>
      <span className="text-base-content/70 block text-sm break-all">{email}</span>
    </td>
  );
}

function BookingCells({ booking }: { booking: AdminBooking }) {
  const { refund } = booking;
  return (
    <>
      <ThumbnailCell src={booking.product.image} alt={booking.product.name} />
      <td className="max-sm:w-full">
        <span className="block font-medium">{booking.product.name}</span>
        {formatPrice(booking.price)}
        <span className="text-base-content/70 block text-xs break-all">{booking._id}</span>
      </td>
      <Party caption="Buyer" name={booking.buyer.name} email={booking.buyer.email} />
      <Party caption="Seller" name={booking.seller.name} email={booking.seller.email} />
      <td>
        <PhoneCaption>Status</PhoneCaption>
        <span className="block">
          {STATUSES[booking.status]}
          {booking.status === 'cancelled' &&
            booking.cancelledBy &&
            ` by the ${booking.cancelledBy}`}
        </span>
        <span className="text-base-content/70 block text-sm">Funds: {FUNDS[booking.funds]}</span>
      </td>
      <td>
        <PhoneCaption>Refund</PhoneCaption>
        {refund ? (
          <>
            <span className="block">{REFUNDS[refund.status]}</span>
            {refund.amount !== null && <span className="block">{formatPrice(refund.amount)}</span>}
          </>
        ) : (
          <span className="text-base-content/70 text-sm">No refund</span>
        )}
      </td>
      <td className="text-sm whitespace-nowrap">
        <PhoneCaption>Dates</PhoneCaption>
        <span className="block">Booked {formatDate(booking.createdAt)}</span>
        {booking.paidAt && <span className="block">Paid {formatDate(booking.paidAt)}</span>}
        {booking.cancelledAt && (
          <span className="block">Cancelled {formatDate(booking.cancelledAt)}</span>
        )}
      </td>
    </>
  );
}

import type { FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import type { AdminBooking, BookingStatus, Funds } from '@reloop/shared';
import { ListPage, PhoneCaption, ThumbnailCell } from '../../../components/list-page.tsx';
import { formatDate, formatPrice } from '../../../lib/format.ts';
import { usePageTitle } from '../../../lib/page-title.ts';
import { useBookingLookup, type BookingLookup } from '../api/bookings.ts';

const STATUSES: Record<BookingStatus, string> = {
  unpaid: 'Unpaid',
  paid: 'Paid',
  completed: 'Completed',
  cancelled: 'Cancelled',
  closed: 'Closed',
};

const FUNDS: Record<Funds, string> = {
  none: 'None',
  held: 'Held',
  disputed: 'Disputed',
  released: 'Released',
  refunded: 'Refunded',
  split: 'Split',
};

const REFUNDS = { refunding: 'Refunding', refunded: 'Refunded' };

const oneOf = <Key extends string>(labels: Record<Key, string>, value: string | null) =>
  value !== null && Object.hasOwn(labels, value) ? (value as Key) : undefined;

/** The lookup the URL holds (`?q=…&status=…&funds=…`); unknown values are left out. */
function lookupFrom(params: URLSearchParams): BookingLookup {
  const q = params.get('q')?.trim();
  return {
    q: q || undefined,
    status: oneOf(STATUSES, params.get('status')),
    funds: oneOf(FUNDS, params.get('funds')),
  };
}

function paramsOf(lookup: BookingLookup): URLSearchParams {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(lookup)) if (value) params.set(name, value);
  return params;
}

/**
 * /dashboard/bookings (admin): every booking, newest first, narrowed by a booking's id or
 * words of its buyer's or seller's name or email, its status and where its money is — for
 * answering a buyer or a seller about an order. The lookup is kept in the URL.
 */
export function Component() {
  usePageTitle('Orders');
  const [searchParams, setSearchParams] = useSearchParams();
  const lookup = lookupFrom(searchParams);
  const bookings = useBookingLookup(lookup);

  const search = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const field = (name: string) => {
      const value = form.get(name);
      return typeof value === 'string' ? value : null;
    };
    setSearchParams(
      paramsOf({
        q: field('q')?.trim() || undefined,
        status: oneOf(STATUSES, field('status')),
        funds: oneOf(FUNDS, field('funds')),
      }),
    );
  };

  return (
    <ListPage
      title="Orders"
      intro={
        // A new URL (a search, Back) shows its own lookup in the form.
        <form
          key={paramsOf(lookup).toString()}
          role="search"
          aria-label="Find bookings"
          className="mb-6 flex flex-wrap items-end gap-3"
          onSubmit={search}
        >
          <div className="min-w-60 grow">
            <label htmlFor="orders-q" className="mb-1 block text-sm">
              Booking id, name or email
            </label>
            <input
              id="orders-q"
              name="q"
              type="search"
              maxLength={200}
              defaultValue={lookup.q ?? ''}
              className="input input-bordered w-full"
            />
          </div>
          <div>
            <label htmlFor="orders-status" className="mb-1 block text-sm">
              Status
            </label>
            <select
              id="orders-status"
              name="status"
              defaultValue={lookup.status ?? ''}
              className="select select-bordered"
            >
              <option value="">Any status</option>
              {Object.entries(STATUSES).map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </select>
          </div>
          <div>
            <label htmlFor="orders-funds" className="mb-1 block text-sm">
              Funds
            </label>
            <select
              id="orders-funds"
              name="funds"
              defaultValue={lookup.funds ?? ''}
              className="select select-bordered"
            >
              <option value="">Any funds</option>
              {Object.entries(FUNDS).map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </select>
          </div>
          <button type="submit" className="btn btn-primary">
            Search
          </button>
        </form>
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

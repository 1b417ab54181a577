import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { BookingSide } from '@reloop/shared';
import { formatDate, formatPrice } from '../lib/format.ts';
import { profilePath } from '../lib/profiles.ts';
import { BookingStatusBadges, PhoneLink, type BookingState } from './booking-details.tsx';
import { PhoneCaption, ThumbnailCell } from './list-page.tsx';

/** A booking as My Orders and My Sales list it. */
interface ListedBooking extends BookingState {
  productName: string;
  productImg: string;
  productPrice: number;
  note: string | null;
  timeWhenBooked: string;
  paidAt: string | null;
  completedAt: string | null;
  cancelledAt: string | null;
  unreadMessages: number;
}

/**
 * A booking's cells in My Orders (`viewer` buyer) and My Sales (seller), in the columns Image,
 * Product, the other side (`contact`), Meeting location, Status and Actions: `children`, what
 * the state allows, then the way to its `conversation`.
 */
export function BookingCells({
  booking,
  viewer,
  contact,
  meetingLocation,
  conversation,
  children,
}: {
  booking: ListedBooking;
  viewer: BookingSide;
  contact: ReactNode;
  meetingLocation: string;
  conversation: string;
  children?: ReactNode;
}) {
  const { productName, note, unreadMessages } = booking;
  return (
    <>
      <ThumbnailCell src={booking.productImg} alt={productName} />
      <td>
        <span className="block font-medium">{productName}</span>
        {formatPrice(booking.productPrice)}
      </td>
      <td>{contact}</td>
      <td>
        <PhoneCaption>Meeting location</PhoneCaption>
        <span className="block">{meetingLocation}</span>
        {note && (
          <p className="text-base-content/70 line-clamp-3 max-w-xs text-sm break-words">
            Note: {note}
          </p>
        )}
      </td>
      <td>
        <BookingStatusBadges booking={booking} viewer={viewer} />
        <BookingTimeline booking={booking} />
      </td>
      <td>
        <div className="flex flex-wrap gap-2">
          {children}
          <Link to={conversation} className="btn btn-sm btn-outline gap-1">
            Messages <span className="sr-only">about {productName}</span>
            {unreadMessages > 0 && (
              <>
                {' '}
                <span className="badge badge-sm badge-primary">
                  {unreadMessages} <span className="sr-only">unread</span>
                </span>
              </>
            )}
          </Link>
        </div>
      </td>
    </>
  );
}

/**
 * The other side of the booking: a name, leading to their profile when the server says who they
 * are (`profileId`), and a phone to call while the server gives one.
 */
export function BookingContact({
  caption,
  name,
  profileId,
  phone,
}: {
  caption: string;
  name: string;
  profileId: string | undefined;
  phone: string | null;
}) {
  return (
    <>
      <PhoneCaption>{caption}</PhoneCaption>
      {profileId ? (
        <Link to={profilePath(profileId)} className="link block">
          {name}
        </Link>
      ) : (
        <span className="block">{name}</span>
      )}
      {phone && <PhoneLink phone={phone} />}
    </>
  );
}

/** When the booking was made and each step it has taken since. */
function BookingTimeline({ booking }: { booking: ListedBooking }) {
  const steps: [string, string | null][] = [
    ['Booked', booking.timeWhenBooked],
    ['Paid', booking.paidAt],
    ['Handed over', booking.completedAt],
    ['Cancelled', booking.cancelledAt],
  ];
  return (
    <ul className="text-base-content/70 mt-1 text-sm">
      {steps.map(
        ([step, at]) =>
          at && (
            <li key={step}>
              {step} <time dateTime={at}>{formatDate(at)}</time>
            </li>
          ),
      )}
    </ul>
  );
}

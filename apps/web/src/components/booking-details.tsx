import type { BookingSide, BookingStatus } from '@reloop/shared';

/**
 * What every view of a booking shows alike (My Orders, My Sales, their conversation, an admin's
 * look at it): where it stands, and a phone to call.
 */
const STATUS_BADGES: Record<Exclude<BookingStatus, 'cancelled'>, [label: string, tone: string]> = {
  unpaid: ['Unpaid', 'badge-warning'],
  paid: ['Paid', 'badge-info'],
  completed: ['Handed over', 'badge-success'],
  closed: ['Sold to another buyer', 'badge-ghost'],
};

/** Who cancelled, in the words of `viewer`; an admin (no viewer) reads it plainly. */
function cancelledLabel(cancelledBy: BookingSide | null, viewer: BookingSide | undefined) {
  if (!cancelledBy || !viewer) return 'Cancelled';
  if (cancelledBy === viewer) return 'Cancelled by you';
  return `Cancelled by the ${cancelledBy}`;
}

/** Where a booking stands: what its badges show. */
export interface BookingState {
  status: BookingStatus;
  cancelledBy?: BookingSide | null;
  refundId?: string | null;
}

/** The booking's state, and its refund when its payment was refunded. */
export function BookingStatusBadges({
  booking,
  viewer,
}: {
  booking: BookingState;
  viewer?: BookingSide | undefined;
}) {
  const [label, tone] =
    booking.status === 'cancelled'
      ? [cancelledLabel(booking.cancelledBy ?? null, viewer), 'badge-error']
      : STATUS_BADGES[booking.status];
  return (
    <span className="inline-flex flex-wrap gap-1">
      <span className={`badge ${tone} whitespace-nowrap`}>{label}</span>
      {booking.refundId && (
        <span className="badge badge-outline" title={`Refund ${booking.refundId}`}>
          Refunded
        </span>
      )}
    </span>
  );
}

/** A phone number that a phone can call with a tap. */
export function PhoneLink({ phone }: { phone: string }) {
  return (
    <a href={`tel:${phone}`} className="link">
      {phone}
    </a>
  );
}

import type { BookingSide, BookingStatus, Funds } from '@reloop/shared';
import { formatWindowEnd } from '../lib/format.ts';

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
  /** Where its money is; a view without it tells only of a refund. */
  funds?: Funds;
}

/** The booking's state, and where its money is once paid. */
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
      <FundsBadge
        funds={booking.funds ?? (booking.refundId ? 'refunded' : 'none')}
        refundId={booking.refundId ?? null}
        viewer={viewer}
      />
    </span>
  );
}

const FUNDS_BADGES: Record<Exclude<Funds, 'none'>, [label: string, tone: string]> = {
  held: ['Payment held', 'badge-info'],
  disputed: ['Complaint open', 'badge-warning'],
  released: ['Paid to seller', 'badge-success'],
  refunded: ['Refunded', 'badge-neutral'],
  split: ['Partly refunded', 'badge-neutral'],
};

/**
 * Where a booking's money is (DESIGN §15), nothing while there is none; a refund names the
 * provider's refund. The seller reads released money as theirs. Outlined in its tone, apart from
 * the filled status badge, with the text in the page's own colour: the light theme's info,
 * success and warning as text on white (and the dark theme's neutral on its surfaces) fall
 * under WCAG AA's 4.5:1.
 */
export function FundsBadge({
  funds,
  refundId,
  viewer,
}: {
  funds: Funds;
  refundId: string | null;
  viewer?: BookingSide | undefined;
}) {
  if (funds === 'none') return null;
  const [label, tone] =
    funds === 'released' && viewer === 'seller'
      ? ['Released to you', 'badge-success']
      : FUNDS_BADGES[funds];
  return (
    <span
      className={`badge badge-outline ${tone} text-base-content whitespace-nowrap`}
      title={refundId ? `Refund ${refundId}` : undefined}
    >
      {label}
    </span>
  );
}

/** When held money goes to the seller, in words: "Sunday 14:00". */
export function ReleaseTime({ at }: { at: string }) {
  return <time dateTime={at}>{formatWindowEnd(at)}</time>;
}

/** A phone number that a phone can call with a tap. */
export function PhoneLink({ phone }: { phone: string }) {
  return (
    <a href={`tel:${phone}`} className="link">
      {phone}
    </a>
  );
}

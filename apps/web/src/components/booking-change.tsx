import type { BookingSide } from '@reloop/shared';
import { cancelBooking, useBookingMutation } from '../lib/bookings.ts';
import { formatPrice } from '../lib/format.ts';
import { toastOutcome } from '../lib/mutation-toasts.ts';
import { ConfirmDialog, useConfirmedAction } from './confirm-dialog.tsx';

/** A change to a booking's state (cancel, confirm the handover): its button and its dialog. */
export interface BookingChange {
  bookingId: string;
  send: (bookingId: string) => Promise<unknown>;
  /** The button's text, and its name for screen readers, which says which laptop. */
  action: string;
  actionName: string;
  /** The button's daisyUI colour classes. */
  tone: string;
  title: string;
  consequence: string;
  confirmLabel: string;
  dismissLabel: string;
  /** The toast once the server has made the change. */
  succeeded: string;
}

/**
 * Cancelling, in the words of the side that cancels: the seller declines an unpaid booking and
 * cancels a paid sale. The server decides who may in which state; a paid booking is refunded and
 * its laptop listed again.
 */
export function cancellation(
  side: BookingSide,
  booking: { _id: string; productName: string; productPrice: number; status: string },
): BookingChange {
  const { productName } = booking;
  const common = {
    bookingId: booking._id,
    send: cancelBooking,
    action: 'Cancel',
    tone: 'btn-outline btn-error',
  };
  const paid = booking.status === 'paid';
  if (side === 'seller' && !paid) {
    return {
      ...common,
      action: 'Decline',
      actionName: `Decline the booking of ${productName}`,
      title: `Decline the booking of ${productName}?`,
      consequence: 'The buyer is told, and the laptop stays on sale for other buyers.',
      confirmLabel: 'Decline booking',
      dismissLabel: 'Keep booking',
      succeeded: 'Booking declined',
    };
  }
  if (side === 'seller') {
    return {
      ...common,
      actionName: `Cancel the sale of ${productName}`,
      title: `Cancel the sale of ${productName}?`,
      consequence: 'The buyer’s payment will be refunded and the laptop listed again.',
      confirmLabel: 'Cancel sale',
      dismissLabel: 'Keep sale',
      succeeded: 'Sale cancelled; the buyer’s payment will be refunded',
    };
  }
  return {
    ...common,
    actionName: `Cancel booking of ${productName}`,
    title: `Cancel your booking of ${productName}?`,
    consequence: paid
      ? `Your payment of ${formatPrice(booking.productPrice)} will be refunded and the laptop listed again.`
      : 'The seller is told, and the laptop stays on sale for other buyers.',
    confirmLabel: 'Cancel booking',
    dismissLabel: 'Keep booking',
    succeeded: paid ? 'Booking cancelled; your payment will be refunded' : 'Booking cancelled',
  };
}

/**
 * Changing a booking after confirmation, from My Orders or My Sales: `button(change)` asks, and
 * the returned `dialog`, which the screen renders, confirms. The buttons wait while a change is
 * on its way; every view of bookings is refetched once the server has answered, and its refusal
 * is toasted.
 */
export function useBookingChange() {
  const mutation = useBookingMutation((change: BookingChange) => change.send(change.bookingId));
  const confirmation = useConfirmedAction<BookingChange>((change, close) =>
    mutation.mutate(change, { ...toastOutcome(change.succeeded), onSettled: close }),
  );
  const change = confirmation.pending;
  const dialog = change && (
    <ConfirmDialog
      open
      title={change.title}
      message={change.consequence}
      confirmLabel={change.confirmLabel}
      dismissLabel={change.dismissLabel}
      busy={mutation.isPending}
      onConfirm={confirmation.confirm}
      onCancel={confirmation.cancel}
    />
  );
  const button = (asked: BookingChange) => (
    <button
      type="button"
      className={`btn btn-sm ${asked.tone}`}
      aria-label={asked.actionName}
      disabled={mutation.isPending}
      onClick={() => confirmation.ask(asked)}
    >
      {asked.action}
    </button>
  );
  return { button, dialog };
}

import { useEffect, useRef, useState } from 'react';
import { LuBell } from 'react-icons/lu';
import { Link } from 'react-router';
import { UNREAD_COUNTED_UP_TO, type Notification, type NotificationKind } from '@reloop/shared';
import { errorMessage } from '../../../lib/api-client.ts';
import { useAuth } from '../../../lib/auth.tsx';
import { formatTimeAgo } from '../../../lib/format.ts';
import { useLiveEvents } from '../../../lib/live-events.ts';
import { profilePath } from '../../../lib/profiles.ts';
import { useMarkNotificationsRead, useNotifications } from '../api/notifications.ts';

const PANEL_ID = 'notifications-panel';

/** Each kind's text, about the product and, where it matters, in the words of the user's side. */
const TEXTS: Record<NotificationKind, (notice: Notification) => string> = {
  booked: ({ productName }) => `New booking: ${productName}`,
  paid: ({ productName }) => `${productName} was paid`,
  message: ({ productName }) => `New message about ${productName}`,
  cancelled: ({ productName }) => `Booking cancelled: ${productName}`,
  completed: ({ productName }) => `Handover confirmed: ${productName}`,
  disputed: ({ productName }) => `A problem was reported: ${productName}`,
  resolved: ({ productName }) => `Complaint decided: ${productName}`,
  released: ({ productName }) => `Payment released: ${productName}`,
  paid_out: ({ productName }) => `Paid out: ${productName}`,
  review_invited: ({ productName, side }) =>
    `How did it go? Review the ${side === 'buyer' ? 'seller' : 'buyer'}: ${productName}`,
  reviewed: ({ productName }) => `A review of you is now on your profile: ${productName}`,
  price_dropped: ({ productName }) => `Price drop on a laptop you watch: ${productName}`,
  listing_sold: ({ productName }) => `A laptop you watch was sold: ${productName}`,
  search_match: ({ productName, searchName }) =>
    searchName === null
      ? `New match for a saved search: ${productName}`
      : `New match for “${searchName}”: ${productName}`,
  question: ({ productName }) => `New message about ${productName}, before booking`,
  account_suspended: () => 'An admin suspended your account: the email we sent says why',
};

const LISTS = { buyer: '/dashboard/orders', seller: '/dashboard/sales' } as const;

/**
 * A question leads to its conversation before booking, a listing's notice to the listing. A
 * message leads to its conversation, and so does a complaint, which is the conversation's latest
 * message; the seller's money to the earnings; a review shown to the user's own profile
 * (`userId`); anything else to the list it changed, where an invitation's review is written.
 */
function destination(
  { kind, side, bookingId, productId, questionId }: Notification,
  userId: string,
) {
  if (kind === 'question') return `/dashboard/questions/${questionId}`;
  if (kind === 'account_suspended') return '/dashboard/settings';
  if (side === null) return `/product/${productId}`;
  if (kind === 'message' || kind === 'disputed') return `${LISTS[side]}/${bookingId}/messages`;
  if (kind === 'released' || kind === 'paid_out') return '/dashboard/earnings';
  if (kind === 'reviewed') return profilePath(userId);
  return LISTS[side];
}

/** The server counts up to UNREAD_COUNTED_UP_TO; that many means at least as many. */
const countText = (count: number) =>
  count >= UNREAD_COUNTED_UP_TO ? `${UNREAD_COUNTED_UP_TO - 1}+` : String(count);

const plural = (count: number, noun: string) =>
  `${countText(count)} ${noun}${count === 1 ? '' : 's'}`;

/**
 * The navbar's bell (signed-in users): how many notifications are unread, and a panel with the
 * latest. Opening it marks them read; those that were unread stay emphasised while it is open.
 * Escape, a click outside or leaving it by keyboard closes it. Lucide's icon rather than
 * Feather's: every Feather icon any page uses ships in the first bundle with the navbar's own.
 */
export default function NotificationBell() {
  const userId = useAuth().user?.uid ?? '';
  // The bell is on every signed-in page, once per tab: the tab's live events start with it.
  useLiveEvents(userId);
  const notifications = useNotifications();
  const markRead = useMarkNotificationsRead();
  const [open, setOpen] = useState(false);
  const [unreadWhenOpened, setUnreadWhenOpened] = useState<ReadonlySet<string>>(new Set());
  const container = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const unread = notifications.data?.unread ?? 0;
  const unreadMessages = notifications.data?.unreadMessages ?? 0;

  useEffect(() => {
    if (!open) return;
    const closeOutside = (event: PointerEvent) => {
      if (!container.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', closeOutside);
    return () => document.removeEventListener('pointerdown', closeOutside);
  }, [open]);

  const toggle = () => {
    if (open) {
      setOpen(false);
      return;
    }
    const latest = notifications.data?.notifications ?? [];
    setUnreadWhenOpened(new Set(latest.filter((item) => !item.read).map((item) => item._id)));
    setOpen(true);
    if (unread > 0) markRead.mutate();
  };

  let panelBody;
  if (notifications.isPending) panelBody = <p className="p-4 text-sm">Loading…</p>;
  else if (notifications.isError) {
    panelBody = <p className="text-error p-4 text-sm">{errorMessage(notifications.error)}</p>;
  } else if (notifications.data.notifications.length === 0) {
    panelBody = <p className="text-base-content/70 p-4 text-sm">No notifications yet</p>;
  } else {
    panelBody = (
      <ul className="menu w-full p-1">
        {notifications.data.notifications.map((item) => {
          const emphasised = !item.read || unreadWhenOpened.has(item._id);
          return (
            <li key={item._id}>
              <Link
                to={destination(item, userId)}
                className="flex flex-col items-start gap-0"
                onClick={() => setOpen(false)}
              >
                <span className={emphasised ? 'font-semibold' : ''}>
                  {emphasised && <span className="sr-only">Unread: </span>}
                  {TEXTS[item.kind](item)}
                </span>
                <time dateTime={item.createdAt} className="text-base-content/70 text-xs">
                  {formatTimeAgo(item.createdAt)}
                </time>
              </Link>
            </li>
          );
        })}
      </ul>
    );
  }

  return (
    <div
      ref={container}
      className="relative"
      onKeyDown={(event) => {
        if (event.key !== 'Escape' || !open) return;
        setOpen(false);
        button.current?.focus();
      }}
      onBlur={(event) => {
        // Tabbing out closes it; a click outside is the pointerdown listener's.
        const next = event.relatedTarget;
        if (next && !event.currentTarget.contains(next)) setOpen(false);
      }}
    >
      <button
        ref={button}
        type="button"
        className="btn btn-ghost btn-circle"
        aria-label={unread > 0 ? `Notifications, ${countText(unread)} unread` : 'Notifications'}
        aria-expanded={open}
        aria-controls={PANEL_ID}
        onClick={toggle}
      >
        <span className="indicator">
          <LuBell size={20} aria-hidden="true" />
          {unread > 0 && (
            <span className="indicator-item badge badge-primary badge-xs" aria-hidden="true">
              {countText(unread)}
            </span>
          )}
        </span>
      </button>
      {open && (
        <div
          id={PANEL_ID}
          role="region"
          aria-label="Notifications"
          className="bg-base-100 border-base-300 rounded-box absolute right-0 z-40 mt-2 w-80 border shadow-lg max-sm:fixed max-sm:inset-x-2 max-sm:top-16 max-sm:w-auto"
        >
          <div className="border-base-300 flex items-baseline justify-between gap-2 border-b px-4 py-3">
            <h2 className="font-bold">Notifications</h2>
            {unreadMessages > 0 && (
              <span className="text-base-content/70 text-sm">
                {plural(unreadMessages, 'unread message')}
              </span>
            )}
          </div>
          <div className="max-h-96 overflow-y-auto">{panelBody}</div>
        </div>
      )}
    </div>
  );
}

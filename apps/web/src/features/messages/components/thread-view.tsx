import { Link } from 'react-router';
import type { BookingSide } from '@reloop/shared';
import {
  BookingStatusBadges,
  PhoneLink,
  type BookingState,
} from '../../../components/booking-details.tsx';
import { usePageTitle } from '../../../lib/page-title.ts';
import { useSendMessage, useThread } from '../api/thread.ts';
import { MessageComposer } from './message-composer.tsx';
import { MessageList, SIDE_NAMES, type PartyNames } from './message-list.tsx';

/** What heads a conversation: the booking, as whoever reads it sees it. */
export interface ThreadHeading {
  title: string;
  image?: string | undefined;
  booking: BookingState;
  /** The sides' names where the reader knows them: over the messages, and in the heading. */
  names: PartyNames;
  /** The other side's phone, while the reader may call them. */
  phone?: string | null | undefined;
}

const otherSide = (side: BookingSide): BookingSide => (side === 'buyer' ? 'seller' : 'buyer');

/**
 * One booking's conversation, for its buyer, its seller (`reader`) or an admin (none, and
 * read-only). The two sides see new messages as they come and can write until the product went
 * to another buyer.
 */
export function ThreadView({
  bookingId,
  reader,
  heading,
  back,
}: {
  bookingId: string;
  reader: BookingSide | undefined;
  heading: ThreadHeading;
  back: { to: string; label: string };
}) {
  usePageTitle(`Messages: ${heading.title}`);
  const other = reader && otherSide(reader);
  const otherName = other && heading.names[other];
  const closed = heading.booking.status === 'closed';
  const thread = useThread(bookingId, reader !== undefined && !closed);
  const send = useSendMessage(bookingId);
  return (
    <section className="max-w-3xl">
      <Link to={back.to} className="link mb-4 inline-block">
        ← {back.label}
      </Link>
      <header className="mb-4 flex flex-wrap items-center gap-4">
        {heading.image && (
          <img src={heading.image} alt="" className="h-16 w-20 rounded object-cover" />
        )}
        <div className="min-w-0">
          <h1 className="text-2xl font-bold break-words">{heading.title}</h1>
          <BookingStatusBadges booking={heading.booking} viewer={reader} />
          {other && otherName && (
            <p className="mt-1">
              <span className="text-base-content/70">{SIDE_NAMES[other]}: </span>
              {otherName}
              {heading.phone && (
                <>
                  {' · '}
                  <PhoneLink phone={heading.phone} />
                </>
              )}
            </p>
          )}
        </div>
      </header>
      <MessageList thread={thread} reader={reader} names={heading.names} />
      {reader &&
        (closed ? (
          <p role="status" className="alert mt-4">
            This conversation is closed: the laptop was sold to another buyer.
          </p>
        ) : (
          <MessageComposer send={send.mutateAsync} />
        ))}
    </section>
  );
}

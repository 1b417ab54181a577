import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router';
import type { BookingSide, OwnReview } from '@reloop/shared';
import { REVIEW_WINDOW_DAYS } from '@reloop/shared/limits';
import { formatWindowEnd } from '../lib/format.ts';
import { profilePath } from '../lib/profiles.ts';

// Its form and the shared rules it checks load only when someone writes a review.
const ReviewDialog = lazy(() => import('./review-dialog.tsx'));

/** A booking as its review prompt needs it. */
interface ReviewedBooking {
  _id: string;
  productName: string;
  /** Until when the user may review the other side; null once they have, or too late. */
  reviewUntil?: string | null | undefined;
  myReview?: OwnReview | null | undefined;
}

/**
 * A handed-over booking's review (DESIGN §16), in a row of My Orders (`viewer` buyer) or My Sales
 * (seller): while the window is open, the way to review the other side; once reviewed, the stars
 * given and whether they are shown yet, with the way to the other side's profile (`otherId`)
 * once they are. Nothing otherwise.
 */
export function BookingReview({
  booking,
  viewer,
  otherId,
}: {
  booking: ReviewedBooking;
  viewer: BookingSide;
  otherId: string | undefined;
}) {
  const [writing, setWriting] = useState(false);
  const subject: BookingSide = viewer === 'buyer' ? 'seller' : 'buyer';
  const { myReview, reviewUntil } = booking;
  if (myReview) {
    return (
      <p className="basis-full text-sm">
        You rated them{' '}
        <span role="img" aria-label={`${myReview.rating} out of 5 stars`}>
          ★{myReview.rating}
        </span>
        .{' '}
        {myReview.revealed
          ? otherId && (
              <Link to={profilePath(otherId)} className="link">
                See it on their profile
              </Link>
            )
          : `Shown when they review you too, or when the ${REVIEW_WINDOW_DAYS} days are over.`}
      </p>
    );
  }
  if (!reviewUntil) return null;
  return (
    <>
      <p className="basis-full text-sm">
        How did it go? You can review the {subject} until{' '}
        <time dateTime={reviewUntil}>{formatWindowEnd(reviewUntil)}</time>.
      </p>
      <button
        type="button"
        className="btn btn-sm btn-primary"
        aria-label={`Review the ${subject} of ${booking.productName}`}
        onClick={() => setWriting(true)}
      >
        Review the {subject}
      </button>
      {writing && (
        <Suspense fallback={null}>
          <ReviewDialog booking={booking} subject={subject} onClose={() => setWriting(false)} />
        </Suspense>
      )}
    </>
  );
}

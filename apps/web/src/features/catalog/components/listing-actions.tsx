import { useState } from 'react';
import { LuFlag, LuHeart } from 'react-icons/lu';
import { Link, useLocation } from 'react-router';
import type { Product, ProductDetail } from '@reloop/shared';
import { useAuth } from '../../../lib/auth.tsx';
import { toastOutcome } from '../../../lib/mutation-toasts.ts';
import { useReportedIds } from '../api/report-product.ts';
import { useSetWatched, useWatchedIds } from '../api/watchlist.ts';
// In this chunk rather than one of its own: a card's actions load after the first paint, and
// every chunk counts against the 64 the hash can number (vite.config.ts).
import ReportDialog from './report-dialog.tsx';

/**
 * Flags a listing for the admins (signed-in users only): it opens the report dialog, which asks
 * the reason; once this user has reported it, it says so instead. Each person reports a listing
 * once, so someone else's report leaves the button to them (docs/spec-deviations.md).
 */
export function ReportButton({ product }: { product: Pick<Product, '_id' | 'name'> }) {
  const [reporting, setReporting] = useState(false);
  const reportedIds = useReportedIds(true);
  // Without the user's reports (an error), the button stays: a second report is refused kindly.
  if (reportedIds.isPending) return null;
  const reported = reportedIds.data?.has(product._id) ?? false;
  return (
    <>
      {reported ? (
        <button type="button" className="btn btn-ghost btn-sm" disabled>
          <LuFlag aria-hidden="true" /> reported
        </button>
      ) : (
        <button
          type="button"
          className="btn btn-ghost btn-sm"
          onClick={() => setReporting(true)}
          title="Report this listing to the admins"
        >
          <LuFlag aria-hidden="true" /> Report
        </button>
      )}
      {/* Open until closed, also once a refusal (reported already) turned the button. */}
      {reporting && <ReportDialog product={product} onClose={() => setReporting(false)} />}
    </>
  );
}

/** A visitor's way to booking: the login page, which comes back here afterwards. */
export function LogInToBookLink({ className }: { className: string }) {
  const location = useLocation();
  return (
    <Link to="/login" state={{ from: location }} className={className}>
      Log in to book
    </Link>
  );
}

/**
 * "Ask the seller" (DESIGN §17): anyone but the listing's seller, while it is for sale, asks
 * without booking; a visitor signs in first and comes back here.
 */
export function AskSellerAction({
  listing,
  onAsk,
}: {
  listing: Pick<ProductDetail, 'sellerId' | 'status'>;
  onAsk: () => void;
}) {
  const { user, loading } = useAuth();
  const location = useLocation();
  if (loading || listing.status === 'sold' || user?.uid === listing.sellerId) return null;
  if (!user) {
    return (
      <Link to="/login" state={{ from: location }} className="btn btn-outline">
        Log in to ask the seller
      </Link>
    );
  }
  return (
    <button type="button" className="btn btn-outline" onClick={onAsk}>
      Ask the seller
    </button>
  );
}

/**
 * The heart (DESIGN §17): watching a listing tells its watcher when its price drops or it sells.
 * For anyone signed in but its seller (a card does not know its seller: the server refuses a
 * seller's own listing with its reason); a visitor signs in first and comes back here.
 */
export function WatchButton({
  listing,
}: {
  listing: Pick<ProductDetail, '_id'> & Partial<Pick<ProductDetail, 'sellerId'>>;
}) {
  const { user, loading } = useAuth();
  const location = useLocation();
  const mine = user !== null && user.uid === listing.sellerId;
  const watched = useWatchedIds(Boolean(user) && !mine);
  const setWatched = useSetWatched(listing._id);
  if (loading || mine) return null;
  if (!user) {
    return (
      <Link
        to="/login"
        state={{ from: location }}
        className="btn btn-ghost btn-sm"
        title="Log in to be told when its price drops or it sells"
      >
        <LuHeart aria-hidden="true" /> Watch
      </Link>
    );
  }
  if (watched.data === undefined) return null;
  const watching = watched.data.has(listing._id);
  return (
    <button
      type="button"
      className="btn btn-ghost btn-sm"
      aria-pressed={watching}
      disabled={setWatched.isPending}
      onClick={() =>
        setWatched.mutate(
          !watching,
          toastOutcome(
            watching
              ? 'No longer watching this listing'
              : 'Watching: you will hear when its price drops or it sells',
          ),
        )
      }
      title="Be told when its price drops or it sells"
    >
      <LuHeart aria-hidden="true" className={watching ? 'fill-current text-error' : undefined} />
      {watching ? 'Watching' : 'Watch'}
    </button>
  );
}

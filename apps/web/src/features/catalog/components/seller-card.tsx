import { Link } from 'react-router';
import type { ProductDetail } from '@reloop/shared';
import { uiMessages } from '@reloop/shared/messages';
import { RatingSummary, VerifiedBadge } from '../../../components/reputation.tsx';
import { profilePath } from '../../../lib/profiles.ts';
import { formatMonthYear, formatPrice } from '../../../lib/format.ts';
import { useOtherListings } from '../api/get-seller-listings.ts';

/**
 * Who sells a listing: name (leading to their profile), whether verified, how they are rated,
 * since when, and what else they have for sale.
 */
export function SellerCard({ listing }: { listing: ProductDetail }) {
  const sellerName = listing.sellerName || uiMessages.displayNameFallback;
  return (
    <section aria-labelledby="seller-title" className="card bg-base-200">
      <div className="card-body gap-3">
        <h2 id="seller-title" className="text-base-content/70 text-sm font-semibold uppercase">
          Seller
        </h2>
        <p className="flex flex-wrap items-center gap-2 text-lg font-bold">
          <Link to={profilePath(listing.sellerId)} className="link">
            {sellerName}
          </Link>
          {listing.sellerVerified && <VerifiedBadge />}
          <RatingSummary rating={listing.sellerRating} />
        </p>
        <p className="text-base-content/80 text-sm">
          Member since {formatMonthYear(listing.sellerSince)}
        </p>
        <h3 className="mt-2 font-semibold">More from {sellerName}</h3>
        <OtherListings sellerId={listing.sellerId} productId={listing._id} />
      </div>
    </section>
  );
}

function OtherListings({ sellerId, productId }: { sellerId: string; productId: string }) {
  const others = useOtherListings(sellerId, productId);
  if (others.isPending) {
    return (
      <div role="status" className="grid gap-2">
        <span className="sr-only">Loading the seller&apos;s other listings</span>
        <div className="skeleton h-14" aria-hidden="true" />
        <div className="skeleton h-14" aria-hidden="true" />
      </div>
    );
  }
  if (others.isError) {
    return (
      <p className="text-error text-sm">The seller&apos;s other listings could not be loaded.</p>
    );
  }
  if (others.data.length === 0) {
    return <p className="text-base-content/70 text-sm">Nothing else for sale right now.</p>;
  }
  return (
    <ul className="grid grid-cols-1 gap-2">
      {others.data.map((other) => (
        <li key={other._id}>
          <Link
            to={`/product/${other._id}`}
            className="rounded-field hover:bg-base-300 flex items-center gap-3 p-1"
          >
            <img
              src={other.imgUrl}
              alt=""
              className="h-12 w-16 shrink-0 rounded object-cover"
              loading="lazy"
            />
            <span className="min-w-0 flex-1 truncate">{other.name}</span>
            <span className="font-semibold">{formatPrice(other.resalePrice)}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}

// Lucide, not Feather: see listing-details.tsx.
import { LuCalendar, LuClock, LuMapPin, LuUser } from 'react-icons/lu';
import { Link } from 'react-router';
import type { Listing } from '@reloop/shared';
import { uiMessages } from '@reloop/shared/messages';
import { RatingSummary, VerifiedBadge } from '../../../components/reputation.tsx';
import { ResponsiveImage } from '../../../components/responsive-image.tsx';
import { useAuth } from '../../../lib/auth.tsx';
import { formatPrice, formatTimeAgo } from '../../../lib/format.ts';
import { imageSizes } from '../../../lib/image-variants.ts';
import { LogInToBookLink, ReportButton, WatchButton } from './listing-actions.tsx';
import { ListingFact } from './listing-details.tsx';

export type ProductHeadingLevel = 2 | 3;

/**
 * One listing with everything a buyer weighs up, plus Book Now, Watch and Report. Its photo and
 * title lead to the listing's own page. A sold one (on the watchlist) says so instead of Book Now.
 */
export function ProductCard({
  product,
  headingLevel,
  onBook,
  imageLoading,
}: {
  product: Listing;
  headingLevel: ProductHeadingLevel;
  onBook: (product: Listing) => void;
  imageLoading: 'eager' | 'lazy';
}) {
  const Title = headingLevel === 2 ? 'h2' : 'h3';
  const { user } = useAuth();
  const listingPath = `/product/${product._id}`;

  return (
    <article className="card bg-base-100 border-base-300 border shadow-sm">
      <figure className="bg-base-200 aspect-[4/3]">
        {/* Out of the tab order: the title's link, right below, goes to the same page. */}
        <Link to={listingPath} tabIndex={-1} className="h-full w-full">
          <ResponsiveImage
            src={product.imgUrl}
            sizes={imageSizes.card}
            alt={product.name}
            className="h-full w-full object-cover"
            loading={imageLoading}
          />
        </Link>
      </figure>
      <div className="card-body gap-3">
        <Title className="card-title text-lg">
          <Link to={listingPath} className="link-hover">
            {product.name}
          </Link>
        </Title>
        <div className="flex flex-wrap items-baseline gap-x-3">
          <span className="text-primary text-2xl font-bold">
            {formatPrice(product.resalePrice)}
          </span>
          <span className="text-base-content/60 line-through" aria-label="Original price">
            {formatPrice(product.originalPrice)}
          </span>
          <span className="badge badge-ghost capitalize">{product.condition}</span>
        </div>
        <ul className="text-base-content/80 grid gap-1 text-sm">
          <ListingFact icon={LuCalendar}>Bought in {product.yearOfUse}</ListingFact>
          <ListingFact icon={LuMapPin}>{product.location}</ListingFact>
          <ListingFact icon={LuClock}>Posted {formatTimeAgo(product.timeWhenPost)}</ListingFact>
          <ListingFact icon={LuUser}>
            {product.sellerName || uiMessages.displayNameFallback}
            {product.sellerVerified && <VerifiedBadge />}
            <RatingSummary rating={product.sellerRating} />
          </ListingFact>
        </ul>
        <p className="text-base-content/80 text-sm">{product.description}</p>
        <div className="card-actions mt-auto items-center justify-between">
          {/* Reporting is for signed-in users; visitors are asked to log in to watch or book. */}
          <div className="flex flex-wrap gap-1">
            <WatchButton listing={product} />
            {user && <ReportButton product={product} />}
          </div>
          {product.status === 'sold' ? (
            <span className="badge badge-neutral ml-auto">Sold</span>
          ) : user ? (
            <button
              type="button"
              className="btn btn-primary ml-auto"
              onClick={() => onBook(product)}
            >
              Book Now
            </button>
          ) : (
            <LogInToBookLink className="btn btn-outline btn-primary ml-auto" />
          )}
        </div>
      </div>
    </article>
  );
}

import { FiCalendar, FiCheckCircle, FiClock, FiFlag, FiMapPin, FiUser } from 'react-icons/fi';
import { Link, useLocation } from 'react-router';
import type { Product } from '@reloop/shared';
import { uiMessages } from '@reloop/shared/messages';
import { useAuth } from '../../../lib/auth.tsx';
import { formatPrice, formatTimeAgo } from '../../../lib/format.ts';
import { toastOutcome } from '../../../lib/mutation-toasts.ts';
import { useReportProduct } from '../api/report-product.ts';

export type ProductHeadingLevel = 2 | 3;

/** One listing with everything a buyer weighs up, plus Book Now and Report. */
export function ProductCard({
  product,
  headingLevel,
  onBook,
  imageLoading,
}: {
  product: Product;
  headingLevel: ProductHeadingLevel;
  onBook: (product: Product) => void;
  imageLoading: 'eager' | 'lazy';
}) {
  const Title = headingLevel === 2 ? 'h2' : 'h3';
  const { user } = useAuth();
  const location = useLocation();
  const report = useReportProduct();

  const onReport = () => report.mutate(product._id, toastOutcome(uiMessages.reportSucceeded));

  return (
    <article className="card bg-base-100 border-base-300 border shadow-sm">
      <figure className="bg-base-200 aspect-[4/3]">
        <img
          src={product.imgUrl}
          alt={product.name}
          className="h-full w-full object-cover"
          loading={imageLoading}
        />
      </figure>
      <div className="card-body gap-3">
        <Title className="card-title text-lg">{product.name}</Title>
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
          <li className="flex items-center gap-2">
            <FiCalendar aria-hidden="true" /> Bought in {product.yearOfUse}
          </li>
          <li className="flex items-center gap-2">
            <FiMapPin aria-hidden="true" /> {product.location}
          </li>
          <li className="flex items-center gap-2">
            <FiClock aria-hidden="true" /> Posted {formatTimeAgo(product.timeWhenPost)}
          </li>
          <li className="flex items-center gap-2">
            <FiUser aria-hidden="true" /> {product.sellerName || uiMessages.displayNameFallback}
            {product.sellerVerified && (
              <span className="badge badge-info badge-sm gap-1 font-medium">
                <FiCheckCircle aria-hidden="true" /> verified
              </span>
            )}
          </li>
        </ul>
        <p className="text-base-content/80 text-sm">{product.description}</p>
        <div className="card-actions mt-auto items-center justify-between">
          {/* Reporting is for signed-in users; visitors see only "Log in to book". */}
          {!user ? null : product.report ? (
            <button type="button" className="btn btn-ghost btn-sm" disabled>
              <FiFlag aria-hidden="true" /> reported
            </button>
          ) : (
            <button
              type="button"
              className="btn btn-ghost btn-sm"
              onClick={onReport}
              disabled={report.isPending}
              title="Report this listing to the admins"
            >
              <FiFlag aria-hidden="true" /> Report
            </button>
          )}
          {user ? (
            <button
              type="button"
              className="btn btn-primary ml-auto"
              onClick={() => onBook(product)}
            >
              Book Now
            </button>
          ) : (
            <Link
              to="/login"
              state={{ from: location }}
              className="btn btn-outline btn-primary ml-auto"
            >
              Log in to book
            </Link>
          )}
        </div>
      </div>
    </article>
  );
}
